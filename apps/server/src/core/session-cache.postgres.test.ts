import { ErrorCode } from '@dealer-hr/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import {
  meCode,
  sessionIdOf,
  untilNotificationsLive,
  untilNotificationsStop,
  withoutSessionNotices,
} from '../test/sessions';

// What only a PostgreSQL server has: several server instances, each with its own connections, and a
// listening connection that can drop (run by the PostgreSQL pass only, see vitest.config.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sessions kept by server instances on one PostgreSQL', () => {
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
    await untilNotificationsStop(t.database);
    // Down or already back, nothing from before is trusted: the session is read, and refused.
    expect(await meCode(t.app, authorization)).toBe(ErrorCode.TOKEN_INVALID);
    await untilNotificationsLive(t.database);
  });
});
