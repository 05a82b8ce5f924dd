import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productJobs, productSchedules } from './background-jobs';
import { createJobQueue } from './core/jobs/queue';
import { JobRunner } from './core/jobs/runner';
import { jobs } from './db/schema';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the product’s background jobs', () => {
  it('has a job for every schedule, in a time zone the runner accepts', () => {
    expect(() => new JobRunner(t.db, productJobs(t.db), productSchedules)).not.toThrow();
  });

  it('marks a finished job whose product is past its keeping time as expired, and no other', async () => {
    const [past, future] = await t.db
      .insert(jobs)
      .values([
        { kind: 'export', status: 'succeeded', expiresAt: sql`now() - interval '1 minute'` },
        { kind: 'export', status: 'succeeded', expiresAt: sql`now() + interval '1 day'` },
      ])
      .returning();
    const queue = createJobQueue(t.db);
    const sweep = (await queue.enqueue('jobs.expire-results', {}))!;
    const runner = new JobRunner(t.db, productJobs(t.db));
    expect(await runner.runNext()).toBe(true);
    expect(await queue.get(sweep.id)).toMatchObject({ status: 'succeeded', result: { expired: 1 } });
    expect((await queue.get(past!.id))!.status).toBe('expired');
    expect((await queue.get(future!.id))!.status).toBe('succeeded');
  });
});
