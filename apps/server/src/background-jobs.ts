import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { jobs } from './db/schema';
import { defineJob, type JobDefinition } from './core/jobs/queue';
import type { JobSchedule } from './core/jobs/runner';

// The product's background jobs and their schedules, registered here at the composition root as the
// approval businesses are: a module defines its jobs, this file decides which the runner knows.

/** A finished job's product (an export's file) is kept until `expires_at`; then the job says so. */
const expireResults = (db: Database) =>
  defineJob<Record<string, never>, { expired: number }>({
    kind: 'jobs.expire-results',
    async run() {
      const expired = await db
        .update(jobs)
        .set({ status: 'expired' })
        .where(and(eq(jobs.status, 'succeeded'), lt(jobs.expiresAt, sql`now()`)))
        .returning({ id: jobs.id });
      return { expired: expired.length };
    },
  });

export const productJobs = (db: Database): JobDefinition[] => [expireResults(db)];

export const productSchedules: JobSchedule[] = [
  { name: 'expire-job-results', cron: '5 * * * *', kind: 'jobs.expire-results' },
];
