import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { claimsOf, expiredCopy, forgeToken } from '../../test/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SALES_LINK_URL: 'https://sales.example.com/home' });
});
afterAll(() => t.close());

const refresh = (authorization?: string) =>
  t.app.inject({ method: 'POST', url: '/api/refresh', headers: authorization ? { authorization } : {} });
const me = (authorization: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization } });
const bearer = (response: { json(): { data: { access_token: string } } }) =>
  `Bearer ${response.json().data.access_token}`;
const sessionOf = async (authorization: string) => {
  const [session] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, claimsOf(authorization).sessionId));
  return session!;
};

describe('POST /api/refresh', () => {
  it('trades an expired token for a new one of the same session, and the old one dies at once', async () => {
    const original = await t.login();
    const expired = `Bearer ${await expiredCopy(t.db, original)}`;
    expect((await me(expired)).json().code).toBe(10005);

    const response = await refresh(expired);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, data: { token_type: 'Bearer', expires_in: 900 } });
    const renewed = bearer(response);
    expect(claimsOf(renewed).sessionId).toBe(claimsOf(original).sessionId);
    expect((await me(renewed)).statusCode).toBe(200);
    // The unexpired original carried the same token id, so it is rotated away too.
    expect((await me(original)).json().code).toBe(10004);
  });

  it('also refreshes a token that has not expired yet', async () => {
    const original = await t.login();
    const renewed = bearer(await refresh(original));
    expect((await me(renewed)).statusCode).toBe(200);
    expect((await me(original)).json().code).toBe(10004);
  });

  it('ends the whole session when a rotated-away token is presented again (reuse detection)', async () => {
    const original = await t.login();
    const expired = `Bearer ${await expiredCopy(t.db, original)}`;
    const renewed = bearer(await refresh(expired));

    const replay = await refresh(expired);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(10004);
    // The thief's replay also kills the legitimate holder's newer token.
    expect((await me(renewed)).json().code).toBe(10004);
    expect((await refresh(renewed)).json().code).toBe(10004);
    expect(await sessionOf(original)).toMatchObject({ revokedReason: 'token_reuse' });
  });

  it('lets exactly one of two parallel refreshes of the same token win', async () => {
    const expired = `Bearer ${await expiredCopy(t.db, await t.login())}`;
    const answers = await Promise.all([refresh(expired), refresh(expired)]);
    const codes = answers.map((answer) => answer.json().code as number).sort((a, b) => a - b);
    expect(codes).toEqual([200, 10004]);
  });

  it('slides the refresh window forward on each refresh', async () => {
    const original = await t.login();
    const { sessionId } = claimsOf(original);
    await t.db
      .update(sessions)
      .set({ refreshExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, sessionId));
    await refresh(original);
    const { refreshExpiresAt } = await sessionOf(original);
    const fourteenDays = 1_209_600_000;
    expect(refreshExpiresAt.getTime()).toBeGreaterThan(Date.now() + fourteenDays - 60_000);
  });

  it('refuses a session whose refresh window has passed, and ends it', async () => {
    const original = await t.login();
    await t.db
      .update(sessions)
      .set({ refreshExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, claimsOf(original).sessionId));
    const response = await refresh(`Bearer ${await expiredCopy(t.db, original)}`);
    expect(response.json()).toMatchObject({ code: 10004, message: '登录已超过有效期，请重新登录' });
    expect(await sessionOf(original)).toMatchObject({ revokedReason: 'refresh_window_over' });
  });

  it('answers 10004 after logout, for an unknown session and for a missing or forged token', async () => {
    const original = await t.login();
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: original } });
    const unknown = await forgeToken(
      t.db,
      { userId: 1, sessionId: crypto.randomUUID(), tokenId: crypto.randomUUID() },
      { issuedAt: Date.now() - 1000, expiresAt: Date.now() + 60_000 },
    );
    for (const authorization of [original, `Bearer ${unknown}`, undefined, 'Bearer not-a-jwt']) {
      const response = await refresh(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json().code).toBe(10004);
    }
  });

  it('answers 10004 when the user was deleted and 1403 when frozen', async () => {
    const frozen = await t.login('staff');
    await t.db.update(users).set({ status: 'frozen' }).where(eq(users.username, 'staff'));
    const frozenAnswer = await refresh(frozen);
    expect(frozenAnswer.statusCode).toBe(403);
    expect(frozenAnswer.json()).toMatchObject({ code: 1403, message: '账号已被冻结，请联系管理员' });
    await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'staff'));

    const deleted = await t.login('hr');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.username, 'hr'));
    expect((await refresh(deleted)).json().code).toBe(10004);
    expect((await me(deleted)).json().code).toBe(10004);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.username, 'hr'));
  });
});

describe('POST /api/logout with reason page-close', () => {
  const closePage = (authorization: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization },
      payload: { reason: 'page-close' },
    });

  it('keeps the session when the page comes back within the grace period (a refresh)', async () => {
    const authorization = await t.login();
    expect((await closePage(authorization)).json().code).toBe(200);
    expect(await sessionOf(authorization)).toMatchObject({ closingAt: expect.any(Date), revokedAt: null });
    expect((await me(authorization)).statusCode).toBe(200);
    expect(await sessionOf(authorization)).toMatchObject({ closingAt: null, revokedAt: null });
  });

  it('ends the session when nothing comes back within the grace period (the page was closed)', async () => {
    const authorization = await t.login();
    await closePage(authorization);
    const { sessionId } = claimsOf(authorization);
    await t.db
      .update(sessions)
      .set({ closingAt: new Date(Date.now() - 10_001) })
      .where(eq(sessions.id, sessionId));
    expect((await me(authorization)).json().code).toBe(10004);
    expect((await refresh(authorization)).json().code).toBe(10004);
    expect(await sessionOf(authorization)).toMatchObject({ revokedReason: 'page_closed' });
  });

  it("ends a closed page's session on refresh too", async () => {
    const authorization = await t.login();
    await closePage(authorization);
    await t.db
      .update(sessions)
      .set({ closingAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, claimsOf(authorization).sessionId));
    expect((await refresh(`Bearer ${await expiredCopy(t.db, authorization)}`)).json().code).toBe(10004);
  });

  it('refuses an unknown reason with 422', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { reason: 'whatever' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().data.errors[0].field).toBe('reason');
  });
});

describe('sign-in rules shared by every login mode', () => {
  it('sends a sales-only user to the sales app with 10008 and opens no session', async () => {
    const [sales] = await t.db.select().from(users).where(eq(users.username, 'sales'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sales', password: t.config.ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 10008, data: { url: 'https://sales.example.com/home' } });
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, sales!.id), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(0);
  });

  it('records how the session was opened', async () => {
    expect(await sessionOf(await t.login())).toMatchObject({ loginMode: 'password' });
  });
});

describe('login throttle', () => {
  const attempt = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress: ip,
    });

  it('locks a username after 5 wrong passwords with a Chinese 429 that says when to retry', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt('manager', 'wrong-password')).statusCode).toBe(422);
    const locked = await attempt('manager', t.config.ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.json()).toEqual({
      code: 429,
      message: '登录失败次数过多，请在 1 分钟后重试',
      data: { retryAfter: 60 },
    });
    // The lock is per username: another account from the same place still signs in.
    expect((await attempt('hr', t.config.ADMIN_PASSWORD)).json().code).toBe(200);
  });

  it('treats unknown usernames like known ones, so the answer reveals nothing', async () => {
    for (let i = 0; i < 5; i += 1) await attempt('no-such-user', 'wrong-password', '10.0.0.2');
    expect((await attempt('no-such-user', 'wrong-password', '10.0.0.2')).statusCode).toBe(429);
  });

  it('locks an IP that sprays passwords over many usernames', async () => {
    for (let i = 0; i < 20; i += 1) await attempt(`user-${i}`, 'wrong-password', '10.0.0.3');
    const sprayed = await attempt('admin', t.config.ADMIN_PASSWORD, '10.0.0.3');
    expect(sprayed.statusCode).toBe(429);
    expect((await attempt('admin', t.config.ADMIN_PASSWORD, '10.0.0.4')).json().code).toBe(200);
  });
});
