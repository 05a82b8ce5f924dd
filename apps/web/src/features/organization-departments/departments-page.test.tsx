import { screen, waitFor, within } from '@testing-library/react';
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
      node(4, 2, '上海浦东宝马4S店', 'store', [node(6, 4, '售后服务部', 'department')]),
    ]),
    { ...node(3, 1, '华南区', 'region', [node(5, 3, '广州天河奔驰4S店', 'store')]), status: 'disabled' },
  ]),
];

const names = new Map<number, string>([
  [1, '华驰汽车集团'],
  [2, '华东区'],
  [3, '华南区'],
  [4, '上海浦东宝马4S店'],
  [5, '广州天河奔驰4S店'],
  [6, '售后服务部'],
]);

function detailOf(id: number): DepartmentDetail {
  const parentId = id === 1 ? null : id <= 3 ? 1 : id <= 5 ? id - 2 : 4;
  return {
    id,
    name: names.get(id)!,
    kind: id === 1 ? 'group' : 'department',
    code: id === 1 ? 'GROUP' : null,
    parent: parentId === null ? null : { id: parentId, name: names.get(parentId)! },
    path_names: [names.get(id)!],
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
});
