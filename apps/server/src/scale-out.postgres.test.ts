import { ErrorCode } from '@dealer-hr/shared';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { openPostgres, type DatabaseHandle } from './db/client';
import { jobs } from './db/schema';
import { callerOf, type Call } from './test/api';
import { createTestApp, type TestApp } from './test/app';
import { meCode, untilNotificationsLive, untilNotificationsStop } from './test/sessions';
import { claimsOf } from './test/tokens';
import { startTcpProxy } from './test/tcp-proxy';
import { isUnavailable } from './lib/unavailable';
import { userIdOf, userWith } from './test/users';

// Two server instances on one PostgreSQL, as `CLUSTER_WORKERS` or instances behind a proxy run them: nothing
// a user does may depend on which one answers (docs/operations.md "Several instances"). Run by the
// PostgreSQL pass only (vitest.config.ts). The load, restart and kill figures are bench/'s scale-out suite.

let t: TestApp;
let other: { app: App; database: DatabaseHandle };
let admin: string;
const onA: Call = callerOf(() => ({ app: t, authorization: admin }));
const onB: Call = callerOf(() => ({ app: { app: other.app } as TestApp, authorization: admin }));

async function secondInstance(databaseUrl: string) {
  const database = openPostgres(databaseUrl, { poolSize: 2, statementTimeoutMs: 0 });
  const app = await buildApp({ config: t.config, database, logger: pino({ level: 'silent' }) });
  await app.ready();
  await untilNotificationsLive(database);
  return { app, database };
}

/** Asks `probe` until it answers `expected`, for at most 2 s; answers how long that took. */
async function within2s<T>(probe: () => Promise<T>, expected: T): Promise<number> {
  const started = Date.now();
  while ((await probe()) !== expected) {
    if (Date.now() - started > 2_000) throw new Error(`still not ${String(expected)} after 2 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

beforeAll(async () => {
  t = await createTestApp();
  await untilNotificationsLive(t.database);
  other = await secondInstance(t.databaseUrl!);
  admin = await t.login();
});
afterAll(async () => {
  await other.app.close();
  await other.database.close();
  await t.close();
});

describe('two instances on one PostgreSQL', () => {
  it('a session opened on one is valid on the other', async () => {
    const hr = await t.login('hr');
    expect(await meCode(other.app, hr)).toBe(ErrorCode.OK);
  });

  it('a logout on one ends the session on the other at once', async () => {
    const hr = await t.login('hr');
    expect(await meCode(other.app, hr)).toBe(ErrorCode.OK);
    expect((await onA('POST', '/api/logout', undefined, hr)).code).toBe(ErrorCode.OK);
    expect(await within2s(() => meCode(other.app, hr), ErrorCode.TOKEN_INVALID)).toBeLessThan(2_000);
  });

  it('freezing an account on one ends its sessions on the other', async () => {
    const staff = await t.login('staff');
    expect(await meCode(other.app, staff)).toBe(ErrorCode.OK);
    const id = await userIdOf(t, 'staff');
    expect((await onA('PUT', 'user/freeze', { id, reason: '交接中' })).status).toBe(200);
    try {
      // The freeze revokes the account's sessions: the other instance hears of it a moment later.
      const ended = async () => (await meCode(other.app, staff)) !== ErrorCode.OK;
      expect(await within2s(ended, true)).toBeLessThan(2_000);
      // The account is frozen (1403) before its session is found revoked.
      expect(await meCode(other.app, staff)).toBe(ErrorCode.FORBIDDEN);
    } finally {
      await onA('PUT', 'user/thaw', { id });
    }
  });

  it('counts failed sign-ins on both toward one throttle', async () => {
    const wrong = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'sales', password: 'Wrong@2026x' },
      });
    for (const app of [t.app, other.app, t.app, other.app, t.app])
      expect((await wrong(app)).statusCode).toBe(422);
    const refused = await wrong(other.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      data: { retryAfter: expect.any(Number) },
    });
    await t.db.execute(sql`delete from login_throttle`);
  });

  it('sees a role taken away on one at the other’s next request', async () => {
    const viewer = await userWith(t, ['system:roles:view']);
    const rolesOnB = async () => (await onB('GET', 'roles', undefined, viewer)).code;
    expect(await rolesOnB()).toBe(ErrorCode.OK);
    const { userId } = claimsOf(viewer);
    expect((await onA('PUT', 'user/roles/sync', { user_id: userId, role_ids: [] })).status).toBe(200);
    expect(await within2s(rolesOnB, ErrorCode.FORBIDDEN)).toBeLessThan(2_000);
  });

  it('runs a job once, whichever instance claims it', async () => {
    const started = await onA('POST', 'down/timing/excel/store', { kind: 'staff', query: '' });
    expect(started.status).toBe(200);
    // Both instances look for work at the same moment, again and again, until the queue is empty.
    let runs = 0;
    for (let round = 0; round < 20; round++) {
      const claimed = await Promise.all([t.app.jobRunner.runNext(), other.app.jobRunner.runNext()]);
      runs += claimed.filter(Boolean).length;
      if (!claimed.some(Boolean)) break;
    }
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, started.data.id));
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(runs).toBeGreaterThanOrEqual(1);
  });
});

describe('an instance whose database goes away', () => {
  it('answers 503 in the envelope while it is gone and recovers by itself within 5 s of its return', async () => {
    const url = new URL(t.databaseUrl!);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const cut = await secondInstance(url.toString());
    try {
      const hr = await t.login('hr');
      const directory = () =>
        cut.app.inject({
          method: 'GET',
          url: '/api/auth/user/index?limit=1',
          headers: { authorization: hr },
        });
      expect((await directory()).statusCode).toBe(200);

      // A transaction in flight when the database goes: it fails, and the process lives on (an 'error' event
      // of a connection checked out of the pool, unheard, would end it).
      const inFlight = cut.database.db
        .transaction((tx) => tx.execute(sql`select pg_sleep(10)`))
        .then(
          () => 'answered',
          (error: unknown) => (isUnavailable(error) ? 'unavailable' : String(error)),
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await proxy.cut();
      expect(await inFlight).toBe('unavailable');
      // What the instance keeps between requests (sessions, cached lists) serves until it hears the cut.
      await untilNotificationsStop(cut.database);
      for (const ask of [directory, () => cut.app.inject({ method: 'GET', url: '/api/ready' })]) {
        const asked = Date.now();
        const answer = await ask();
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toMatchObject({ code: ErrorCode.UNAVAILABLE, message: expect.any(String) });
        expect(Date.now() - asked).toBeLessThan(6_000);
      }

      await proxy.restore();
      const back = Date.now();
      while ((await directory()).statusCode !== 200) {
        expect(Date.now() - back).toBeLessThan(5_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await cut.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await cut.app.close();
      await cut.database.close();
      await proxy.close();
    }
  });
});
