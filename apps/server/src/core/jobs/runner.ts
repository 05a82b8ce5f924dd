import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { and, asc, eq, inArray, lte, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import type { JobDefinition, JobQueue, JobRow } from './queue';

/** A job enqueued once per slot of a cron expression, read in the group's time zone. */
export interface JobSchedule {
  name: string;
  cron: string;
  kind: string;
  payload?: unknown;
  /**
   * The job does whatever is due when it runs (effective dates): it also runs when an instance starts, so
   * that a slot missed while every instance was down is made up at once.
   */
  catchUp?: boolean;
}

export interface RunnerOptions {
  /** Who holds a lease: unique per runner, so two instances never take each other's jobs for their own. */
  owner?: string;
  /** How long a claim holds without renewal; a runner renews at a third of it. */
  leaseMs?: number;
  /** How often an idle runner looks for work. */
  pollMs?: number;
  /** How often expired leases are taken back (besides at start). */
  reclaimEveryMs?: number;
  /** Jobs run at once by this runner. */
  concurrency?: number;
  /** Cron expressions are read in this time zone (the group's, e.g. Asia/Shanghai). */
  timeZone?: string;
  log?: FastifyBaseLogger;
}

const DEFAULT_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 3_600_000;

/** The wait before retry number `attempt` (1-based: the wait after the first failed run). */
export const backoffOf = (baseMs: number, attempt: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);

/** Why a handler's checkpoint stopped it: these are not failures of the job. */
class Stopped extends Error {
  constructor(readonly why: 'cancelled' | 'lease lost' | 'shutdown') {
    super(why);
  }
}

const interval = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Claims queued jobs with `FOR UPDATE SKIP LOCKED`, so that several instances on one PostgreSQL never run a
 * job twice; renews its leases while a job runs; takes back leases left to expire; retries with exponential
 * back-off; fires schedules once per slot (a slot's job has a unique key). Every statement is short: a job
 * holds no transaction between its checkpoints (docs/decisions.md "One job runner").
 */
export class JobRunner {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly reclaimEveryMs: number;
  private readonly concurrency: number;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly schedules: { schedule: JobSchedule; cron: Cron; next: Date | null }[] = [];
  private stopping = false;
  private loops: Promise<void>[] = [];
  /** The idle loops' wake-up calls: a wake (an enqueue, a stop) ends every loop's wait, not the last one's. */
  private readonly sleepers = new Set<() => void>();
  private nextReclaim = 0;

  constructor(
    private readonly db: Database,
    definitions: readonly JobDefinition[],
    schedules: readonly JobSchedule[] = [],
    private readonly options: RunnerOptions = {},
  ) {
    this.owner = options.owner ?? randomUUID();
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1_000;
    // A third of a lease: a job whose instance died (SIGKILL, a lost machine) runs again on another within
    // about a lease and a third, not a lease and a minute (bench/ scale-out measured 50 s with a minute).
    this.reclaimEveryMs = options.reclaimEveryMs ?? Math.round(this.leaseMs / 3);
    this.concurrency = options.concurrency ?? 1;
    for (const definition of definitions) this.definitions.set(definition.kind, definition);
    const timezone = options.timeZone ?? 'Asia/Shanghai';
    for (const schedule of schedules) {
      if (!this.definitions.has(schedule.kind))
        throw new Error(`schedule ${schedule.name}: no job ${schedule.kind}`);
      const cron = new Cron(schedule.cron, { timezone, paused: true });
      this.schedules.push({ schedule, cron, next: cron.nextRun() });
    }
  }

  start(): void {
    this.stopping = false;
    this.nextReclaim = 0;
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  /** Stops claiming; a running job stops at its next checkpoint and goes back to the queue, not counted as a run. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Something was enqueued here: look now rather than at the next poll. */
  wake(): void {
    for (const wakeUp of this.sleepers) wakeUp();
  }

  /** A queue whose enqueues wake this runner. */
  bind(queue: (onEnqueued: () => void) => JobQueue): JobQueue {
    return queue(() => this.wake());
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let ran = false;
      try {
        if (Date.now() >= this.nextReclaim) {
          await this.reclaimExpired();
          this.nextReclaim = Date.now() + this.reclaimEveryMs;
        }
        await this.fireDueSchedules();
        ran = await this.runNext();
      } catch (error) {
        // The database may be down for a while: log it and try again at the next poll.
        this.options.log?.error({ err: error }, 'job runner: a pass failed');
      }
      if (!ran && !this.stopping) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.sleepers.add(done);
    });
  }

  /** Enqueues the slot of every schedule whose time has come; another runner enqueueing it first is fine. */
  async fireDueSchedules(now = new Date()): Promise<void> {
    for (const entry of this.schedules) {
      while (entry.next && entry.next <= now) {
        const slot = entry.next;
        await this.db
          .insert(jobs)
          .values({
            kind: entry.schedule.kind,
            payload: entry.schedule.payload ?? {},
            runAt: slot,
            uniqueKey: `schedule:${entry.schedule.name}:${slot.toISOString()}`,
          })
          .onConflictDoNothing({ target: jobs.uniqueKey });
        entry.next = entry.cron.nextRun(new Date(slot.getTime() + 1));
      }
    }
  }

  /**
   * Enqueues a run of every catch-up schedule now (at start, and when the test clock moves), unless one is
   * waiting already. Two instances starting together may both enqueue one: the jobs are idempotent.
   */
  async catchUp(): Promise<void> {
    for (const { schedule } of this.schedules.filter((entry) => entry.schedule.catchUp)) {
      await this.db.execute(sql`
        insert into ${jobs} (kind, payload)
        select ${schedule.kind}, ${JSON.stringify(schedule.payload ?? {})}::jsonb
        where not exists (select 1 from ${jobs} where ${jobs.kind} = ${schedule.kind} and ${jobs.status} = 'queued')`);
    }
    this.wake();
  }

  /** Takes back the jobs of runners that stopped renewing: run again, or failed once attempts are spent. */
  async reclaimExpired(): Promise<number> {
    const spent = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
    const taken = await this.db
      .update(jobs)
      .set({
        status: sql`case when ${spent} then 'failed' else 'queued' end`,
        finishedAt: sql`case when ${spent} then now() end`,
        error: sql`'lease expired: the instance running it stopped'`,
        runAt: sql`now()`,
        leaseOwner: null,
        leaseExpiresAt: null,
      })
      .where(and(eq(jobs.status, 'running'), lt(jobs.leaseExpiresAt, sql`now()`)))
      .returning({ id: jobs.id });
    if (taken.length > 0)
      this.options.log?.warn({ jobs: taken.map((job) => job.id) }, 'job leases taken back');
    return taken.length;
  }

  /** Claims the next due job of a kind this runner knows and runs it; false when there was none. */
  async runNext(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private async claim(): Promise<JobRow | undefined> {
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'queued'),
          lte(jobs.runAt, sql`now()`),
          inArray(jobs.kind, [...this.definitions.keys()]),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        leaseOwner: this.owner,
        leaseExpiresAt: interval(this.leaseMs),
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    return job;
  }

  /** The job's row while this runner still holds it. */
  private held(id: number) {
    return and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, this.owner));
  }

  private async renew(id: number, progress?: { done: number; total?: number; note?: string }) {
    const [row] = await this.db
      .update(jobs)
      .set({
        leaseExpiresAt: interval(this.leaseMs),
        ...(progress && {
          progressDone: progress.done,
          ...(progress.total !== undefined && { progressTotal: progress.total }),
          ...(progress.note !== undefined && { progressNote: progress.note }),
        }),
      })
      .where(this.held(id))
      .returning({ cancelRequestedAt: jobs.cancelRequestedAt });
    return row;
  }

  private async run(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.kind)!;
    let lost = false;
    // Renewed on a timer too, so a handler whose step takes a while between checkpoints keeps its claim.
    const renewal = setInterval(() => {
      this.renew(job.id).then(
        (row) => (lost ||= !row),
        () => {},
      );
    }, this.leaseMs / 3);
    try {
      const result = await definition.run({
        id: job.id,
        payload: job.payload,
        attempt: job.attempts,
        checkpoint: async (progress) => {
          await new Promise((resolve) => setImmediate(resolve));
          const row = await this.renew(job.id, progress);
          if (!row || lost) throw new Stopped('lease lost');
          if (row.cancelRequestedAt) throw new Stopped('cancelled');
          if (this.stopping) throw new Stopped('shutdown');
        },
      });
      const [settled] = await this.db
        .update(jobs)
        .set({
          status: 'succeeded',
          result: (result ?? null) as never,
          finishedAt: sql`now()`,
          progressDone: sql`coalesce(${jobs.progressTotal}, ${jobs.progressDone})`,
          leaseOwner: null,
          leaseExpiresAt: null,
          ...(definition.keepResultMs !== undefined && { expiresAt: interval(definition.keepResultMs) }),
        })
        .where(this.held(job.id))
        .returning({ id: jobs.id });
      if (settled && definition.succeeded) {
        await definition
          .succeeded({ id: job.id, payload: job.payload, createdBy: job.createdBy }, result)
          .catch((error: unknown) =>
            this.options.log?.warn({ jobId: job.id, kind: job.kind, err: error }, 'job follow-up failed'),
          );
      }
    } catch (error) {
      await this.settleFailure(job, definition, error);
    } finally {
      clearInterval(renewal);
    }
  }

  private async settleFailure(job: JobRow, definition: JobDefinition, error: unknown) {
    const released = { leaseOwner: null, leaseExpiresAt: null };
    if (error instanceof Stopped && error.why === 'lease lost') return;
    if (error instanceof Stopped && error.why === 'cancelled') {
      await this.db
        .update(jobs)
        .set({ status: 'cancelled', finishedAt: sql`now()`, ...released })
        .where(this.held(job.id));
      return;
    }
    if (error instanceof Stopped) {
      // Shutting down: the run does not count, the job waits for the next instance.
      await this.db
        .update(jobs)
        .set({ status: 'queued', attempts: sql`${jobs.attempts} - 1`, runAt: sql`now()`, ...released })
        .where(this.held(job.id));
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    this.options.log?.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts, err: error },
      'job failed',
    );
    const spent = job.attempts >= job.maxAttempts;
    await this.db
      .update(jobs)
      .set(
        spent
          ? { status: 'failed', error: message, finishedAt: sql`now()`, ...released }
          : {
              status: 'queued',
              error: message,
              runAt: interval(backoffOf(definition.backoffMs ?? DEFAULT_BACKOFF_MS, job.attempts)),
              ...released,
            },
      )
      .where(this.held(job.id));
  }
}
