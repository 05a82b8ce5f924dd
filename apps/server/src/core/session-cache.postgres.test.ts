import { ErrorCode } from '@dealer-hr/shared';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openPostgres } from '../db/client';
import { sessions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { meCode, sessionIdOf, untilNotificationsLive, withoutSessionNotices } from '../test/sessions';

// What only a PostgreSQL server has: several server instances, each with its own connections, and a
// listening connection that can drop (run by the PostgreSQL pass only, see vitest.config.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sessions kept by server instances on one PostgreSQL', () => {
  it('a logout on one instance ends the session on the other within a moment', async () => {
    const database = openPostgres(t.databaseUrl!, 2);
    const other = await buildApp({ config: t.config, database, logger: pino({ level: 'silent' }) });
    try {
      await other.ready();
      await untilNotificationsLive(database);
      const authorization = await t.login('hr');
      expect(await meCode(other, authorization)).toBe(ErrorCode.OK);
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization } });
      expect(out.json().code).toBe(ErrorCode.OK);
      const deadline = Date.now() + 2_000;
      let code = await meCode(other, authorization);
      while (code === ErrorCode.OK && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        code = await meCode(other, authorization);
      }
      expect(code).toBe(ErrorCode.TOKEN_INVALID);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('forgets what it kept when the listening connection drops, and reads the database', async () => {
    const authorization = await t.login('hr');
    await untilNotificationsLive(t.database);
    expect(await meCode(t.app, authorization)).toBe(ErrorCode.OK);
    // A revocation nobody hears: the kept session still answers.
    const id = sessionIdOf(authorization);
    await withoutSessionNotices(t.db, () =>
      t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id)),
    );
    expect(await meCode(t.app, authorization)).toBe(ErrorCode.OK);
    // The listening connection ends (the pooled ones stay); changes may have been missed meanwhile.
    await t.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and state = 'idle' and query like 'LISTEN%'`);
    for (let waited = 0; t.database.notifications.live; waited += 10) {
      if (waited > 5_000) throw new Error('the dropped connection went unnoticed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Down or already back, nothing from before is trusted: the session is read, and refused.
    expect(await meCode(t.app, authorization)).toBe(ErrorCode.TOKEN_INVALID);
    await untilNotificationsLive(t.database);
  });
});
