import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, ok, type Routes } from '../../test/mock-api';
import {
  button,
  dialogTitled,
  mockPageApi,
  openDialog,
  queryButton,
  setupUser,
  SLOW,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { DepartmentDetail, DepartmentNode, StaffRow } from './api';

const PAGE = { name: 'departments', title: '部门管理', path: '/organization/departments' };
const ALL_BUTTONS = ['create', 'update', 'delete'].map((action) => `organization:departments:${action}`);

const node = (
  id: number,
  parentId: number | null,
  name: string,
  kind: DepartmentNode['kind'],
  children?: DepartmentNode[],
): DepartmentNode => ({
  id,
  parent_id: parentId,
  name,
  kind,
  code: null,
  status: 'active',
  ...(children ? { children } : {}),
});

const tree: DepartmentNode[] = [
  node(1, null, '华驰汽车集团', 'group', [
    node(2, 1, '华东区', 'region', [
      node(4, 2, '上海浦东宝马4S店', 'store', [
        node(6, 4, '售后服务部', 'department', [node(7, 6, '机修组', 'team')]),
      ]),
    ]),
    { ...node(3, 1, '华南区', 'region', [node(5, 3, '广州天河奔驰4S店', 'store')]), status: 'disabled' },
  ]),
];

const flatten = (nodes: readonly DepartmentNode[]): DepartmentNode[] =>
  nodes.flatMap((each) => [each, ...flatten(each.children ?? [])]);

/** The detail of a node, with its kind and parent as `tree` has them. */
function detailOf(id: number): DepartmentDetail {
  const nodes = flatten(tree);
  // A node just created is not in the fixture's tree.
  const found = nodes.find((each) => each.id === id) ?? node(id, 1, '新部门', 'department');
  const parent = nodes.find((each) => each.id === found.parent_id);
  return {
    id,
    name: found.name,
    kind: found.kind,
    code: id === 1 ? 'GROUP' : null,
    parent: parent ? { id: parent.id, name: parent.name } : null,
    path_names: [found.name],
    leader: id === 1 ? { id: 9, name: '王总' } : null,
    store: null,
    sort: 0,
    status: 'active',
    children_count: 2,
    staff_count: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

const staff = (id: number, name: string): StaffRow => ({
  employee_id: id,
  employee_no: `E${id}`,
  name,
  phone: '13800000000',
  status: 'regular',
  department: { id: 6, name: '售后服务部' },
  post: { id: 3, name: '服务顾问' },
  is_main: id !== 3,
  start_date: '2024-03-01',
});

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/departments/tree': ok(tree),
    'GET /api/auth/departments/detail': (call) => ok(detailOf(Number(call.url.searchParams.get('id')))),
    'GET /api/auth/departments/staff': ok({ data: [staff(1, '张三'), staff(3, '李四')], total: 2 }),
    'POST /api/auth/departments/store/down': ok({ id: 99 }),
    'PUT /api/auth/departments/update': (call) => ok({ id: (call.body as { id: number }).id }),
    ...extra,
  });
}

/** The tree's node titled `title`. */
const treeTitle = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-tree-title')].find((element) =>
      element.textContent?.startsWith(title),
    );
    if (!found) throw new Error(`no tree node ${title}`);
    return found;
  }, SLOW);

const treeTitles = () =>
  [...document.querySelectorAll('.ant-tree-title')].map((element) => element.textContent);

describe('/organization/departments', () => {
  it('shows the tree from one request, the first node’s detail and staff, and another node on click', async () => {
    const { calls } = api();
    renderApp('/organization/departments');
    const user = setupUser();

    await treeTitle('华东区');
    expect(await screen.findByText('王总', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.getByText('兼岗')).toBeInTheDocument();
    // The disabled region is marked in the tree.
    expect((await treeTitle('华南区')).textContent).toContain('停用');

    await user.click(await treeTitle('华南区'));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/auth/departments/detail').at(-1)!.url.searchParams.get('id')).toBe(
        '3',
      ),
    );
    expect(callsTo(calls, 'GET', '/api/auth/departments/tree')).toHaveLength(1);
  });

  it('refetches the cached tree only on refresh', async () => {
    const { calls } = api();
    renderApp('/organization/departments');
    const user = setupUser();
    await treeTitle('华东区');
    expect(callsTo(calls, 'GET', '/api/auth/departments/tree')).toHaveLength(1);
    await user.click(screen.getByLabelText('刷新部门树'));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/departments/tree')).toHaveLength(2));
  });

  it('searches the tree by name and by pinyin initials', async () => {
    api();
    renderApp('/organization/departments');
    const user = setupUser();
    await treeTitle('华东区');
    const search = screen.getByPlaceholderText('搜索部门（支持拼音）');

    await user.type(search, '售后');
    await waitFor(() => expect(treeTitles()).not.toContain('华南区停用'));
    expect(treeTitles()).toContain('售后服务部');
    expect(screen.getByText('匹配 1 个部门')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'hnq');
    await waitFor(() => expect(treeTitles()).toContain('华南区停用'), SLOW);
    expect(treeTitles()).not.toContain('华东区');
  });

  it('hides the actions the page does not grant', async () => {
    api([]);
    renderApp('/organization/departments');
    await screen.findByText('王总', {}, SLOW);
    for (const action of ['新增同级', '新增下级', '编辑', '移动', '删除'])
      expect(queryButton(document.body, action)).not.toBeInTheDocument();
  });

  it('adds a child with the shared rules and refetches the tree', async () => {
    const { calls } = api();
    renderApp('/organization/departments');
    const user = setupUser();
    await screen.findByText('王总', {}, SLOW);

    await user.click(button(document.body, '新增下级'));
    const dialog = await openDialog();
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('部门名称不能为空')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/departments/store/down')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('部门名称'), '新媒体部');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/departments/store/down')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/departments/store/down')[0]!.body).toMatchObject({
      id: 1,
      name: '新媒体部',
      kind: 'department',
      status: 'active',
      code: null,
    });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/departments/tree')).toHaveLength(2));
  });

  it('shows the server’s refusal of a delete', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'DELETE /api/auth/departments/destroy': fail(409, '该部门有 2 个下级部门、3 名在职员工，不能删除', 409),
    });
    renderApp('/organization/departments');
    const user = setupUser();
    await screen.findByText('王总', {}, SLOW);
    await user.click(button(document.body, '删除'));
    await user.click(button(document.querySelector<HTMLElement>('.ant-popconfirm')!, '删除'));
    expect(await screen.findByText('该部门有 2 个下级部门、3 名在职员工，不能删除')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/auth/departments/destroy')[0]!.body).toEqual({ id: 1 });
  });

  it('edits a node, keeping its leader, and moves a node under its parent of choice', async () => {
    const { calls } = api();
    renderApp('/organization/departments');
    const user = setupUser();
    await screen.findByText('王总', {}, SLOW);
    // The root cannot be moved: it has no parent.
    expect(queryButton(document.body, '移动')).not.toBeInTheDocument();

    await user.click(button(document.body, '编辑'));
    const dialog = await openDialog();
    await waitFor(() => expect(within(dialog).getByLabelText('部门名称')).toHaveValue('华驰汽车集团'));
    const name = within(dialog).getByLabelText('部门名称');
    await user.clear(name);
    await user.type(name, '华驰集团');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/departments/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/departments/update')[0]!.body).toMatchObject({
      id: 1,
      name: '华驰集团',
      code: 'GROUP',
      leader_employee_id: 9,
    });

    await user.click(await treeTitle('华东区'));
    await waitFor(() => expect(queryButton(document.body, '移动')).toBeInTheDocument());
    await user.click(button(document.body, '移动'));
    const move = await dialogTitled('移动部门「华东区」');
    await user.click(button(move, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/departments/update')).toHaveLength(2));
    expect(callsTo(calls, 'PUT', '/api/auth/departments/update')[1]!.body).toEqual({ id: 2, parent_id: 1 });
  });

  /** The titles of the options the kind select of `dialog` offers. */
  async function kindsOffered(user: UserEvent, dialog: HTMLElement): Promise<string[]> {
    const select = within(dialog).getByLabelText('部门类型');
    await user.click(select);
    const dropdown = await waitFor(() => {
      const list = document.getElementById(select.getAttribute('aria-controls') ?? `${select.id}_list`);
      const found = list?.closest<HTMLElement>('.ant-select-dropdown');
      if (!found || found.matches('.ant-select-dropdown-hidden'))
        throw new Error('the kind select is not open');
      return found;
    });
    return [...dropdown.querySelectorAll('.ant-select-item-option')].map(
      (option) => option.getAttribute('title') ?? '',
    );
  }

  it('offers only the kinds that fit under the parent, and nothing under a team', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/departments/store/same': ok({ id: 98 }),
    });
    renderApp('/organization/departments');
    const user = setupUser();
    await screen.findByText('王总', {}, SLOW);

    // Beside the group: only another group stands at the top.
    await user.click(button(document.body, '新增同级'));
    let dialog = await dialogTitled('新增「华驰汽车集团」的同级部门');
    expect(await kindsOffered(user, dialog)).toEqual(['集团']);
    expect(
      within(dialog).getByText('只列出按组织层级（集团 > 区域 > 门店 > 部门 > 小组）可设在此处的类型'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('部门名称'), '第二集团');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/departments/store/same')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/departments/store/same')[0]!.body).toMatchObject({
      kind: 'group',
    });

    // Under a store: departments and teams, never a region or a group.
    const search = screen.getByPlaceholderText('搜索部门（支持拼音）');
    await user.type(search, '上海浦东');
    await user.click(await treeTitle('上海浦东宝马4S店'));
    await screen.findByText('上海浦东宝马4S店', { selector: '.ant-card-head-title' }, SLOW);
    await user.click(button(document.body, '新增下级'));
    dialog = await dialogTitled('新增「上海浦东宝马4S店」的下级部门');
    expect(await kindsOffered(user, dialog)).toEqual(['部门', '小组']);
    await user.click(button(dialog, '取消'));

    // A team holds nothing: adding below it cannot even be started.
    await user.clear(search);
    await user.type(search, '机修');
    await user.click(await treeTitle('机修组'));
    await screen.findByText('机修组', { selector: '.ant-card-head-title' }, SLOW);
    expect(button(document.body, '新增下级')).toBeDisabled();
    expect(button(document.body, '新增同级')).toBeEnabled();
  });

  it('greys out the parents a moved node may not sit under', async () => {
    api();
    renderApp('/organization/departments');
    const user = setupUser();
    await screen.findByText('王总', {}, SLOW);
    await user.type(screen.getByPlaceholderText('搜索部门（支持拼音）'), '上海浦东');
    await user.click(await treeTitle('上海浦东宝马4S店'));
    await screen.findByText('上海浦东宝马4S店', { selector: '.ant-card-head-title' }, SLOW);
    await user.click(button(document.body, '移动'));
    const move = await dialogTitled('移动部门「上海浦东宝马4S店」');
    const picker = within(move).getByLabelText('上级部门');
    /** The picker's nodes on show, each with whether it can be chosen. */
    const choosable = () =>
      waitFor(() => {
        const found = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-treenode')].filter(
          (each) => each.querySelector('.ant-select-tree-title'),
        );
        if (found.length === 0) throw new Error('the parent picker is not open');
        return Object.fromEntries(
          found.map((each) => [
            each.querySelector('.ant-select-tree-title')!.textContent,
            !each.classList.contains('ant-select-tree-treenode-disabled'),
          ]),
        );
      });
    await user.click(picker);
    // A store sits only directly under a region.
    expect(await choosable()).toEqual({ 华驰汽车集团: false, 华东区: true, 华南区: true });
    // Nor under another store; the store itself (and what lies below it) is out anyway.
    await user.type(picker, '店');
    await waitFor(async () => expect(Object.keys(await choosable())).toContain('广州天河奔驰4S店'));
    expect(await choosable()).toMatchObject({ 上海浦东宝马4S店: false, 广州天河奔驰4S店: false });
  });
});
