import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, ok, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  mockPageApi,
  openDialog,
  queryButton,
  rowOf,
  setupUser,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { MenuItemNode, PostOption, Role } from './api';

const PAGE = { name: 'systemRoles', title: '角色管理', path: '/system/roles' };
const ALL_BUTTONS = ['create', 'update', 'delete', 'grant'].map((action) => `system:roles:${action}`);

const role = (id: number, key: string, name: string, extra: Partial<Role> = {}): Role => ({
  id,
  key,
  name,
  description: '',
  status: 'active',
  isSuper: false,
  dataScope: 'subtree',
  sort: id,
  userCount: 0,
  postCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const roles: Role[] = [
  role(1, 'super-admin', '超级管理员', { isSuper: true, dataScope: 'all', userCount: 1 }),
  role(2, 'hr-admin', '人事管理员', { dataScope: 'all', postCount: 3, description: '集团人事' }),
  role(3, 'store-manager', '门店店长', { userCount: 2, postCount: 1, status: 'disabled' }),
];

const item = (
  id: number,
  parentId: number | null,
  name: string,
  title: string,
  typeId: number,
  perm: string | null,
  children: MenuItemNode[] = [],
): MenuItemNode => ({ id, parent_id: parentId, name, title, path: '', type_id: typeId, perm, children });

/** `GET /api/auth/menus` of the menus module: every item, buttons included. */
const allMenus: MenuItemNode[] = [
  item(50, null, 'system', '系统管理', 1, null, [
    item(51, 50, 'systemRoles', '角色管理', 2, 'system:roles:view', [
      item(52, 51, 'systemRolesCreate', '新增', 3, 'system:roles:create'),
      item(53, 51, 'systemRolesGrant', '分配权限', 3, 'system:roles:grant'),
    ]),
    item(54, 50, 'systemAudit', '操作日志', 2, 'system:audit:view'),
  ]),
];

const postOptions: PostOption[] = [
  { id: 7, name: '总经理', code: 'general_manager', role_ids: [3] },
  { id: 8, name: '人事经理', code: 'hr_manager', role_ids: [2] },
];

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/roles': (call) => {
      const limit = Number(call.url.searchParams.get('limit') ?? 20);
      const name = call.url.searchParams.get('name');
      const rows = name ? roles.filter((row) => row.name.includes(name) || row.key.includes(name)) : roles;
      return ok({ data: rows.slice(0, limit), total: rows.length });
    },
    'GET /api/auth/menus': ok(allMenus),
    'GET /api/auth/roles/menus': ok([50, 51, 52]),
    'PUT /api/auth/roles/menus': (call) => ok((call.body as { menu_ids: number[] }).menu_ids),
    'GET /api/auth/posts/options': ok(postOptions),
    'PUT /api/auth/posts/roles': (call) => ok((call.body as { role_ids: number[] }).role_ids),
    ...extra,
  });
}

/** The tree node whose title starts with `title`, and its checkbox. */
function treeNode(container: HTMLElement, title: string) {
  const titles = within(container).getAllByText(title, { exact: true });
  const node = titles[0]!.closest('.ant-tree-treenode') as HTMLElement;
  const checkbox = node.querySelector('.ant-tree-checkbox') as HTMLElement;
  return {
    checkbox,
    checked: () => checkbox.classList.contains('ant-tree-checkbox-checked'),
    half: () => checkbox.classList.contains('ant-tree-checkbox-indeterminate'),
  };
}

/** Renders the page and opens the permission drawer of the role named `roleName`. */
async function openPermissions(roleName: string) {
  const view = renderApp('/system/roles');
  const user = setupUser();
  await user.click(button(await rowOf(roleName), '权限设置'));
  return { ...view, user, drawer: await openDialog() };
}

describe('/system/roles: the role list', () => {
  it('lists the roles with their scope, status and counts, paged', async () => {
    const { calls } = api();
    renderApp('/system/roles');

    const hr = await rowOf('人事管理员');
    expect(within(hr).getByText('hr-admin')).toBeInTheDocument();
    expect(within(hr).getByText('全集团')).toBeInTheDocument();
    expect(within(hr).getByText('集团人事')).toBeInTheDocument();
    const manager = await rowOf('门店店长');
    expect(within(manager).getByText('本部门及以下')).toBeInTheDocument();
    expect(within(manager).getByText('停用')).toBeInTheDocument();
    const superRow = await rowOf('超级管理员');
    // The super-admin role cannot be deleted: no button for it.
    expect(queryButton(superRow, '删除')).not.toBeInTheDocument();
    expect(button(hr, '删除')).toBeInTheDocument();
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    const [first] = callsTo(calls, 'GET', '/api/auth/roles');
    expect(first!.url.search).toBe('?page=1&limit=20');
  });

  it('filters by name', async () => {
    const { calls } = api();
    renderApp('/system/roles');
    const user = setupUser();
    await rowOf('人事管理员');

    await user.type(screen.getByPlaceholderText('角色名称或标识'), '店长');
    await user.click(button(document.body, '搜索'));
    await waitFor(() => expect(screen.queryByText('hr-admin')).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET', '/api/auth/roles').at(-1)!.url.searchParams.get('name')).toBe('店长');
  });

  it('hides the buttons the page does not grant', async () => {
    api([]);
    renderApp('/system/roles');
    const hr = await rowOf('人事管理员');
    expect(queryButton(document.body, '新增角色')).not.toBeInTheDocument();
    expect(queryButton(hr, '编辑')).not.toBeInTheDocument();
    expect(queryButton(hr, '删除')).not.toBeInTheDocument();
  });

  it('deletes a role after confirmation and shows the server’s refusal', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'DELETE /api/auth/roles/destroy': fail(409, '该角色不能删除', 409),
    });
    renderApp('/system/roles');
    const user = setupUser();
    const hr = await rowOf('人事管理员');

    await user.click(button(hr, '删除'));
    expect(await screen.findByText(/确定删除角色“人事管理员”吗/)).toBeInTheDocument();
    await user.click(button(document.querySelector<HTMLElement>('.ant-popconfirm')!, '删除'));
    expect(await screen.findByText('该角色不能删除')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/auth/roles/destroy')[0]!.body).toEqual({ id: 2 });
  });
});

describe('/system/roles: the role form', () => {
  it('shows the Chinese messages of the rules before sending anything', async () => {
    const { calls } = api();
    renderApp('/system/roles');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '新增角色')));
    const dialog = await openDialog();

    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('角色标识不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('角色名称不能为空')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('角色标识'), '1区域');
    expect(
      await within(dialog).findByText('角色标识只能包含字母、数字、下划线、短横线和冒号，且以字母开头'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/roles/store')).toHaveLength(0);
  });

  it('creates a role, and puts the server’s 422 on its field', async () => {
    let attempts = 0;
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/roles/store': () =>
        ++attempts === 1
          ? fail(422, '角色名称不能超过50个字符', 422, {
              errors: [{ field: 'name', message: '角色名称不能超过50个字符' }],
            })
          : ok({ id: 9 }),
    });
    renderApp('/system/roles');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '新增角色')));
    const dialog = await openDialog();
    await user.type(within(dialog).getByLabelText('角色标识'), 'region-manager');
    await user.type(within(dialog).getByLabelText('角色名称'), '区域经理');

    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('角色名称不能超过50个字符')).toBeInTheDocument();
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/roles/store')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/api/auth/roles/store')[1]!.body).toEqual({
      key: 'region-manager',
      name: '区域经理',
      description: '',
      status: 'active',
      dataScope: 'subtree',
      sort: 0,
    });
    expect(await screen.findByText('角色已创建')).toBeInTheDocument();
  });

  it('edits a role with its current values', async () => {
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/roles/update': ok({ id: 2 }) });
    renderApp('/system/roles');
    const user = setupUser();
    const hr = await rowOf('人事管理员');
    await user.click(button(hr, '编辑'));
    const dialog = await openDialog();
    const name = within(dialog).getByLabelText('角色名称');
    expect(name).toHaveValue('人事管理员');
    await user.clear(name);
    await user.type(name, '集团人事管理员');
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/roles/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/roles/update')[0]!.body).toMatchObject({
      id: 2,
      key: 'hr-admin',
      name: '集团人事管理员',
      dataScope: 'all',
    });
  });
});

describe('/system/roles: permissions', () => {
  it('shows the grants in the tree and saves the checked ids, then reloads the user’s menu', async () => {
    const { calls } = api();
    const { user, drawer } = await openPermissions('门店店长');
    expect(within(drawer).getByText('权限设置：门店店长')).toBeInTheDocument();
    await within(drawer).findByText('访问页面');

    // Granted: the directory (implied), the roles page and its create button.
    expect(treeNode(drawer, '访问页面').checked()).toBe(true);
    expect(treeNode(drawer, '新增').checked()).toBe(true);
    expect(treeNode(drawer, '分配权限').checked()).toBe(false);
    expect(treeNode(drawer, '角色管理').half()).toBe(true);
    expect(treeNode(drawer, '系统管理').half()).toBe(true);
    expect(treeNode(drawer, '操作日志').checked()).toBe(false);
    expect(callsTo(calls, 'GET', '/api/auth/roles/menus')[0]!.url.search).toBe('?id=3');

    await user.click(treeNode(drawer, '分配权限').checkbox);
    await user.click(treeNode(drawer, '操作日志').checkbox);
    expect(treeNode(drawer, '角色管理').checked()).toBe(true);
    expect(treeNode(drawer, '系统管理').checked()).toBe(true);

    const menuLoads = callsTo(calls, 'GET', '/api/auth/menus/tree').length;
    await user.click(button(drawer, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/roles/menus')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/roles/menus')[0]!.body).toEqual({
      id: 3,
      menu_ids: [51, 52, 53, 54],
    });
    expect(await screen.findByText('权限已保存')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/auth/menus/tree').length).toBeGreaterThan(menuLoads),
    );
  });

  it('takes the buttons away with the page, and a button brings its page', async () => {
    const { calls } = api();
    const { user, drawer } = await openPermissions('门店店长');
    await within(drawer).findByText('访问页面');

    await user.click(treeNode(drawer, '访问页面').checkbox);
    expect(treeNode(drawer, '新增').checked()).toBe(false);
    expect(treeNode(drawer, '系统管理').half()).toBe(false);
    await user.click(treeNode(drawer, '分配权限').checkbox);
    expect(treeNode(drawer, '访问页面').checked()).toBe(true);

    await user.click(button(drawer, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/roles/menus')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/roles/menus')[0]!.body).toEqual({ id: 3, menu_ids: [51, 53] });
  });

  it('shows the super-admin role as holding everything, with nothing to save', async () => {
    const { calls } = api();
    const { drawer } = await openPermissions('超级管理员');
    expect(
      await within(drawer).findByText('超级管理员拥有全部菜单与操作权限，无需设置。'),
    ).toBeInTheDocument();
    expect(treeNode(drawer, '系统管理').checked()).toBe(true);
    expect(queryButton(drawer, '保存')).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/roles/menus')).toHaveLength(0);
  });

  it('says so in the drawer when the menu cannot be read, without signing out', async () => {
    api(ALL_BUTTONS, { 'GET /api/auth/menus': fail(1403, '没有权限执行此操作', 403) });
    const { location, drawer } = await openPermissions('门店店长');
    expect(await within(drawer).findByText('菜单数据加载失败')).toBeInTheDocument();
    expect(within(drawer).getByText('没有权限执行此操作')).toBeInTheDocument();
    expect(location()).toBe('/system/roles');
  });
});

describe('/system/roles: post roles', () => {
  it('lists the posts with their roles and saves a changed post', async () => {
    const { calls } = api();
    renderApp('/system/roles');
    const user = setupUser();
    await user.click(await screen.findByText('岗位角色'));
    const row = await rowOf('general_manager');
    expect(await within(row).findByText('门店店长（停用）')).toBeInTheDocument();
    const save = button(row, '保存');
    expect(save).toBeDisabled();

    await chooseOption(user, within(row).getByLabelText('总经理的角色'), '人事管理员');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/posts/roles')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/posts/roles')[0]!.body).toEqual({ post_id: 7, role_ids: [3, 2] });
    expect(await screen.findByText('岗位角色已保存')).toBeInTheDocument();
  });

  it('shows the server’s refusal under the post', async () => {
    api(ALL_BUTTONS, {
      'PUT /api/auth/posts/roles': fail(422, '只有超级管理员可以分配超级管理员角色', 422, {
        errors: [{ field: 'role_ids', message: '只有超级管理员可以分配超级管理员角色' }],
      }),
    });
    renderApp('/system/roles');
    const user = setupUser();
    await user.click(await screen.findByText('岗位角色'));
    const row = await rowOf('hr_manager');
    await chooseOption(user, within(row).getByLabelText('人事经理的角色'), '超级管理员');
    await user.click(button(row, '保存'));
    expect(await within(row).findByText('只有超级管理员可以分配超级管理员角色')).toBeInTheDocument();
  });
});
