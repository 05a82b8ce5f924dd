import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** What a job's handler is given: its payload, and the checkpoint it calls between batches. */
export interface JobContext<Payload> {
  id: number;
  payload: Payload;
  /** 1 on the first run, 2 on the first retry. */
  attempt: number;
  /**
   * Between two batches: records the progress, renews the lease and lets requests run. Throws once the job
   * was cancelled, its lease was lost, or the instance is stopping: the handler stops where it is, and
   * whatever it committed so far stays (each batch is its own transaction).
   */
  checkpoint(progress?: { done: number; total?: number; note?: string }): Promise<void>;
}

export interface JobDefinition<Payload = unknown, Result = unknown> {
  kind: string;
  run(context: JobContext<Payload>): Promise<Result>;
  /** The first retry waits this long, each later one twice as long as the one before (default 5 s). */
  backoffMs?: number;
  /** How long a success's product (an export's file) is kept: the job's `expires_at` is set when it ends. */
  keepResultMs?: number;
  /**
   * After the job is recorded as succeeded (a message to its creator): a failure here is logged, the job
   * stays succeeded.
   */
  succeeded?(job: { id: number; payload: Payload; createdBy: number | null }, result: Result): Promise<void>;
}

/** A job of a kind, typed by its payload, for `defineJob`'s callers. */
export const defineJob = <Payload, Result>(definition: JobDefinition<Payload, Result>) =>
  definition as JobDefinition<Payload, Result> & JobDefinition;

export interface EnqueueOptions {
  /** Not before this time (an effective date); now by default. */
  runAt?: Date;
  /** Runs before it fails for good (default 3). */
  maxAttempts?: number;
  /** At most one job per key, ever: enqueueing the same key again answers null. */
  uniqueKey?: string;
  createdBy?: number | null;
  /** When what the job produces stops being kept. */
  expiresAt?: Date;
  /** The caller's transaction: the job exists only if the change that asked for it commits. */
  within?: Database;
}

/**
 * The jobs of the whole product go through this interface: a well-kept queue library can replace what is
 * behind it without its callers changing (docs/decisions.md "One job runner").
 */
export interface JobQueue {
  enqueue<Payload>(kind: string, payload: Payload, options?: EnqueueOptions): Promise<JobRow | null>;
  get(id: number): Promise<JobRow | undefined>;
  /** A queued job ends at once; a running one at its next checkpoint. Undefined for a job already over. */
  cancel(id: number): Promise<JobRow | undefined>;
}

export function createJobQueue(db: Database, onEnqueued: () => void = () => {}): JobQueue {
  return {
    async enqueue(kind, payload, options = {}) {
      const [row] = await (options.within ?? db)
        .insert(jobs)
        .values({
          kind,
          payload: payload ?? {},
          runAt: options.runAt,
          maxAttempts: options.maxAttempts,
          uniqueKey: options.uniqueKey,
          createdBy: options.createdBy ?? null,
          expiresAt: options.expiresAt,
        })
        .onConflictDoNothing({ target: jobs.uniqueKey })
        .returning();
      if (row) onEnqueued();
      return row ?? null;
    },
    async get(id) {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },
    async cancel(id) {
      const [queued] = await db
        .update(jobs)
        .set({ status: 'cancelled', finishedAt: sql`now()`, cancelRequestedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
        .returning();
      if (queued) return queued;
      const [running] = await db
        .update(jobs)
        .set({ cancelRequestedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
        .returning();
      return running;
    },
  };
}
