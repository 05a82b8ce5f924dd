import { MenuType, type MenuNode } from '@dealer-hr/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, menus, roleMenus, roles } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf } from '../../test/audit';
import { userWith } from '../../test/users';
import type { AdminMenuNode } from '@dealer-hr/shared/menus/contract';

let t: TestApp;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: admin }));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The seeded areas of the product, in menu order. */
const TOP_LEVEL = ['home', 'organization', 'staff', 'approval', 'attendance', 'statistics', 'system'];

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

async function treeOf(username: string) {
  const answer = await call<MenuNode[]>('GET', 'menus/tree', undefined, await t.login(username));
  expect(answer.status).toBe(200);
  return answer.data;
}

describe('GET /api/auth/menus/tree', () => {
  it('gives super-admin every area of the product', async () => {
    const tree = await treeOf('admin');
    expect(tree.map((node) => node.name)).toEqual(TOP_LEVEL);
    const paths = flatten(tree).map((node) => node.path);
    for (const path of [
      '/dashboard/dashboard',
      '/organization/departments',
      '/staff/list',
      '/system/audit',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('folds buttons into their page perm list and keeps hidden pages as routes', async () => {
    const all = flatten(await treeOf('admin'));
    expect(all.some((node) => node.type_id === MenuType.BUTTON)).toBe(false);
    const staffList = all.find((node) => node.path === '/staff/list');
    expect(staffList?.perm).toContainEqual({ name: 'staff:list:export' });
    const hidden = all.filter((node) => node.type_id === MenuType.HIDDEN_PAGE).map((node) => node.path);
    expect(hidden).toEqual(expect.arrayContaining(['/staff/detail', '/staff/resignation/handover']));
    expect(all.find((node) => node.path === '/dashboard/dashboard')?.affix).toBe(true);
  });

  it('gives a staff member only their pages, with the directories above them', async () => {
    const tree = await treeOf('staff');
    const all = flatten(tree);
    expect(all.map((node) => node.path)).toContain('/dashboard/dashboard');
    expect(all.some((node) => node.path.startsWith('/system'))).toBe(false);
    expect(all.some((node) => node.path === '/organization/departments')).toBe(false);
    for (const node of all.filter((item) => item.parent_id !== null)) {
      expect(
        all.some((parent) => parent.id === node.parent_id),
        node.name,
      ).toBe(true);
    }
  });

  it('refuses without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/menus/tree' });
    expect(response.json().code).toBe(10004);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Administration

beforeAll(async () => {
  admin = await t.login();
});

const errorsOf = (body: { data: unknown }) =>
  Object.fromEntries(
    ((body.data as { errors: { field: string; message: string }[] }).errors ?? []).map((e) => [
      e.field,
      e.message,
    ]),
  );

const flattenAdmin = (nodes: AdminMenuNode[]): AdminMenuNode[] =>
  nodes.flatMap((node) => [node, ...flattenAdmin(node.children)]);

async function adminTree() {
  const body = await call('GET', 'menus');
  expect(body.code).toBe(200);
  return body.data as AdminMenuNode[];
}

async function byName(name: string) {
  const [row] = await t.db.select().from(menus).where(eq(menus.name, name));
  return row;
}

const lastAudit = (entityId: number | string) => lastAuditOf(t, 'menu', entityId);

async function auditCount() {
  return (await t.db.select({ id: auditLogs.id }).from(auditLogs)).length;
}

let seq = 0;
/** A fresh page under the system directory (with unique name, path and perm). */
async function createPage(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const system = await byName('system');
  const body = await call('POST', 'menus/store', {
    parent_id: system!.id,
    type_id: MenuType.PAGE,
    title: `测试页面${seq}`,
    name: `testPage${seq}`,
    path: `/system/test-${seq}`,
    perm: `system:test-${seq}:view`,
    quick_icon: 'SmileOutlined',
    ...overrides,
  });
  expect(body.code, body.message).toBe(200);
  return (body.data as { id: number }).id;
}

async function createButton(parentId: number, action = 'create') {
  seq += 1;
  const body = await call('POST', 'menus/store', {
    parent_id: parentId,
    type_id: MenuType.BUTTON,
    title: '新增',
    name: `testButton${seq}`,
    perm: `system:test-button-${seq}:${action}`,
  });
  expect(body.code, body.message).toBe(200);
  return (body.data as { id: number }).id;
}

async function createDirectory(parentId: number | null) {
  seq += 1;
  const body = await call('POST', 'menus/store', {
    parent_id: parentId,
    type_id: MenuType.DIRECTORY,
    title: `测试目录${seq}`,
    name: `testDirectory${seq}`,
    path: '',
  });
  expect(body.code, body.message).toBe(200);
  return (body.data as { id: number }).id;
}

describe('GET /api/auth/menus', () => {
  it('answers the whole table as a tree, buttons included, siblings by sort then id', async () => {
    const tree = await adminTree();
    expect(tree.map((node) => node.name)).toEqual(TOP_LEVEL);
    const all = flattenAdmin(tree);
    const systemMenus = all.find((node) => node.name === 'systemMenus')!;
    expect(systemMenus).toMatchObject({
      path: '/system/menus',
      type_id: MenuType.PAGE,
      perm: 'system:menus:view',
      quick_icon: 'MenuOutlined',
      affix: false,
      noCache: false,
    });
    expect(systemMenus.builtin).toBe(true);
    expect(systemMenus.children.map((node) => [node.type_id, node.perm])).toEqual([
      [MenuType.BUTTON, 'system:menus:create'],
      [MenuType.BUTTON, 'system:menus:update'],
      [MenuType.BUTTON, 'system:menus:delete'],
    ]);
    for (const node of all) {
      const sorts = node.children.map((child) => [child.sort, child.id] as const);
      const sorted = [...sorts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(sorts).toEqual(sorted);
    }
    const rows = await t.db.select({ id: menus.id }).from(menus);
    expect(all).toHaveLength(rows.length);
  });

  it('needs system:menus:view', async () => {
    expect((await call('GET', 'menus', undefined, await userWith(t, []))).code).toBe(1403);
    expect((await call('GET', 'menus', undefined, await userWith(t, ['system:menus:view']))).code).toBe(200);
  });
});

describe('POST /api/auth/menus/store', () => {
  it('creates a page after its last sibling, with an audit row, and it joins the admin sidebar', async () => {
    const system = await byName('system');
    const lastSort = Math.max(
      ...(await t.db.select().from(menus).where(eq(menus.parentId, system!.id))).map((row) => row.sort),
    );
    const id = await createPage({ affix: true, noCache: true });
    const row = await t.db.select().from(menus).where(eq(menus.id, id));
    expect(row[0]).toMatchObject({
      parentId: system!.id,
      typeId: MenuType.PAGE,
      quickIcon: 'SmileOutlined',
      affix: true,
      noCache: true,
      sort: lastSort + 10,
    });
    const audit = await lastAudit(id);
    expect(audit).toMatchObject({ action: 'create', entity: 'menu' });
    expect(audit!.userId).not.toBeNull();
    expect(audit!.before).toBeNull();
    expect(audit!.after).toMatchObject({
      id,
      name: row[0]!.name,
      type_id: MenuType.PAGE,
      sort: lastSort + 10,
    });

    const button = await createButton(id);
    const tree = flatten(await treeOf('admin'));
    // The page's buttons are folded into its perm list.
    expect(tree.find((node) => node.id === id)?.perm).toEqual([
      { name: (await t.db.select().from(menus).where(eq(menus.id, button)))[0]!.perm },
    ]);
  });

  it('creates a directory at the top, trims text and keeps a given sort', async () => {
    seq += 1;
    const body = await call('POST', 'menus/store', {
      parent_id: null,
      type_id: MenuType.DIRECTORY,
      title: '  顶层目录  ',
      name: `topDirectory${seq}`,
      path: '/top',
      perm: '',
      quick_icon: '',
      sort: 5,
    });
    expect(body.code, body.message).toBe(200);
    const row = await byName(`topDirectory${seq}`);
    expect(row).toMatchObject({ parentId: null, title: '顶层目录', perm: null, quickIcon: null, sort: 5 });
    expect((await adminTree())[0]!.name).toBe(`topDirectory${seq}`);
  });

  it('answers 422 with Chinese messages for every empty required field at once', async () => {
    const before = await auditCount();
    let body = await call('POST', 'menus/store', {});
    expect(body.code).toBe(422);
    expect(errorsOf(body)).toEqual({
      type_id: '请选择菜单类型',
      title: '菜单标题不能为空',
      name: '路由名称不能为空',
    });
    body = await call('POST', 'menus/store', { type_id: MenuType.PAGE, title: ' ', name: '' });
    expect(errorsOf(body)).toEqual({
      parent_id: '请选择上级菜单',
      title: '菜单标题不能为空',
      name: '路由名称不能为空',
      path: '路由地址不能为空',
    });
    body = await call('POST', 'menus/store', {
      type_id: MenuType.BUTTON,
      parent_id: 1,
      title: 'x',
      name: 'x',
    });
    expect(errorsOf(body)).toEqual({ perm: '权限标识不能为空' });
    expect(await auditCount()).toBe(before);
  });

  it('answers 422 for badly formed fields', async () => {
    const system = await byName('system');
    const base = { parent_id: system!.id, type_id: MenuType.PAGE, title: '页面', path: '/x/y' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '9lives' }, 'name', '路由名称只能包含字母和数字，且以字母开头'],
      [{ name: 'has-dash' }, 'name', '路由名称只能包含字母和数字，且以字母开头'],
      [{ name: 'okName', path: 'no/slash' }, 'path', '路由地址必须以 / 开头，且不能包含空格'],
      [
        { name: 'okName', perm: 'system:menus' },
        'perm',
        '权限标识格式应为 模块:页面:操作，如 system:menus:create',
      ],
      [{ name: 'okName', quick_icon: 'NotAnIcon' }, 'quick_icon', '图标名称不正确'],
      [{ name: 'okName', sort: -1 }, 'sort', '排序只能为 0 到 999999 的整数'],
      [{ name: 'okName', type_id: 7 }, 'type_id', '请选择菜单类型'],
      [{ name: 'okName', title: '标'.repeat(51) }, 'title', '菜单标题不能超过50个字符'],
      [{ name: 'okName', affix: 'yes' }, 'affix', '请选择是或否'],
      [{ name: 'okName', type_id: MenuType.DIRECTORY, perm: 'a:b:c' }, 'perm', '目录不需要权限标识'],
      [{ name: 'okName', type_id: MenuType.BUTTON, perm: 'a:b:c' }, 'path', '按钮不需要路由地址'],
    ];
    for (const [fields, field, message] of cases) {
      const body = await call('POST', 'menus/store', { ...base, ...fields });
      expect(body.code, JSON.stringify(fields)).toBe(422);
      expect(errorsOf(body), JSON.stringify(fields)).toEqual({ [field]: message });
    }
  });

  it('answers 422 when the parent cannot hold the type, or does not exist', async () => {
    const system = await byName('system');
    const page = await byName('systemMenus');
    const button = await byName('systemMenusCreate');
    const cases: [Record<string, unknown>, string][] = [
      [{ type_id: MenuType.PAGE, parent_id: page!.id, path: '/a/b' }, '页面的上级菜单必须是目录'],
      [{ type_id: MenuType.HIDDEN_PAGE, parent_id: page!.id, path: '/a/b' }, '隐藏页面的上级菜单必须是目录'],
      [
        { type_id: MenuType.BUTTON, parent_id: system!.id, perm: 'a:b:c' },
        '按钮的上级菜单必须是页面或隐藏页面',
      ],
      [{ type_id: MenuType.DIRECTORY, parent_id: page!.id }, '目录只能放在顶层或其他目录下'],
      [
        { type_id: MenuType.BUTTON, parent_id: button!.id, perm: 'a:b:c' },
        '按钮的上级菜单必须是页面或隐藏页面',
      ],
      [{ type_id: MenuType.PAGE, parent_id: 999_999, path: '/a/b' }, '上级菜单不存在'],
    ];
    for (const [fields, message] of cases) {
      const body = await call('POST', 'menus/store', { title: '测试', name: 'parentCase', ...fields });
      expect(body.code, JSON.stringify(fields)).toBe(422);
      expect(errorsOf(body)).toEqual({ parent_id: message });
    }
    // A button under a hidden page is fine.
    const hidden = await byName('staffDetail');
    expect(
      (
        await call('POST', 'menus/store', {
          type_id: MenuType.BUTTON,
          parent_id: hidden!.id,
          title: '打印',
          name: 'staffDetailPrint',
          perm: 'staff:detail:print',
        })
      ).code,
    ).toBe(200);
  });

  it('answers 409 for a name, permission or path that is taken, and writes nothing', async () => {
    const system = await byName('system');
    const base = {
      parent_id: system!.id,
      type_id: MenuType.PAGE,
      title: '重复',
      name: 'uniqueName',
      path: '/u/n',
    };
    const before = await auditCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'systemRoles' }, 'name', '路由名称已存在'],
      [{ perm: 'system:roles:view' }, 'perm', '权限标识已存在'],
      [{ path: '/system/roles' }, 'path', '路由地址已被其他菜单使用'],
    ];
    for (const [fields, field, message] of cases) {
      const body = await call('POST', 'menus/store', { ...base, ...fields });
      expect(body).toEqual({ status: 409, code: 409, message, data: { field } });
    }
    expect(await auditCount()).toBe(before);
    expect(await byName('uniqueName')).toBeUndefined();
  });

  it('needs system:menus:create', async () => {
    const payload = { type_id: MenuType.DIRECTORY, title: '目录', name: 'permDirectory' };
    expect((await call('POST', 'menus/store', payload, await userWith(t, ['system:menus:view']))).code).toBe(
      1403,
    );
    expect(
      (await call('POST', 'menus/store', payload, await userWith(t, ['system:menus:create']))).code,
    ).toBe(200);
  });
});

describe('PUT /api/auth/menus/update', () => {
  it('changes an item and audits only the changed fields', async () => {
    const id = await createPage();
    const row = (await t.db.select().from(menus).where(eq(menus.id, id)))[0]!;
    const body = await call('PUT', 'menus/update', {
      id,
      parent_id: row.parentId,
      type_id: MenuType.HIDDEN_PAGE,
      title: '改名后的页面',
      name: row.name,
      path: row.path,
      perm: row.perm,
      quick_icon: null,
      affix: false,
      noCache: true,
    });
    expect(body).toEqual({ status: 200, code: 200, message: 'ok', data: { id } });
    const after = (await t.db.select().from(menus).where(eq(menus.id, id)))[0]!;
    expect(after).toMatchObject({
      title: '改名后的页面',
      typeId: MenuType.HIDDEN_PAGE,
      quickIcon: null,
      sort: row.sort,
    });
    const audit = await lastAudit(id);
    expect(audit).toMatchObject({
      action: 'update',
      before: { title: row.title, type_id: MenuType.PAGE, quick_icon: 'SmileOutlined', noCache: false },
      after: { title: '改名后的页面', type_id: MenuType.HIDDEN_PAGE, quick_icon: null, noCache: true },
    });
    expect(Object.keys(audit!.after as object).sort()).toEqual(['noCache', 'quick_icon', 'title', 'type_id']);
  });

  it('moves an item after its new siblings, and refuses a move into its own subtree', async () => {
    const outer = await createDirectory(null);
    const inner = await createDirectory(outer);
    const deepest = await createDirectory(inner);
    const outerRow = (await t.db.select().from(menus).where(eq(menus.id, outer)))[0]!;
    const update = (parent_id: number | null) =>
      call('PUT', 'menus/update', {
        id: outer,
        parent_id,
        type_id: MenuType.DIRECTORY,
        title: outerRow.title,
        name: outerRow.name,
      });
    for (const target of [outer, inner, deepest]) {
      const body = await update(target);
      expect(body.code).toBe(422);
      expect(errorsOf(body)).toEqual({ parent_id: '不能移动到自身或其下级菜单下' });
    }
    const system = await byName('system');
    const lastSort = Math.max(
      ...(await t.db.select().from(menus).where(eq(menus.parentId, system!.id))).map((row) => row.sort),
    );
    expect((await update(system!.id)).code).toBe(200);
    expect((await t.db.select().from(menus).where(eq(menus.id, outer)))[0]).toMatchObject({
      parentId: system!.id,
      sort: lastSort + 10,
    });
    expect(await lastAudit(outer)).toMatchObject({
      action: 'update',
      before: { parent_id: null },
      after: { parent_id: system!.id },
    });
  });

  it('refuses a type its children cannot sit under', async () => {
    const page = await createPage();
    await createButton(page);
    const row = (await t.db.select().from(menus).where(eq(menus.id, page)))[0]!;
    const body = await call('PUT', 'menus/update', {
      id: page,
      parent_id: row.parentId,
      type_id: MenuType.DIRECTORY,
      title: row.title,
      name: row.name,
      path: row.path,
    });
    expect(body.code).toBe(422);
    expect(errorsOf(body)).toEqual({ type_id: '该菜单下有按钮，不能改为目录' });
  });

  it('keeps the name, path and permission of a built-in item, and lets the rest change', async () => {
    const page = await byName('systemDictionaries');
    const fields = {
      id: page!.id,
      parent_id: page!.parentId,
      type_id: page!.typeId,
      title: page!.title,
      name: page!.name,
      path: page!.path,
      perm: page!.perm,
    };
    const body = await call('PUT', 'menus/update', {
      ...fields,
      name: 'dictionaries',
      path: '/system/dicts',
      perm: 'system:dicts:view',
    });
    expect(body.code).toBe(422);
    expect(errorsOf(body)).toEqual({
      name: '内置菜单的路由名称不能修改',
      path: '内置菜单的路由地址不能修改',
      perm: '内置菜单的权限标识不能修改',
    });
    const moved = await call('PUT', 'menus/update', {
      ...fields,
      type_id: MenuType.HIDDEN_PAGE,
      title: '字典',
      quick_icon: 'BookFilled',
    });
    expect(moved.code, moved.message).toBe(200);
    expect(await byName('systemDictionaries')).toMatchObject({ title: '字典', typeId: MenuType.HIDDEN_PAGE });
  });

  it('answers 404, 409 and 422', async () => {
    const id = await createPage();
    const row = (await t.db.select().from(menus).where(eq(menus.id, id)))[0]!;
    const fields = {
      id,
      parent_id: row.parentId,
      type_id: row.typeId,
      title: row.title,
      name: row.name,
      path: row.path,
      perm: row.perm,
    };
    expect(await call('PUT', 'menus/update', { ...fields, id: 987_654 })).toMatchObject({
      code: 404,
      message: '菜单不存在',
    });
    expect(await call('PUT', 'menus/update', { ...fields, name: 'systemUsers' })).toMatchObject({
      code: 409,
      data: { field: 'name' },
    });
    expect(await call('PUT', 'menus/update', { ...fields, path: '/system/users' })).toMatchObject({
      code: 409,
      data: { field: 'path' },
    });
    // Its own name, path and permission are no conflict.
    expect((await call('PUT', 'menus/update', fields)).code).toBe(200);
    const invalid = await call('PUT', 'menus/update', { ...fields, id: 'x', title: '' });
    expect(errorsOf(invalid)).toEqual({ id: '请选择菜单', title: '菜单标题不能为空' });
  });

  it('needs system:menus:update', async () => {
    const page = await byName('systemAudit');
    const payload = {
      id: page!.id,
      parent_id: page!.parentId,
      type_id: page!.typeId,
      title: '日志审计',
      name: page!.name,
      path: page!.path,
      perm: page!.perm,
      quick_icon: page!.quickIcon,
    };
    expect(
      (await call('PUT', 'menus/update', payload, await userWith(t, ['system:menus:create']))).code,
    ).toBe(1403);
    expect(
      (await call('PUT', 'menus/update', payload, await userWith(t, ['system:menus:update']))).code,
    ).toBe(200);
  });
});

describe('PUT /api/auth/menus/sort', () => {
  it('reorders the children of one parent in steps of 10 and audits each move', async () => {
    const system = await byName('system');
    const children = await t.db
      .select()
      .from(menus)
      .where(eq(menus.parentId, system!.id))
      .orderBy(menus.sort, menus.id);
    const [first, second, ...rest] = children.map((row) => row.id);
    const body = await call('PUT', 'menus/sort', { parent_id: system!.id, ids: [second, first] });
    expect(body).toEqual({ status: 200, code: 200, message: 'ok', data: null });
    const systemNode = (await adminTree()).find((node) => node.name === 'system')!;
    expect(systemNode.children.map((node) => node.id)).toEqual([second, first, ...rest]);
    expect(systemNode.children.map((node) => node.sort)).toEqual(
      children.map((_, index) => (index + 1) * 10),
    );
    expect(await lastAudit(first!)).toMatchObject({ action: 'sort', after: { sort: 20 } });
    expect(await lastAudit(second!)).toMatchObject({ action: 'sort', after: { sort: 10 } });
  });

  it('reorders the top level', async () => {
    const top = (await adminTree()).map((node) => node.id);
    const reversed = [...top].reverse();
    expect((await call('PUT', 'menus/sort', { parent_id: null, ids: reversed })).code).toBe(200);
    expect((await adminTree()).map((node) => node.id)).toEqual(reversed);
    expect((await call('PUT', 'menus/sort', { ids: top })).code).toBe(200);
    expect((await adminTree()).map((node) => node.id)).toEqual(top);
  });

  it('answers 422 for ids that are not children of the parent, repeated or missing', async () => {
    const system = await byName('system');
    const home = await byName('home');
    const menusPage = await byName('systemMenus');
    const before = await auditCount();
    let body = await call('PUT', 'menus/sort', { parent_id: system!.id, ids: [menusPage!.id, home!.id] });
    expect(body.code).toBe(422);
    expect(errorsOf(body)).toEqual({ ids: `菜单 ${home!.id} 不是该上级菜单的子菜单` });
    body = await call('PUT', 'menus/sort', { parent_id: system!.id, ids: [menusPage!.id, menusPage!.id] });
    expect(errorsOf(body)).toEqual({ ids: '排序菜单不能重复' });
    body = await call('PUT', 'menus/sort', { parent_id: system!.id, ids: [] });
    expect(errorsOf(body)).toEqual({ ids: '请选择排序菜单' });
    body = await call('PUT', 'menus/sort', { parent_id: 999_999, ids: [menusPage!.id] });
    expect(body.code).toBe(422);
    expect(await auditCount()).toBe(before);
  });

  it('needs system:menus:update', async () => {
    const top = (await adminTree()).map((node) => node.id);
    const payload = { parent_id: null, ids: top };
    expect((await call('PUT', 'menus/sort', payload, await userWith(t, ['system:menus:view']))).code).toBe(
      1403,
    );
    expect((await call('PUT', 'menus/sort', payload, await userWith(t, ['system:menus:update']))).code).toBe(
      200,
    );
  });
});

describe('DELETE /api/auth/menus/destroy', () => {
  it('deletes a leaf with its role grants and audits the grants it removed', async () => {
    const page = await createPage();
    const button = await createButton(page, 'export');
    const [role] = await t.db.insert(roles).values({ key: 'menu-test', name: '菜单测试角色' }).returning();
    await t.db.insert(roleMenus).values([
      { roleId: role!.id, menuId: page },
      { roleId: role!.id, menuId: button },
    ]);
    const body = await call('DELETE', 'menus/destroy', { id: button });
    expect(body).toEqual({ status: 200, code: 200, message: 'ok', data: null });
    expect(await t.db.select().from(menus).where(eq(menus.id, button))).toEqual([]);
    expect(await t.db.select().from(roleMenus).where(eq(roleMenus.roleId, role!.id))).toEqual([
      { roleId: role!.id, menuId: page },
    ]);
    const audit = await lastAudit(button);
    expect(audit).toMatchObject({
      action: 'delete',
      after: null,
      before: { id: button, role_ids: [role!.id] },
    });
  });

  it('refuses an item with children (409 with their count) and changes nothing', async () => {
    const directory = await createDirectory(null);
    await createDirectory(directory);
    await createDirectory(directory);
    const before = await auditCount();
    const body = await call('DELETE', 'menus/destroy', { id: directory });
    expect(body).toEqual({
      status: 409,
      code: 409,
      message: '该菜单下有 2 个子菜单，请先删除或移走子菜单',
      data: { children: 2 },
    });
    expect(await t.db.select().from(menus).where(eq(menus.id, directory))).toHaveLength(1);
    expect(await auditCount()).toBe(before);
  });

  it('refuses to delete a built-in item', async () => {
    const button = await byName('systemMenusDelete');
    expect(await call('DELETE', 'menus/destroy', { id: button!.id })).toEqual({
      status: 409,
      code: 409,
      message: '内置菜单不能删除，可在角色中取消对它的授权',
      data: null,
    });
    expect(await byName('systemMenusDelete')).toBeDefined();
  });

  it('answers 404 for an unknown id and 422 without one', async () => {
    expect(await call('DELETE', 'menus/destroy', { id: 987_654 })).toMatchObject({ code: 404 });
    expect(errorsOf(await call('DELETE', 'menus/destroy', {}))).toEqual({ id: '请选择菜单' });
  });

  it('needs system:menus:delete', async () => {
    const page = await createPage();
    expect(
      (await call('DELETE', 'menus/destroy', { id: page }, await userWith(t, ['system:menus:update']))).code,
    ).toBe(1403);
    expect(
      (await call('DELETE', 'menus/destroy', { id: page }, await userWith(t, ['system:menus:delete']))).code,
    ).toBe(200);
  });
});
