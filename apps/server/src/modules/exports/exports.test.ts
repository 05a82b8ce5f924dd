import { readdir } from 'node:fs/promises';
import { exportMessages } from '@dealer-hr/shared/exports/rules';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages } from '../../db/schema';
import { callerOf, fieldErrorsOf, type Answer } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { sheetRecords } from '../../test/sheets';
import { userIdOf, userWith } from '../../test/users';
import type { ExportSource } from '../../core/exports';
import { JobRunner } from '../../core/jobs/runner';
import { productExports } from '../../product-exports';
import { exportJob } from './export-job';
import { jobFilesDir } from './exports.routes';

let t: TestApp;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: admin }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

interface Job {
  id: number;
  status: string;
  done: number;
  total: number | null;
  rows: number | null;
  size: number | null;
}

const start = (kind: string, query: string, authorization = admin) =>
  call<Job>('POST', 'down/timing/excel/store', { kind, query }, authorization);

/** Runs every queued job through the app's own runner, as a server instance would. */
async function runJobs() {
  while (await t.app.jobRunner.runNext()) {
    // one job per turn
  }
}

async function download(id: number, authorization = admin) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/auth/down/timing/excel/download?id=${id}`,
    headers: { authorization },
  });
  return response;
}

describe('an export as a job', () => {
  it('writes the list’s rows into a file its owner downloads, and tells them when it is ready', async () => {
    const { data: list } = await call<{ total: number }>('GET', 'user/index?status=regular&limit=1');
    const started = await start('staff', 'status=regular');
    expect(started.code).toBe(200);
    expect(started.data).toMatchObject({ status: 'queued', done: 0, rows: null });

    await runJobs();
    const { data: done } = await call<Job>('GET', `down/timing/excel/detail?id=${started.data.id}`);
    expect(done).toMatchObject({
      status: 'succeeded',
      rows: list.total,
      total: list.total,
      done: list.total,
    });
    expect(done.size).toBeGreaterThan(0);

    const file = await download(done.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('员工花名册.xlsx'));
    const records = await sheetRecords(file.rawPayload, '员工花名册');
    expect(records).toHaveLength(list.total);
    expect(new Set(records.map((record) => record['状态']))).toEqual(new Set(['正式']));

    const [message] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, await userIdOf(t, 'admin')), eq(messages.kind, 'export_ready')));
    expect(message).toMatchObject({
      title: exportMessages.readyTitle,
      link: `/system/exports?id=${done.id}`,
    });
    expect(message!.content).toContain(`${list.total} 行`);

    const { data: mine } = await call<{ data: Job[] }>('GET', 'down/timing/excel?limit=50');
    expect(mine.data.map((job) => job.id)).toContain(done.id);
  });

  it('keeps the data scope of the one who started it', async () => {
    const token = await t.login('manager');
    const { data: own } = await call<{ total: number }>('GET', 'user/index?limit=1', undefined, token);
    const { data: all } = await call<{ total: number }>('GET', 'user/index?limit=1');
    expect(own.total).toBeLessThan(all.total);

    const started = await start('staff', '', token);
    await runJobs();
    const records = await sheetRecords((await download(started.data.id, token)).rawPayload, '员工花名册');
    expect(records).toHaveLength(own.total);
  });

  it('exports every kind of list the product has', async () => {
    for (const [kind, sheet] of [
      ['onboarding', '入职管理'],
      ['prohibited', '禁用名单'],
      ['headcount', '编制计划'],
    ] as const) {
      const started = await start(kind, '');
      expect(started.code, kind).toBe(200);
      await runJobs();
      const { data } = await call<Job>('GET', `down/timing/excel/detail?id=${started.data.id}`);
      expect(data.status, kind).toBe('succeeded');
      const records = await sheetRecords((await download(data.id)).rawPayload, sheet);
      expect(records, kind).toHaveLength(data.rows!);
    }
  });

  it('refuses a list the caller may not export, a wrong filter, and another user’s export', async () => {
    const viewer = await userWith(t, ['system:exports:view', 'staff:prohibited:export']);
    expect((await start('staff', '', viewer)).code).toBe(1403);

    const wrong = await start('staff', 'status=gone');
    expect(fieldErrorsOf(wrong).map((error) => error.field)).toEqual(['query.status']);
    expect(fieldErrorsOf(await start('payroll', '')).map((error) => error.field)).toEqual(['kind']);

    const own = await start('prohibited', '', viewer);
    expect(own.code).toBe(200);
    expect((await call('GET', `down/timing/excel/detail?id=${own.data.id}`)).code).toBe(404);
    expect((await download(own.data.id)).statusCode).toBe(404);
    expect((await call('POST', 'down/timing/excel/cancel', { id: own.data.id })).code).toBe(404);
    await runJobs();
  });

  it('caps the exports one user has waiting', async () => {
    const busy = await userWith(t, ['system:exports:view', 'staff:prohibited:export']);
    const answers: Answer[] = [];
    for (let index = 0; index < 6; index += 1) answers.push(await start('prohibited', '', busy));
    expect(answers.slice(0, 5).every((answer) => answer.code === 200)).toBe(true);
    expect(answers[5]).toMatchObject({ code: 409, message: exportMessages.tooMany });
    await runJobs();
    expect((await start('prohibited', '', busy)).code).toBe(200);
    await runJobs();
  });
});

describe('cancel, delete and expiry', () => {
  it('cancels a queued export at once, and a finished one not at all', async () => {
    const started = await start('prohibited', '');
    const cancelled = await call<Job>('POST', 'down/timing/excel/cancel', { id: started.data.id });
    expect(cancelled.data.status).toBe('cancelled');
    await runJobs();
    expect((await call<Job>('GET', `down/timing/excel/detail?id=${started.data.id}`)).data.status).toBe(
      'cancelled',
    );
    expect((await call('POST', 'down/timing/excel/cancel', { id: started.data.id })).code).toBe(409);
    expect((await download(started.data.id)).statusCode).toBe(409);
  });

  it('stops a running export at its next page of rows and leaves no file behind', async () => {
    const started = await start('staff', '');
    // A source of the same kind whose rows wait, after two pages, for the cancel to land.
    let cancelLanded!: () => void;
    const landed = new Promise<void>((resolve) => (cancelLanded = resolve));
    let reachedSecondPage!: () => void;
    const secondPage = new Promise<void>((resolve) => (reachedSecondPage = resolve));
    const staff = productExports(t.db, t.sealer, { today: () => '2026-01-01', timeZone: 'UTC' }).get(
      'staff',
    )!;
    const waiting: ExportSource<unknown> = {
      ...staff,
      count: async () => 5000,
      async *rows(run) {
        let written = 0;
        for await (const row of staff.rows(run)) {
          if (written === 200) {
            reachedSecondPage();
            await landed;
          }
          yield row;
          written += 1;
        }
        throw new Error(`the demo has only ${written} people`);
      },
    };
    const runner = new JobRunner(t.db, [
      exportJob({
        db: t.db,
        sources: new Map([['staff', waiting]]),
        dir: jobFilesDir(t.config.DATA_DIR),
        keepMs: 60_000,
        rowsPerStep: 100,
      }),
    ]);
    const running = runner.runNext();
    await secondPage;
    expect((await call<Job>('POST', 'down/timing/excel/cancel', { id: started.data.id })).data.status).toBe(
      'running',
    );
    cancelLanded();
    await running;
    const { data } = await call<Job>('GET', `down/timing/excel/detail?id=${started.data.id}`);
    // Stopped at the checkpoint after the cancel, which records where it stopped.
    expect(data).toMatchObject({ status: 'cancelled', done: 300, total: 5000 });
    const files = await readdir(jobFilesDir(t.config.DATA_DIR)).catch(() => []);
    expect(files.filter((file) => file.startsWith(`export-${started.data.id}.`))).toEqual([]);
  });

  it('removes a finished export and its file; an expired one cannot be downloaded', async () => {
    const started = await start('prohibited', '');
    await runJobs();
    const file = `export-${started.data.id}.xlsx`;
    expect(await readdir(jobFilesDir(t.config.DATA_DIR))).toContain(file);

    await t.db
      .update(jobs)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, started.data.id));
    const expired = await download(started.data.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ message: exportMessages.expired });

    expect((await call('DELETE', 'down/timing/excel/destroy', { id: started.data.id })).code).toBe(200);
    expect(await readdir(jobFilesDir(t.config.DATA_DIR))).not.toContain(file);
    expect((await call('GET', `down/timing/excel/detail?id=${started.data.id}`)).code).toBe(404);
  });

  it('keeps a running export until it is cancelled', async () => {
    const started = await start('prohibited', '');
    const refused = await call('DELETE', 'down/timing/excel/destroy', { id: started.data.id });
    expect(refused).toMatchObject({ code: 409, message: exportMessages.stillActive });
    await runJobs();
  });
});

describe('the direct downloads', () => {
  it('write the same file as the job', async () => {
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/auth/prohibited/export',
      headers: { authorization: admin },
    });
    const started = await start('prohibited', '');
    await runJobs();
    const fromJob = await download(started.data.id);
    expect(await sheetRecords(fromJob.rawPayload, '禁用名单')).toEqual(
      await sheetRecords(direct.rawPayload, '禁用名单'),
    );
  });
});
