import { eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createJobQueue, defineJob, type JobDefinition, type JobQueue } from './queue';
import { backoffOf, JobRunner, type RunnerOptions } from './runner';

// The runner on the engine of the run (PGlite, or PostgreSQL in its pass): claims, leases, retries,
// schedules and cancels, each counted in the table or by the handlers themselves.
let t: TestApp;
let queue: JobQueue;
const started: JobRunner[] = [];

beforeAll(async () => {
  t = await createTestApp();
  queue = createJobQueue(t.db);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((runner) => runner.stop()));
  await t.db.delete(jobs);
});
afterAll(() => t.close());

const fast: RunnerOptions = { pollMs: 20, leaseMs: 3_000 };

function runner(definitions: JobDefinition[], options: RunnerOptions = {}, schedules = []) {
  return new JobRunner(t.db, definitions, schedules, { ...fast, ...options });
}

function startRunner(definitions: JobDefinition[], options: RunnerOptions = {}) {
  const started_ = runner(definitions, options);
  started_.start();
  started.push(started_);
  return started_;
}

const rowOf = async (id: number) => (await queue.get(id))!;

async function until(check: () => Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('job runner', () => {
  it('never runs a job twice when two runners claim at once', async () => {
    const runs = new Map<number, number>();
    const count = defineJob<{ n: number }, number>({
      kind: 'test.count',
      async run({ id, payload }) {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        await pause(2);
        return payload.n;
      },
    });
    const ids: number[] = [];
    for (let n = 0; n < 40; n++) ids.push((await queue.enqueue('test.count', { n }))!.id);
    startRunner([count], { concurrency: 2 });
    startRunner([count], { concurrency: 2 });
    await until(
      async () => (await t.db.$count(jobs, eq(jobs.status, 'succeeded'))) === ids.length,
      'every job to succeed',
    );
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    expect((await rowOf(ids[7]!)).result).toBe(7);
    expect((await rowOf(ids[7]!)).attempts).toBe(1);
  });

  it('takes back the job of a runner that died and finishes it once', async () => {
    let runs = 0;
    const work = defineJob({
      kind: 'test.work',
      async run() {
        runs++;
        return 'done';
      },
    });
    // Claimed by a runner that stopped renewing its lease, as a killed instance leaves it.
    const [orphan] = await t.db
      .insert(jobs)
      .values({
        kind: 'test.work',
        status: 'running',
        attempts: 1,
        leaseOwner: 'a-dead-instance',
        leaseExpiresAt: sql`now() - interval '1 second'`,
      })
      .returning();
    const [spent] = await t.db
      .insert(jobs)
      .values({
        kind: 'test.work',
        status: 'running',
        attempts: 3,
        maxAttempts: 3,
        leaseOwner: 'a-dead-instance',
        leaseExpiresAt: sql`now() - interval '1 second'`,
      })
      .returning();
    const survivor = runner([work]);
    expect(await survivor.reclaimExpired()).toBe(2);
    expect(await survivor.runNext()).toBe(true);
    expect(await survivor.runNext()).toBe(false);
    expect(runs).toBe(1);
    expect(await rowOf(orphan!.id)).toMatchObject({ status: 'succeeded', attempts: 2, result: 'done' });
    expect(await rowOf(spent!.id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await rowOf(spent!.id)).error).toMatch(/lease expired/);
  });

  it('keeps renewing the lease of a job whose steps are long', async () => {
    let release!: () => void;
    const slow = defineJob({
      kind: 'test.slow',
      run: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const job = (await queue.enqueue('test.slow', {}))!;
    const holder = startRunner([slow], { leaseMs: 300 });
    await until(async () => (await rowOf(job.id)).status === 'running', 'the claim');
    await pause(700);
    // Past two lease lengths, nobody may take it back: its runner is alive.
    expect(await runner([slow]).reclaimExpired()).toBe(0);
    release();
    await until(async () => (await rowOf(job.id)).status === 'succeeded', 'the end');
    expect((await rowOf(job.id)).leaseOwner).toBeNull();
    expect(holder.owner).toBeTruthy();
  });

  it('retries a failed job after a back-off that doubles, then fails it for good', async () => {
    const attempts: number[] = [];
    const flaky = defineJob({
      kind: 'test.flaky',
      backoffMs: 200,
      async run({ attempt }) {
        attempts.push(attempt);
        throw new Error(`attempt ${attempt} failed`);
      },
    });
    const job = (await queue.enqueue('test.flaky', {}, { maxAttempts: 3 }))!;
    const once = runner([flaky]);
    const waitOf = async () => {
      const [row] = await t.db
        .select({ ms: sql<number>`extract(epoch from ${jobs.runAt} - now()) * 1000`.mapWith(Number) })
        .from(jobs)
        .where(eq(jobs.id, job.id));
      return row!.ms;
    };
    expect(await once.runNext()).toBe(true);
    expect(await rowOf(job.id)).toMatchObject({ status: 'queued', error: 'attempt 1 failed' });
    const firstWait = await waitOf();
    expect(firstWait).toBeGreaterThan(100);
    expect(firstWait).toBeLessThanOrEqual(backoffOf(200, 1));
    // Not due yet: nothing to claim.
    expect(await once.runNext()).toBe(false);
    await pause(firstWait + 20);
    expect(await once.runNext()).toBe(true);
    const secondWait = await waitOf();
    expect(secondWait).toBeGreaterThan(backoffOf(200, 1));
    expect(secondWait).toBeLessThanOrEqual(backoffOf(200, 2));
    await pause(secondWait + 20);
    expect(await once.runNext()).toBe(true);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await rowOf(job.id)).toMatchObject({ status: 'failed', attempts: 3, error: 'attempt 3 failed' });
  });

  it('enqueues each slot of a schedule once, however many runners fire it', async () => {
    const tick = defineJob({ kind: 'test.tick', run: async () => null });
    const schedule = [{ name: 'test-every-minute', cron: '* * * * *', kind: 'test.tick' }];
    const first = new JobRunner(t.db, [tick], schedule, fast);
    const second = new JobRunner(t.db, [tick], schedule, fast);
    const threeMinutesOn = new Date(Date.now() + 3 * 60_000);
    await Promise.all([first.fireDueSchedules(threeMinutesOn), second.fireDueSchedules(threeMinutesOn)]);
    await first.fireDueSchedules(threeMinutesOn);
    const slots = await t.db
      .select({ key: jobs.uniqueKey })
      .from(jobs)
      .where(like(jobs.uniqueKey, 'schedule:test-every-minute:%'));
    expect(slots.length).toBe(3);
    expect(new Set(slots.map((slot) => slot.key)).size).toBe(3);
  });

  it('cancels a queued job at once and a running one at its next checkpoint', async () => {
    let batches = 0;
    const long = defineJob({
      kind: 'test.long',
      async run({ checkpoint }) {
        for (let batch = 0; batch < 1_000; batch++) {
          batches++;
          await pause(5);
          await checkpoint({ done: batch + 1, total: 1_000 });
        }
      },
    });
    const waiting = (await queue.enqueue('test.long', {}, { runAt: new Date(Date.now() + 60_000) }))!;
    expect((await queue.cancel(waiting.id))?.status).toBe('cancelled');

    const job = (await queue.enqueue('test.long', {}))!;
    startRunner([long]);
    await until(async () => (await rowOf(job.id)).progressDone >= 3, 'three batches');
    await queue.cancel(job.id);
    await until(async () => (await rowOf(job.id)).status === 'cancelled', 'the cancel');
    const row = await rowOf(job.id);
    expect(row.progressDone).toBeLessThan(1_000);
    expect(row.progressTotal).toBe(1_000);
    expect(batches).toBeLessThan(1_000);
    expect(await queue.cancel(job.id)).toBeUndefined();
  });

  it('hands a running job back to the queue when its instance stops', async () => {
    const long = defineJob({
      kind: 'test.long',
      async run({ checkpoint }) {
        for (;;) {
          await pause(5);
          await checkpoint();
        }
      },
    });
    const job = (await queue.enqueue('test.long', {}))!;
    const stopping = startRunner([long]);
    await until(async () => (await rowOf(job.id)).status === 'running', 'the claim');
    await stopping.stop();
    expect(await rowOf(job.id)).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null });
  });
});
