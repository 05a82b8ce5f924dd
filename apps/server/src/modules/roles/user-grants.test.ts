import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userRoles, users } from '../../db/schema';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf } from '../../test/audit';
import { roleIdOf, userIdOf, userWith } from '../../test/users';

// `user/roles/give|sync` and `user/freeze|thaw` of the roles module.

let t: TestApp;
let admin: string;
let nobody: string;
const call = callerOf(() => ({ app: t, authorization: admin }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  nobody = await userWith(t, []);
});
afterAll(() => t.close());

async function directRoles(userId: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

let seq = 0;
async function newRole(): Promise<number> {
  const response = await call('POST', 'roles/store', { key: `grant-test-${++seq}`, name: '测试角色' });
  return response.data.id as number;
}

describe('PUT /api/auth/user/roles/give and /sync', () => {
  it('give adds roles, sync replaces them, each audited with the id lists', async () => {
    const userId = await userIdOf(t, 'hr');
    const before = await directRoles(userId);
    const a = await newRole();
    const b = await newRole();

    const given = await call('PUT', 'user/roles/give', { user_id: userId, role_ids: [a, a] });
    expect(given).toMatchObject({ status: 200, data: { user_id: userId } });
    expect(await directRoles(userId)).toEqual([...before, a].sort((x, y) => x - y));
    expect(await lastAuditOf(t, 'user_roles', userId)).toMatchObject({
      action: 'grant',
      before: { role_ids: before },
      after: { role_ids: [...before, a].sort((x, y) => x - y) },
    });

    const synced = await call('PUT', 'user/roles/sync', { user_id: userId, role_ids: [b] });
    expect(synced.data.role_ids).toEqual([b]);
    expect(await directRoles(userId)).toEqual([b]);
    expect(await lastAuditOf(t, 'user_roles', userId)).toMatchObject({ after: { role_ids: [b] } });

    await call('PUT', 'user/roles/sync', { user_id: userId, role_ids: before });
    expect(await directRoles(userId)).toEqual(before);
  });

  it('answers 404 for an unknown user and for one outside the caller’s data scope', async () => {
    const role = await newRole();
    expect((await call('PUT', 'user/roles/give', { user_id: 999_999, role_ids: [role] })).status).toBe(404);
    // A fresh account holds no post: its scope is empty, so every employee's account is outside it.
    const assigner = await userWith(t, ['system:users:assign-roles']);
    const outside = await call(
      'PUT',
      'user/roles/give',
      {
        user_id: await userIdOf(t, 'staff'),
        role_ids: [role],
      },
      assigner,
    );
    expect(outside.status).toBe(404);
  });

  it('answers 422 for unknown roles, a missing user, and a super-admin role from a non-super', async () => {
    const userId = await userIdOf(t, 'hr');
    expect(
      fieldErrorsOf(await call('PUT', 'user/roles/sync', { user_id: userId, role_ids: [999_999] })),
    ).toEqual([{ field: 'role_ids', message: '角色不存在：999999' }]);
    expect(fieldErrorsOf(await call('PUT', 'user/roles/give', { role_ids: [] }))).toEqual([
      { field: 'user_id', message: '请选择用户' },
    ]);
    // hr-admin has a group-wide scope, and holds assign-roles (through the seeded grant).
    const hr = await t.login('hr');
    const superId = await roleIdOf(t, 'super-admin');
    const escalate = await call('PUT', 'user/roles/give', { user_id: userId, role_ids: [superId] }, hr);
    expect(fieldErrorsOf(escalate)).toEqual([
      { field: 'role_ids', message: '只有超级管理员可以分配超级管理员角色' },
    ]);
  });

  it('answers 409 when sync would take the super-admin role from the seeded admin', async () => {
    const adminId = await userIdOf(t, 'admin');
    const response = await call('PUT', 'user/roles/sync', { user_id: adminId, role_ids: [] });
    expect(response).toMatchObject({
      status: 409,
      message: '系统管理员账号必须保留超级管理员角色',
    });
    expect(await directRoles(adminId)).toEqual([await roleIdOf(t, 'super-admin')]);
  });

  it('answers 1403 without system:users:assign-roles', async () => {
    const role = await newRole();
    for (const mode of ['give', 'sync']) {
      const response = await call('PUT', `user/roles/${mode}`, { user_id: 1, role_ids: [role] }, nobody);
      expect(response.code).toBe(1403);
    }
  });
});

describe('PUT /api/auth/user/freeze and /thaw', () => {
  const me = (authorization: string) => call('POST', 'me', undefined, authorization);
  const refresh = (authorization: string) => call('POST', '/api/refresh', undefined, authorization);
  const login = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: t.config.ADMIN_PASSWORD },
    });

  it('freezes an account and ends its open sessions at once; thaw lets it sign in again', async () => {
    const staffId = await userIdOf(t, 'staff');
    const first = await t.login('staff');
    const second = await t.login('staff');
    expect((await me(first)).status).toBe(200);

    const response = await call('PUT', 'user/freeze', { id: staffId, reason: '  离职交接中 ' });
    expect(response).toMatchObject({
      status: 200,
      data: { id: staffId, status: 'frozen', frozenReason: '离职交接中', revokedSessions: 2 },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, staffId));
    expect(row).toMatchObject({ status: 'frozen', frozenReason: '离职交接中', frozenAt: expect.any(Date) });
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, staffId), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    const ended = await t.db.select().from(sessions).where(eq(sessions.userId, staffId));
    expect(ended.every((session) => session.revokedReason === 'frozen')).toBe(true);

    // The tokens already handed out stop at once, with the frozen message.
    for (const token of [first, second]) {
      const refused = await me(token);
      expect(refused.status).toBe(403);
      expect(refused).toMatchObject({ code: 1403, message: '账号已被冻结，请联系管理员' });
    }
    expect((await refresh(first)).code).not.toBe(200);
    const loginRefused = await login('staff');
    expect(loginRefused.json()).toMatchObject({ code: 1403 });

    expect(await lastAuditOf(t, 'user', staffId)).toMatchObject({
      action: 'freeze',
      before: { status: 'active', frozenReason: null },
      after: { status: 'frozen', frozenReason: '离职交接中', revokedSessions: 2 },
    });

    const thawed = await call('PUT', 'user/thaw', { id: staffId, reason: '交接完成' });
    expect(thawed).toMatchObject({ status: 200, data: { status: 'active', frozenReason: null } });
    expect(await lastAuditOf(t, 'user', staffId)).toMatchObject({
      action: 'thaw',
      before: { status: 'frozen', frozenReason: '离职交接中' },
      after: { status: 'active', frozenReason: null, thawReason: '交接完成' },
    });
    // The old sessions stay ended; a new sign-in works.
    expect((await me(first)).code).toBe(10004);
    const again = await login('staff');
    expect(again.json().code).toBe(200);
    expect((await me(`Bearer ${again.json().data.access_token}`)).status).toBe(200);
  });

  it('answers 422 without a reason or with one that is too long', async () => {
    const staffId = await userIdOf(t, 'staff');
    expect(fieldErrorsOf(await call('PUT', 'user/freeze', { id: staffId }))).toEqual([
      { field: 'reason', message: '请填写冻结原因' },
    ]);
    expect(fieldErrorsOf(await call('PUT', 'user/freeze', { id: staffId, reason: '   ' }))).toEqual([
      { field: 'reason', message: '请填写冻结原因' },
    ]);
    expect(
      fieldErrorsOf(await call('PUT', 'user/freeze', { id: staffId, reason: '因'.repeat(201) })),
    ).toEqual([{ field: 'reason', message: '冻结原因不能超过200个字符' }]);
    expect(fieldErrorsOf(await call('PUT', 'user/thaw', { id: staffId, reason: '' }))).toEqual([
      { field: 'reason', message: '请填写解冻原因' },
    ]);
    expect(fieldErrorsOf(await call('PUT', 'user/thaw', { reason: '好' }))).toEqual([
      { field: 'id', message: '请选择用户' },
    ]);
  });

  it('answers 409 for oneself, the seeded admin, a frozen account (freeze) and an active one (thaw)', async () => {
    const freezer = await userWith(t, ['system:users:freeze']);
    const freezerId = (await me(freezer)).data.id;
    // A fresh account has no group-wide scope; the admin's own call covers the self case for one that has.
    expect(await call('PUT', 'user/freeze', { id: await userIdOf(t, 'admin'), reason: 'x' })).toMatchObject({
      code: 409,
      message: '不能冻结自己的账号',
    });
    const hr = await t.login('hr');
    const adminFrozen = await call('PUT', 'user/freeze', { id: await userIdOf(t, 'admin'), reason: 'x' }, hr);
    expect(adminFrozen).toMatchObject({ status: 409, message: '不能冻结系统管理员账号' });
    expect((await call('PUT', 'user/freeze', { id: freezerId, reason: 'x' }, freezer)).status).toBe(404);

    const managerId = await userIdOf(t, 'manager');
    expect(await call('PUT', 'user/thaw', { id: managerId, reason: 'x' })).toMatchObject({
      code: 409,
      message: '该账号未被冻结',
    });
    await call('PUT', 'user/freeze', { id: managerId, reason: '调查中' });
    expect(await call('PUT', 'user/freeze', { id: managerId, reason: '再次' })).toMatchObject({
      code: 409,
      message: '该账号已被冻结',
    });
    await call('PUT', 'user/thaw', { id: managerId, reason: '结束' });
  });

  it('answers 404 for an unknown account and one outside the caller’s data scope', async () => {
    expect((await call('PUT', 'user/freeze', { id: 999_999, reason: 'x' })).status).toBe(404);
    expect((await call('PUT', 'user/thaw', { id: 999_999, reason: 'x' })).status).toBe(404);
    const freezer = await userWith(t, ['system:users:freeze']);
    expect(
      (await call('PUT', 'user/freeze', { id: await userIdOf(t, 'staff'), reason: 'x' }, freezer)).status,
    ).toBe(404);
  });

  it('answers 1403 without system:users:freeze or :thaw', async () => {
    const staffId = await userIdOf(t, 'staff');
    expect((await call('PUT', 'user/freeze', { id: staffId, reason: 'x' }, nobody)).code).toBe(1403);
    const freezer = await userWith(t, ['system:users:freeze']);
    expect((await call('PUT', 'user/thaw', { id: staffId, reason: 'x' }, freezer)).code).toBe(1403);
  });
});
