import { ErrorCode } from '@dealer-hr/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { meCode, sessionIdOf, untilNotificationsLive, withoutSessionNotices } from '../test/sessions';
import { userIdOf } from '../test/users';

// A request whose session is kept in memory reads nothing from the database (core/session-cache.ts); the
// database's change notifications are what keep that honest. Writes here go straight to the tables, as
// another server instance's would, not through this app's routes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (authorization: string) => meCode(t.app, authorization);

describe('sessions kept in memory', () => {
  it('serves a kept session without reading it, and drops it when the database says it changed', async () => {
    const authorization = await t.login('hr');
    await untilNotificationsLive(t.database);
    expect(await me(authorization)).toBe(ErrorCode.OK);
    const id = sessionIdOf(authorization);
    // With the notice switched off, a revocation goes unheard: the kept session still answers.
    await withoutSessionNotices(t.db, () =>
      t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id)),
    );
    expect(await me(authorization)).toBe(ErrorCode.OK);
    // Heard, it ends the session at the very next request.
    await t.db.update(sessions).set({ revokedReason: 'test' }).where(eq(sessions.id, id));
    expect(await me(authorization)).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('ends every kept session of an account frozen by another writer', async () => {
    const authorization = await t.login('hr');
    await untilNotificationsLive(t.database);
    expect(await me(authorization)).toBe(ErrorCode.OK);
    const userId = await userIdOf(t, 'hr');
    await t.db.update(users).set({ status: 'frozen' }).where(eq(users.id, userId));
    expect(await me(authorization)).toBe(ErrorCode.FORBIDDEN);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, userId));
    expect(await me(authorization)).toBe(ErrorCode.OK);
  });
});
