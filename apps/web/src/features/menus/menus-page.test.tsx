import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, ok, type Routes } from '../../test/mock-api';
import { button, dialogTitled, mockPageApi, queryButton, rowOf } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { AdminMenu } from './api/menus';

const PAGE = { name: 'systemMenus', title: '菜单管理', path: '/system/menus' };
const ALL_PERMS = ['system:menus:create', 'system:menus:update', 'system:menus:delete'];

const item = (
  id: number,
  parent: number | null,
  name: string,
  title: string,
  type: number,
  fields: Partial<AdminMenu> = {},
): AdminMenu => ({
  id,
  parent_id: parent,
  name,
  title,
  path: '',
  type_id: type,
  perm: null,
  quick_icon: null,
  affix: false,
  noCache: false,
  sort: 10,
  builtin: true,
  children: [],
  ...fields,
});

/** The whole table (`GET /api/auth/menus`). */
const allMenus: AdminMenu[] = [
  item(1, null, 'home', '首页', 1, { path: '/dashboard', quick_icon: 'HomeOutlined' }),
  item(100, null, 'system', '系统管理', 1, {
    path: '/system',
    sort: 20,
    children: [
      item(101, 100, 'systemMenus', '菜单管理', 2, {
        path: '/system/menus',
        perm: 'system:menus:view',
        children: [
          item(111, 101, 'systemMenusCreate', '新增', 3, { perm: 'system:menus:create', sort: 10 }),
          item(112, 101, 'systemMenusDelete', '删除', 3, { perm: 'system:menus:delete', sort: 20 }),
        ],
      }),
      item(102, 100, 'systemRoles', '角色管理', 2, {
        path: '/system/roles',
        perm: 'system:roles:view',
        sort: 20,
      }),
      item(103, 100, 'reports', '报表中心', 2, { path: '/system/reports', sort: 30, builtin: false }),
    ],
  }),
  item(200, null, 'custom', '业务报表', 1, {
    path: '',
    sort: 30,
    builtin: false,
    children: [item(201, 200, 'dailySales', '销售日报', 2, { path: '/custom/daily', builtin: false })],
  }),
];

async function openPage(perms: readonly string[] = ALL_PERMS, extra: Routes = {}) {
  const api = mockPageApi(PAGE, perms, { 'GET /api/auth/menus': ok(allMenus), ...extra });
  const view = renderApp('/system/menus');
  const table = (await screen.findByText('菜单标题', { selector: 'th' })).closest('table')!;
  await within(table).findByText('角色管理');
  return { ...api, ...view, table };
}

// The whole app renders each time; on a busy two-core runner a test takes seconds.
describe('menus administration page', { timeout: 60_000 }, () => {
  it('shows the whole tree with translated titles, types, paths and permissions', async () => {
    const { table, user } = await openPage();

    // Top level open by default; `menu.<name>` translations are used, else the server's title.
    expect(within(await rowOf('系统管理')).getByText('目录')).toBeInTheDocument();
    expect(within(await rowOf('菜单管理')).getByText('/system/menus')).toBeInTheDocument();
    expect(within(await rowOf('菜单管理')).getByText('system:menus:view')).toBeInTheDocument();
    expect(within(await rowOf('报表中心')).getByText('页面')).toBeInTheDocument();
    expect(within(table).queryByText('system:menus:create')).not.toBeInTheDocument();

    await user.click(within(await rowOf('菜单管理')).getByLabelText(/展开/));
    expect(within(await rowOf('system:menus:create')).getByText('按钮')).toBeInTheDocument();
    // Buttons hold nothing: no "add child" there.
    expect(queryButton(await rowOf('system:menus:create'), '新增下级')).toBeNull();
    expect(button(await rowOf('菜单管理'), '新增下级')).toBeInTheDocument();
  });

  it('shows no action buttons without the permissions', async () => {
    const { table } = await openPage([]);
    expect(screen.queryByText('新增目录')).not.toBeInTheDocument();
    expect(within(table).queryByText('操作')).not.toBeInTheDocument();
    expect(queryButton(await rowOf('角色管理'), '编辑')).toBeNull();
    expect(queryButton(await rowOf('角色管理'), '删除')).toBeNull();
  });

  it('creates a page: Chinese messages for empty fields, then saves and refreshes the list and the sidebar', async () => {
    const { user, calls } = await openPage(ALL_PERMS, {
      'POST /api/auth/menus/store': ok({ id: 120 }),
    });
    await user.click(button(await rowOf('系统管理'), '新增下级'));
    const dialog = await dialogTitled('新增「系统管理」的下级菜单');
    expect(within(dialog).getByLabelText('页面')).toBeChecked();

    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('菜单标题不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('路由名称不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('路由地址不能为空')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/menus/store').length).toBe(0);

    await user.type(within(dialog).getByLabelText('菜单标题'), '考勤报表');
    await user.type(within(dialog).getByLabelText('路由名称'), 'attendanceReport');
    await user.type(within(dialog).getByLabelText('路由地址'), '/system/attendance-report');
    await user.type(within(dialog).getByLabelText('权限标识'), 'system:attendance-report:view');
    const listsBefore = callsTo(calls, 'GET', '/api/auth/menus').length;
    const sidebarBefore = callsTo(calls, 'GET', '/api/auth/menus/tree').length;
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/menus/store').length).toBe(1));
    expect(calls.find((call) => call.url.pathname === '/api/auth/menus/store')?.body).toEqual({
      type_id: 2,
      parent_id: 100,
      title: '考勤报表',
      name: 'attendanceReport',
      path: '/system/attendance-report',
      perm: 'system:attendance-report:view',
      quick_icon: null,
      affix: false,
      noCache: false,
    });
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/menus').length).toBeGreaterThan(listsBefore));
    // The signed-in user's menu (sidebar, routes, buttons) is loaded again without a reload.
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/auth/menus/tree').length).toBeGreaterThan(sidebarBefore),
    );
  });

  it('shows the server field errors of a refused save on the form', async () => {
    const { user } = await openPage(ALL_PERMS, {
      'PUT /api/auth/menus/update': fail(409, '路由名称已存在', 409, { field: 'name' }),
    });
    await user.click(button(await rowOf('报表中心'), '编辑'));
    const dialog = await dialogTitled('编辑菜单');
    expect(within(dialog).getByLabelText('路由地址')).toHaveValue('/system/reports');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(within(dialog).getByText('路由名称已存在')).toBeInTheDocument());
  });

  it('keeps the name, path and permission of a built-in item fixed', async () => {
    const { user, calls } = await openPage(ALL_PERMS, {
      'PUT /api/auth/menus/update': ok({ id: 102 }),
    });
    expect(within(await rowOf('角色管理')).getByText('内置')).toBeInTheDocument();
    expect(within(await rowOf('报表中心')).queryByText('内置')).not.toBeInTheDocument();

    await user.click(button(await rowOf('角色管理'), '编辑'));
    const dialog = await dialogTitled('编辑菜单');
    expect(within(dialog).getByLabelText('路由名称')).toBeDisabled();
    expect(within(dialog).getByLabelText('路由地址')).toBeDisabled();
    expect(within(dialog).getByLabelText('权限标识')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('菜单标题'));
    await user.type(within(dialog).getByLabelText('菜单标题'), '角色');
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/menus/update').length).toBe(1));
    expect(calls.find((call) => call.url.pathname === '/api/auth/menus/update')?.body).toMatchObject({
      id: 102,
      name: 'systemRoles',
      path: '/system/roles',
      perm: 'system:roles:view',
      title: '角色',
    });
  });

  it('shows the refusal to delete an item with children', async () => {
    const message = '该菜单下有 1 个子菜单，请先删除或移走子菜单';
    const { table, user, calls } = await openPage(ALL_PERMS, {
      'DELETE /api/auth/menus/destroy': fail(409, message, 409, { children: 1 }),
    });
    // Built-in items cannot be deleted at all.
    expect(button(await rowOf('系统管理'), '删除')).toBeDisabled();

    await user.click(button(await rowOf('业务报表'), '删除'));
    const confirm = (await screen.findByText(/确定删除「业务报表」吗/)).closest<HTMLElement>('.ant-popover')!;
    await user.click(button(confirm, '删除'));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/auth/menus/destroy')?.body).toEqual({ id: 200 });
    expect(within(table).getByText('业务报表')).toBeInTheDocument();
  });

  it('moves an item up among its siblings through the sort route', async () => {
    const { table, user, calls } = await openPage(ALL_PERMS, { 'PUT /api/auth/menus/sort': ok(null) });
    expect(within(table).getByLabelText('上移「菜单管理」')).toBeDisabled();
    expect(within(table).getByLabelText('下移「报表中心」')).toBeDisabled();
    const sidebarBefore = callsTo(calls, 'GET', '/api/auth/menus/tree').length;

    await user.click(within(table).getByLabelText('上移「角色管理」'));

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/menus/sort').length).toBe(1));
    expect(calls.find((call) => call.url.pathname === '/api/auth/menus/sort')?.body).toEqual({
      parent_id: 100,
      ids: [102, 101, 103],
    });
    expect(await screen.findByText('排序已更新')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/auth/menus/tree').length).toBeGreaterThan(sidebarBefore),
    );
  });

  it('picks an icon from the lazily loaded set', async () => {
    const { user } = await openPage(ALL_PERMS);
    await user.click(button(document.body, '新增目录'));
    const dialog = await dialogTitled('新增菜单');
    expect(within(dialog).queryByLabelText('权限标识')).not.toBeInTheDocument();

    // The picker's button is named by its form label.
    const picker = within(dialog).getByLabelText('图标');
    expect(picker).toHaveTextContent('选择图标');
    await user.click(picker);
    await user.type(await screen.findByLabelText('搜索图标'), 'smile');
    const grid = await screen.findByLabelText('选择图标', { selector: '[role="listbox"]' });
    await user.click(within(grid).getByLabelText('SmileOutlined'));

    expect(picker).toHaveTextContent('SmileOutlined');
    await user.click(within(dialog).getByLabelText('清除图标'));
    expect(picker).toHaveTextContent('选择图标');
  });
});
