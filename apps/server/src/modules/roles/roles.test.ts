import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, menus, postRoles, posts, roleMenus, roles, userRoles, users } from '../../db/schema';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf } from '../../test/audit';
import { roleIdOf, userWith } from '../../test/users';

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

let keySeq = 0;
const newKey = () => `role-test-${++keySeq}`;

async function createRole(fields: Record<string, unknown> = {}): Promise<number> {
  const response = await call('POST', 'roles/store', { key: newKey(), name: '临时角色', ...fields });
  expect(response.code, JSON.stringify(response)).toBe(200);
  return response.data.id as number;
}

async function menuIdsOf(perms: string[]): Promise<number[]> {
  const rows = await t.db.select({ id: menus.id }).from(menus).where(inArray(menus.perm, perms));
  expect(rows).toHaveLength(perms.length);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe('GET /api/auth/roles', () => {
  it('lists the seeded roles in order with their user and post counts', async () => {
    const response = await call('GET', 'roles?limit=50');
    expect(response.status).toBe(200);
    const { data, total } = response.data;
    expect(total).toBe(data.length);
    const seeded = data.filter((row: { key: string }) =>
      ['super-admin', 'hr-admin', 'store-manager', 'staff'].includes(row.key),
    );
    expect(seeded.map((row: { key: string }) => row.key)).toEqual([
      'super-admin',
      'hr-admin',
      'store-manager',
      'staff',
    ]);
    expect(seeded[0]).toMatchObject({
      name: '超级管理员',
      isSuper: true,
      dataScope: 'all',
      status: 'active',
      userCount: 1,
      postCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(seeded[1]).toMatchObject({ isSuper: false, dataScope: 'all', postCount: 3 });
    expect(seeded[3].postCount).toBeGreaterThan(10);
  });

  it('filters by part of the name or the key, and by status, and pages', async () => {
    const byKey = await call('GET', 'roles?name=admin');
    expect(byKey.data.data.map((row: { key: string }) => row.key)).toEqual(['super-admin', 'hr-admin']);
    const byName = await call('GET', `roles?name=${encodeURIComponent('店长')}`);
    expect(byName.data.data.map((row: { key: string }) => row.key)).toEqual(['store-manager']);
    // A wildcard character is matched literally.
    expect((await call('GET', 'roles?name=%25')).data.total).toBe(0);

    const disabledId = await createRole({ status: 'disabled', name: '停用的角色' });
    const disabled = await call('GET', 'roles?status=disabled');
    expect(disabled.data.data.map((row: { id: number }) => row.id)).toContain(disabledId);
    expect(disabled.data.data.every((row: { status: string }) => row.status === 'disabled')).toBe(true);

    const all = (await call('GET', 'roles?limit=100')).data;
    const second = (await call('GET', 'roles?page=2&limit=2')).data;
    expect(second.total).toBe(all.total);
    expect(second.data).toEqual(all.data.slice(2, 4));
  });

  it('answers 422 for a bad page size or status', async () => {
    const errors = fieldErrorsOf(await call('GET', 'roles?limit=500&status=gone'));
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'limit', message: '每页条数必须是 1 到 100 之间的整数' },
        { field: 'status', message: '请选择状态' },
      ]),
    );
  });

  it('answers 1403 without system:roles:view', async () => {
    const response = await call('GET', 'roles', undefined, nobody);
    expect(response.status).toBe(403);
    expect(response.code).toBe(1403);
  });
});

describe('POST /api/auth/roles/store', () => {
  it('creates a role and audits it', async () => {
    const key = newKey();
    const response = await call('POST', 'roles/store', {
      key,
      name: '  区域经理 ',
      description: '管理区域内门店',
      dataScope: 'subtree',
      sort: 5,
    });
    expect(response.status).toBe(200);
    const id = response.data.id;
    const [row] = await t.db.select().from(roles).where(eq(roles.id, id));
    expect(row).toMatchObject({ key, name: '区域经理', status: 'active', isSuper: false, sort: 5 });
    const audit = await lastAuditOf(t, 'role', id);
    expect(audit).toMatchObject({ action: 'create', before: null });
    expect(audit!.after).toMatchObject({ key, name: '区域经理', dataScope: 'subtree' });
    expect(audit!.userId).not.toBeNull();
  });

  it('answers 422 with Chinese field messages', async () => {
    const errors = fieldErrorsOf(
      await call('POST', 'roles/store', { key: '1 bad', name: '  ', dataScope: 'world', sort: -1 }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'key', message: '角色标识只能包含字母、数字、下划线、短横线和冒号，且以字母开头' },
        { field: 'name', message: '角色名称不能为空' },
        { field: 'dataScope', message: '请选择数据范围' },
        { field: 'sort', message: '排序必须是 0 到 9999 之间的整数' },
      ]),
    );
    const missing = fieldErrorsOf(await call('POST', 'roles/store', {}));
    expect(missing).toEqual(
      expect.arrayContaining([
        { field: 'key', message: '角色标识不能为空' },
        { field: 'name', message: '角色名称不能为空' },
      ]),
    );
    const long = fieldErrorsOf(await call('POST', 'roles/store', { key: newKey(), name: '名'.repeat(51) }));
    expect(long).toEqual([{ field: 'name', message: '角色名称不能超过50个字符' }]);
  });

  it('answers 409 for a key in use and writes nothing', async () => {
    const before = await t.db.select({ id: auditLogs.id }).from(auditLogs);
    const response = await call('POST', 'roles/store', { key: 'hr-admin', name: '另一个' });
    expect(response.status).toBe(409);
    expect(response).toMatchObject({ code: 409, message: '角色标识已存在' });
    expect(await t.db.select({ id: auditLogs.id }).from(auditLogs)).toHaveLength(before.length);
  });

  it('answers 1403 without system:roles:create', async () => {
    const viewer = await userWith(t, ['system:roles:view']);
    expect((await call('POST', 'roles/store', { key: newKey(), name: 'x' }, viewer)).code).toBe(1403);
  });
});

describe('PUT /api/auth/roles/update', () => {
  it('changes the given fields and audits only what changed', async () => {
    const id = await createRole({ name: '旧名称', sort: 1 });
    const response = await call('PUT', 'roles/update', {
      id,
      name: '新名称',
      sort: 1,
      status: 'disabled',
      dataScope: 'all',
    });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(roles).where(eq(roles.id, id));
    expect(row).toMatchObject({ name: '新名称', status: 'disabled', dataScope: 'all', sort: 1 });
    const audit = await lastAuditOf(t, 'role', id);
    expect(audit).toMatchObject({
      action: 'update',
      before: { name: '旧名称', status: 'active', dataScope: 'subtree' },
      after: { name: '新名称', status: 'disabled', dataScope: 'all' },
    });
  });

  it('answers 404 for an unknown role and 422 for a blank name', async () => {
    const missing = await call('PUT', 'roles/update', { id: 999_999, name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.code).toBe(404);
    const errors = fieldErrorsOf(await call('PUT', 'roles/update', { id: 1, name: ' ' }));
    expect(errors).toEqual([{ field: 'name', message: '角色名称不能为空' }]);
    expect(fieldErrorsOf(await call('PUT', 'roles/update', { name: 'x' }))).toEqual([
      { field: 'id', message: '请选择角色' },
    ]);
  });

  it('answers 409 for a key in use and for disabling the super-admin role', async () => {
    const id = await createRole();
    const taken = await call('PUT', 'roles/update', { id, key: 'staff' });
    expect(taken).toMatchObject({ status: 409, message: '角色标识已存在' });
    const superId = await roleIdOf(t, 'super-admin');
    const disable = await call('PUT', 'roles/update', { id: superId, status: 'disabled' });
    expect(disable).toMatchObject({ status: 409, code: 409, message: '超级管理员角色不能停用' });
    const rekey = await call('PUT', 'roles/update', { id: superId, key: 'root' });
    expect(rekey.status).toBe(409);
    // Its name and description may change.
    expect((await call('PUT', 'roles/update', { id: superId, name: '超级管理员' })).status).toBe(200);
  });

  it('answers 1403 without system:roles:update', async () => {
    expect((await call('PUT', 'roles/update', { id: 1, name: 'x' }, nobody)).code).toBe(1403);
  });
});

describe('DELETE /api/auth/roles/destroy', () => {
  it('removes the role with its menu, user and post grants in one go, and audits them', async () => {
    const id = await createRole();
    const menuIds = await menuIdsOf(['system:roles:view', 'system:roles:create']);
    await t.db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: id, menuId })));
    const [someone] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
    await t.db.insert(userRoles).values({ userId: someone!.id, roleId: id });
    const [post] = await t.db.select({ id: posts.id }).from(posts).limit(1);
    await t.db.insert(postRoles).values({ postId: post!.id, roleId: id });

    const response = await call('DELETE', 'roles/destroy', { id });
    expect(response.status).toBe(200);
    expect(await t.db.select().from(roles).where(eq(roles.id, id))).toEqual([]);
    expect(await t.db.select().from(roleMenus).where(eq(roleMenus.roleId, id))).toEqual([]);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.roleId, id))).toEqual([]);
    expect(await t.db.select().from(postRoles).where(eq(postRoles.roleId, id))).toEqual([]);
    const audit = await lastAuditOf(t, 'role', id);
    expect(audit).toMatchObject({
      action: 'delete',
      after: null,
      before: { menu_ids: menuIds, user_ids: [someone!.id], post_ids: [post!.id] },
    });
  });

  it('answers 409 for the super-admin role, 404 for an unknown one and 422 without an id', async () => {
    const refused = await call('DELETE', 'roles/destroy', { id: await roleIdOf(t, 'super-admin') });
    expect(refused).toMatchObject({ status: 409, message: '超级管理员角色不能删除' });
    expect((await call('DELETE', 'roles/destroy', { id: 999_999 })).status).toBe(404);
    expect(fieldErrorsOf(await call('DELETE', 'roles/destroy', {}))).toEqual([
      { field: 'id', message: '请选择角色' },
    ]);
  });

  it('answers 1403 without system:roles:delete', async () => {
    const id = await createRole();
    expect((await call('DELETE', 'roles/destroy', { id }, nobody)).code).toBe(1403);
  });
});

describe('role menus', () => {
  it('replaces the grants, answers them, and audits the id lists', async () => {
    const id = await createRole();
    const first = await menuIdsOf(['system:roles:view', 'system:roles:create']);
    const stored = await call('PUT', 'roles/menus', { id, menu_ids: [...first, first[0]] });
    expect(stored).toMatchObject({ status: 200, data: first });
    expect((await call('GET', `roles/menus?id=${id}`)).data).toEqual(first);

    const second = await menuIdsOf(['system:audit:view']);
    await call('PUT', 'roles/menus', { id, menu_ids: second });
    expect((await call('GET', `roles/menus?id=${id}`)).data).toEqual(second);
    expect(await lastAuditOf(t, 'role_menus', id)).toMatchObject({
      action: 'grant',
      before: { menu_ids: first },
      after: { menu_ids: second },
    });

    await call('PUT', 'roles/menus', { id, menu_ids: [] });
    expect((await call('GET', `roles/menus?id=${id}`)).data).toEqual([]);
  });

  it('is what POST /api/auth/me reports as the permissions of a holder of the role', async () => {
    const key = newKey();
    const id = await createRole({ key, dataScope: 'all' });
    const holder = await userWith(t, []);
    const [account] = await t.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    await call('PUT', 'user/roles/give', { user_id: account!.id, role_ids: [id] });

    await call('PUT', 'roles/menus', {
      id,
      menu_ids: await menuIdsOf(['system:roles:view', 'system:roles:grant']),
    });
    const me = async () => (await call('POST', 'me', undefined, holder)).data;
    expect((await me()).permissions).toEqual(['system:roles:grant', 'system:roles:view']);
    expect((await me()).roles).toEqual([key]);
    expect((await call('GET', 'roles', undefined, holder)).status).toBe(200);

    await call('PUT', 'roles/menus', { id, menu_ids: await menuIdsOf(['system:audit:view']) });
    expect((await me()).permissions).toEqual(['system:audit:view']);
    expect((await call('GET', 'roles', undefined, holder)).code).toBe(1403);
  });

  it('answers 422 for unknown menu ids, 404 for an unknown role, 409 for the super-admin role', async () => {
    const id = await createRole();
    const known = await menuIdsOf(['system:roles:view']);
    const errors = fieldErrorsOf(
      await call('PUT', 'roles/menus', { id, menu_ids: [...known, 999_998, 999_999] }),
    );
    expect(errors).toEqual([{ field: 'menu_ids', message: '菜单不存在：999998, 999999' }]);
    expect((await call('GET', `roles/menus?id=${id}`)).data).toEqual([]);
    expect(fieldErrorsOf(await call('PUT', 'roles/menus', { id, menu_ids: 'all' }))).toEqual([
      { field: 'menu_ids', message: '菜单权限必须是由正整数 id 组成的列表' },
    ]);
    expect((await call('PUT', 'roles/menus', { id: 999_999, menu_ids: known })).status).toBe(404);
    expect((await call('GET', 'roles/menus?id=999999')).status).toBe(404);
    expect(fieldErrorsOf(await call('GET', 'roles/menus'))).toEqual([{ field: 'id', message: '请选择角色' }]);
    const superId = await roleIdOf(t, 'super-admin');
    expect((await call('PUT', 'roles/menus', { id: superId, menu_ids: known })).status).toBe(409);
    // A super-admin role holds every item.
    const all = await t.db.select({ id: menus.id }).from(menus);
    expect((await call('GET', `roles/menus?id=${superId}`)).data).toHaveLength(all.length);
  });

  it('answers 1403 without system:roles:grant (writes) or :view (reads)', async () => {
    const viewer = await userWith(t, ['system:roles:view']);
    expect((await call('PUT', 'roles/menus', { id: 2, menu_ids: [] }, viewer)).code).toBe(1403);
    expect((await call('GET', 'roles/menus?id=2', undefined, nobody)).code).toBe(1403);
  });
});

describe('post roles', () => {
  async function anyPost() {
    const [post] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.code, 'it_engineer'));
    return post!.id;
  }

  it('lists the active posts in order with the roles they carry', async () => {
    const response = await call('GET', 'posts/options');
    expect(response.status).toBe(200);
    const rows = response.data as { id: number; name: string; code: string; role_ids: number[] }[];
    expect(rows.length).toBeGreaterThan(20);
    const hrDirector = rows.find((row) => row.code === 'hr_director');
    expect(hrDirector).toMatchObject({ name: '人力资源总监', role_ids: [await roleIdOf(t, 'hr-admin')] });
    expect((await call('GET', 'posts/options', undefined, nobody)).code).toBe(1403);
  });

  it('replaces the roles of a post and audits the id lists', async () => {
    const postId = await anyPost();
    const before = (await call('GET', `posts/roles?post_id=${postId}`)).data;
    const a = await createRole();
    const b = await createRole();
    const response = await call('PUT', 'posts/roles', { post_id: postId, role_ids: [b, a] });
    expect(response).toMatchObject({ status: 200, data: [a, b] });
    expect((await call('GET', `posts/roles?post_id=${postId}`)).data).toEqual([a, b]);
    expect(await lastAuditOf(t, 'post_roles', postId)).toMatchObject({
      action: 'grant',
      before: { role_ids: before },
      after: { role_ids: [a, b] },
    });
    const listed = (await call('GET', 'roles?limit=100')).data.data;
    expect(listed.find((row: { id: number }) => row.id === a).postCount).toBe(1);
  });

  it('answers 404 for an unknown post, 422 for unknown roles and for a super-admin role from a non-super', async () => {
    const postId = await anyPost();
    expect((await call('GET', 'posts/roles?post_id=999999')).status).toBe(404);
    expect((await call('PUT', 'posts/roles', { post_id: 999_999, role_ids: [] })).status).toBe(404);
    expect(fieldErrorsOf(await call('PUT', 'posts/roles', { post_id: postId, role_ids: [999_999] }))).toEqual(
      [{ field: 'role_ids', message: '角色不存在：999999' }],
    );
    expect(fieldErrorsOf(await call('PUT', 'posts/roles', { role_ids: [] }))).toEqual([
      { field: 'post_id', message: '请选择岗位' },
    ]);
    const granter = await userWith(t, ['system:roles:grant']);
    const superId = await roleIdOf(t, 'super-admin');
    expect(
      fieldErrorsOf(await call('PUT', 'posts/roles', { post_id: postId, role_ids: [superId] }, granter)),
    ).toEqual([{ field: 'role_ids', message: '只有超级管理员可以分配超级管理员角色' }]);
    const ordinary = await createRole();
    expect(
      (await call('PUT', 'posts/roles', { post_id: postId, role_ids: [ordinary] }, granter)).status,
    ).toBe(200);
  });

  it('answers 1403 without the permission', async () => {
    expect((await call('GET', 'posts/roles?post_id=1', undefined, nobody)).code).toBe(1403);
    expect((await call('PUT', 'posts/roles', { post_id: 1, role_ids: [] }, nobody)).code).toBe(1403);
  });
});
