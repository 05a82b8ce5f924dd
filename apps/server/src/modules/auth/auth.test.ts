import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expiredCopy } from '../../test/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as Record<string, unknown> });
const me = (authorization?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

describe('POST /api/login', () => {
  it('signs the seeded admin in with an access token', async () => {
    const response = await login({ username: 'admin', password: t.config.ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.data.token_type).toBe('Bearer');
    expect(body.data.expires_in).toBe(900);
    expect(body.data.access_token.split('.')).toHaveLength(3);
  });

  it('stores an argon2id hash, never the password', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin?.passwordHash).not.toContain(t.config.ADMIN_PASSWORD);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await login({ username: 'admin', password: 'not-the-password' });
    const unknown = await login({ username: 'nobody-here', password: 'not-the-password' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 422,
        message: '用户名或密码错误',
        data: { errors: [{ field: 'password', message: '用户名或密码错误' }] },
      });
    }
  });

  it.each([
    ['missing fields', {}, ['username', 'password']],
    ['empty strings', { username: '', password: '  ' }, ['username', 'password']],
    ['wrong types', { username: 42, password: ['x'] }, ['username', 'password']],
    ['null values', { username: null, password: null }, ['username', 'password']],
    [
      '10 kB strings',
      { username: 'u'.repeat(10_240), password: 'p'.repeat(10_240) },
      ['username', 'password'],
    ],
  ])('answers 422 with Chinese field errors for %s', async (_case, payload, fields) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe(422);
    expect(body.data.errors.map((error: { field: string }) => error.field).sort()).toEqual(
      [...fields].sort(),
    );
    for (const error of body.data.errors) expect(error.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers 422 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 422, data: { errors: [{ field: 'body' }] } });
  });

  it('refuses a frozen account with 1403', async () => {
    await t.db
      .update(users)
      .set({ status: 'frozen', frozenReason: 'test' })
      .where(eq(users.username, 'staff'));
    const response = await login({ username: 'staff', password: t.config.ADMIN_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(1403);
    await t.db.update(users).set({ status: 'active', frozenReason: null }).where(eq(users.username, 'staff'));
  });
});

describe('POST /api/auth/me', () => {
  it('answers the header user of the admin', async () => {
    const response = await me(await t.login());
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      username: 'admin',
      name: '系统管理员',
      face: null,
      post: [],
      isSale: false,
    });
    expect(data.roles).toEqual(['super-admin']);
    expect(data.permissions).toEqual(['*']);
  });

  it('answers an employee account with its posts, main post first', async () => {
    const response = await me(await t.login('manager'));
    const { data } = response.json();
    expect(data.employeeId).toEqual(expect.any(Number));
    expect(data.name).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
    expect(data.post[0]).toMatchObject({ title: '总经理', isMain: true });
    expect(data.roles).toContain('store-manager');
    expect(data.permissions).toContain('staff:list:export');
    expect(data.permissions).not.toContain('system:roles:update');
  });

  it('answers 10004 without a token or with a malformed one', async () => {
    for (const header of [undefined, 'Bearer', 'Bearer not-a-jwt', 'Basic abc']) {
      const response = await me(header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json().code).toBe(10004);
    }
  });

  it('answers 10005 for an expired token of a live session', async () => {
    const authorization = await t.login();
    const response = await me(`Bearer ${await expiredCopy(t.db, authorization)}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(10005);
    expect((await me(authorization)).statusCode).toBe(200);
  });

  it('answers 10004 for a token signed with another key', async () => {
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti(crypto.randomUUID())
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await me(`Bearer ${forged}`)).json().code).toBe(10004);
  });

  it('throws a frozen user out of an open session with 1403', async () => {
    const authorization = await t.login('staff');
    await t.db.update(users).set({ status: 'frozen' }).where(eq(users.username, 'staff'));
    const response = await me(authorization);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(1403);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'staff'));
  });
});

describe('POST /api/logout', () => {
  it('ends the session, so its token no longer works', async () => {
    const authorization = await t.login();
    expect((await me(authorization)).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization } });
    expect(response.json()).toEqual({ code: 200, message: 'ok', data: null });
    const after = await me(authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(10004);
  });

  it('succeeds without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.json().code).toBe(200);
  });
});
