import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './system';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const;

/**
 * Work done in the background by whichever server instance claims it first (core/jobs, docs/decisions.md
 * "One job runner"): exports, imports, effective-dated changes, scheduled recomputations. A running job holds
 * a lease that its runner renews; a lease left to expire (the instance died) is taken back and the job runs
 * again, or fails once its attempts are spent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: text({ enum: JOB_STATUSES }).notNull().default('queued'),
    /** Not before: a retry's back-off or an effective date. */
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    leaseOwner: text(),
    leaseExpiresAt: timestamp({ withTimezone: true }),
    /** Set by a cancel while the job runs; the job stops at its next checkpoint. */
    cancelRequestedAt: timestamp({ withTimezone: true }),
    progressDone: integer().notNull().default(0),
    progressTotal: integer(),
    progressNote: text(),
    result: jsonb(),
    error: text(),
    /** One job per key, ever: a schedule's slot (`schedule:<name>:<slot>`), or a caller's idempotency key. */
    uniqueKey: text(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** When what the job produced (an export's file) stops being kept. */
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_queued_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_lease_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'running'`),
    index('jobs_creator_idx').on(t.createdBy, t.createdAt),
    uniqueIndex('jobs_unique_key').on(t.uniqueKey),
  ],
);
