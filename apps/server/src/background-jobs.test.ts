import { systemClock, todayOf } from './core/clock';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productJobs, productSchedules } from './background-jobs';
import { createJobQueue } from './core/jobs/queue';
import { JobRunner } from './core/jobs/runner';
import { jobs } from './db/schema';
import { createApprovalEngine } from './modules/approvals';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;
let filesDir: string;
const jobsOf = () =>
  productJobs({
    db: t.db,
    exports: new Map(),
    imports: new Map(),
    filesDir,
    exportKeepDays: 7,
    today: todayOf(systemClock, 'Asia/Shanghai'),
    approvals: createApprovalEngine([]),
    sealer: t.sealer,
    handover: {
      db: t.db,
      platform: t.app.workMessaging,
      clock: systemClock,
      today: todayOf(systemClock, 'Asia/Shanghai'),
      timeZone: 'Asia/Shanghai',
    },
    timeZone: 'Asia/Shanghai',
  });
beforeAll(async () => {
  t = await createTestApp();
  filesDir = await mkdtemp(join(tmpdir(), 'job-files-'));
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('the product’s background jobs', () => {
  it('has a job for every schedule, in a time zone the runner accepts', () => {
    expect(() => new JobRunner(t.db, jobsOf(), productSchedules)).not.toThrow();
  });

  it('marks a finished job whose product is past its keeping time as expired, removes its file, and no other', async () => {
    await writeFile(join(filesDir, 'old.xlsx'), 'old');
    await writeFile(join(filesDir, 'new.xlsx'), 'new');
    const [past, future] = await t.db
      .insert(jobs)
      .values([
        {
          kind: 'export',
          status: 'succeeded',
          result: { file: 'old.xlsx' },
          expiresAt: sql`now() - interval '1 minute'`,
        },
        {
          kind: 'export',
          status: 'succeeded',
          result: { file: 'new.xlsx' },
          expiresAt: sql`now() + interval '1 day'`,
        },
      ])
      .returning();
    const queue = createJobQueue(t.db);
    const sweep = (await queue.enqueue('jobs.expire-results', {}))!;
    const runner = new JobRunner(t.db, jobsOf());
    expect(await runner.runNext()).toBe(true);
    expect(await queue.get(sweep.id)).toMatchObject({ status: 'succeeded', result: { expired: 1 } });
    expect((await queue.get(past!.id))!.status).toBe('expired');
    expect((await queue.get(future!.id))!.status).toBe('succeeded');
    expect(await readdir(filesDir)).toEqual(['new.xlsx']);
  });
});
