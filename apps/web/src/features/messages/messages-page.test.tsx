import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { user } from '../../test/fixtures';
import { callsTo, mockApi, ok, type ApiCall, type Routes } from '../../test/mock-api';
import { button, queryButton, rowOf, setupUser, SLOW, TOKEN } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { Message } from './api';
import { appPath } from './messages-page';

const page = (id: number, name: string, title: string, path: string, perms: string[] = []): MenuNode => ({
  id,
  parent_id: 900,
  name,
  title,
  path,
  type_id: 2,
  perm: perms.map((perm) => ({ name: perm })),
  quick_icon: null,
  affix: false,
  noCache: false,
  sort: id,
  children: [],
});

/** The home directory with the message page (granting `perms`), and the to-do list messages link to. */
const menu = (perms: string[]): MenuNode[] => [
  {
    ...page(900, 'home', '首页', '/dashboard'),
    parent_id: null,
    type_id: 1,
    children: [page(901, 'newsList', '消息通知', '/dashboard/newslist', perms)],
  },
  {
    ...page(910, 'approval', '审批中心', '/approval'),
    parent_id: null,
    type_id: 1,
    children: [page(911, 'approvalTodo', '待我审批', '/approval/todo')],
  },
];

const message = (id: number, title: string, extra: Partial<Message> = {}): Message => ({
  id,
  kind: 'approval_task',
  title,
  content: '节点「店总审批」等待您审批',
  link: `/approval/todo?instance=${id}`,
  read: false,
  read_at: null,
  done: false,
  created_at: '2026-03-01T02:00:00.000Z',
  ...extra,
});

/** A mailbox the calls change: marking and deleting work on it, and every list answers its unread count. */
function api(perms: string[] = ['dashboard:newslist:read', 'dashboard:newslist:delete'], extra: Routes = {}) {
  let box = [
    message(1, '待审批：请假审批 李娜的请假申请'),
    message(2, '审批通过：请假审批 我的申请', { kind: 'approval_approved', link: null }),
    message(3, '已撤回：请假审批 王强的申请', { kind: 'approval_withdrawn', read: true }),
    // Another approver decided it: the server answers it done and read.
    message(4, '待审批：请假审批 赵敏的请假申请', { read: true, done: true }),
  ];
  const unread = () => box.filter((entry) => !entry.read).length;
  Cookies.set('Token', TOKEN);
  const mocked = mockApi({
    'POST /api/auth/me': ok(user),
    'GET /api/auth/menus/tree': ok(menu(perms)),
    'GET /api/auth/msg/select': (call) => {
      const read = call.url.searchParams.get('read');
      const rows = read === null ? box : box.filter((entry) => entry.read === (read === '1'));
      return ok({ data: rows, total: rows.length, unread: unread() });
    },
    'PUT /api/auth/msg/put': (call) => {
      const { ids, all } = call.body as { ids?: number[]; all?: boolean };
      box = box.map((entry) => (all || ids?.includes(entry.id) ? { ...entry, read: true } : entry));
      return ok({ unread: unread() });
    },
    'DELETE /api/auth/msg/destroy': (call) => {
      const { ids } = call.body as { ids: number[] };
      box = box.filter((entry) => !ids.includes(entry.id));
      return ok({ unread: unread() });
    },
    ...extra,
  });
  return mocked;
}

const listCalls = (calls: ApiCall[]) =>
  callsTo(calls, 'GET', '/api/auth/msg/select').filter((call) => call.url.searchParams.get('page'));

describe('/dashboard/newslist', () => {
  it('marks an opened message read and follows its link', async () => {
    const { calls } = api();
    const { location } = renderApp('/dashboard/newslist');
    const row = await rowOf('待审批：请假审批 李娜的请假申请');
    expect(within(row).getByText('未读')).toBeInTheDocument();
    expect(within(row).getByText('待办审批')).toBeInTheDocument();
    expect(within(await rowOf('已撤回：请假审批 王强的申请')).getByText('已读')).toBeInTheDocument();
    expect(within(await rowOf('待审批：请假审批 赵敏的请假申请')).getByText('已处理')).toBeInTheDocument();
    expect(screen.getByText('未读 2 条')).toBeInTheDocument();

    const user = setupUser();
    await user.click(screen.getByText('待审批：请假审批 李娜的请假申请'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/msg/put')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/msg/put')[0]!.body).toEqual({ ids: [1] });
    await waitFor(() => expect(location()).toBe('/approval/todo?instance=1'));
  });

  it('marks everything read, and filters by read state', async () => {
    const { calls } = api();
    renderApp('/dashboard/newslist');
    await rowOf('审批通过：请假审批 我的申请');
    const user = setupUser();

    await user.click(screen.getByText('未读', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('read')).toBe('0'));
    await waitFor(() => expect(screen.queryByText('已撤回：请假审批 王强的申请')).not.toBeInTheDocument());

    await user.click(button(document.body, '全部标为已读'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/msg/put')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/msg/put')[0]!.body).toEqual({ all: true });
    expect(await screen.findByText('已全部标为已读')).toBeInTheDocument();
    // The unread list empties, and nothing is left to mark.
    await waitFor(() => expect(screen.queryByText('审批通过：请假审批 我的申请')).not.toBeInTheDocument());
    expect(await screen.findByText('未读 0 条')).toBeInTheDocument();
    expect(button(document.body, '全部标为已读')).toBeDisabled();
  });

  it('deletes the selected messages, only where the page grants it', async () => {
    const { calls } = api();
    renderApp('/dashboard/newslist');
    const user = setupUser();
    const row = await rowOf('已撤回：请假审批 王强的申请');
    expect(button(document.body, '删除所选')).toBeDisabled();
    await user.click(row.querySelector<HTMLElement>('input[type="checkbox"]')!);
    await user.click(button(document.body, '删除所选'));
    const confirm = await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!, SLOW);
    expect(within(confirm).getByText('确定删除选中的 1 条消息吗？')).toBeInTheDocument();
    await user.click(button(confirm, '删除'));

    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/auth/msg/destroy')).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', '/api/auth/msg/destroy')[0]!.body).toEqual({ ids: [3] });
    await waitFor(() => expect(screen.queryByText('已撤回：请假审批 王强的申请')).not.toBeInTheDocument());
  });

  it('offers no deletion without the permission', async () => {
    api(['dashboard:newslist:read']);
    renderApp('/dashboard/newslist');
    const row = await rowOf('已撤回：请假审批 王强的申请');
    expect(queryButton(document.body, '删除所选')).not.toBeInTheDocument();
    expect(row.querySelector('input[type="checkbox"]')).toBeNull();
  });
});

describe('appPath', () => {
  it('follows only paths of this app', () => {
    expect(appPath('/approval/mine?instance=3')).toBe('/approval/mine?instance=3');
    expect(appPath('//evil.example/x')).toBeNull();
    expect(appPath('/\\evil.example')).toBeNull();
    expect(appPath('https://evil.example')).toBeNull();
    expect(appPath(null)).toBeNull();
  });
});
