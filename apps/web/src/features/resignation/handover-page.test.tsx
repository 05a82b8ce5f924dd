import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MenuType } from '@dealer-hr/shared/dictionary-types';
import type { HandoverDetail } from '@dealer-hr/shared/handover/contract';
import { callsTo, ok, type ApiCall, type Routes } from '../../test/mock-api';
import { button, dialogTitled, mockPageApi, setupUser, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { ResignationDetail } from './api';
import type { HandoverItem } from './handover-api';

const PAGE = {
  name: 'resignationHandover',
  title: '离职交接',
  path: '/staff/resignation/handover',
  typeId: MenuType.HIDDEN_PAGE,
  noCache: true,
};
const ALL = ['transfer', 'retry', 'complete'].map((action) => `staff:resignation-handover:${action}`);

const resignation: ResignationDetail = {
  id: 7,
  employee_id: 107,
  employee_no: 'E1007',
  employee_name: '张伟',
  store_id: 40,
  store_name: '上海浦东宝马4S店',
  department_name: '展厅销售一组',
  post_name: '销售顾问',
  type: 'voluntary',
  reason_id: 521,
  reason_name: '个人发展',
  destination_id: 531,
  destination_name: '同行竞品',
  applied_on: '2026-11-01',
  last_day: '2026-11-30',
  explanation: '个人发展',
  status: 'approved',
  created_by: '人事经理',
  created_at: '2026-11-01T02:00:00.000Z',
  user: { userid: 'wm-zhangwei' },
  handover_done: 0,
  handover_total: 25,
  return_comment: null,
  cancel_reason: null,
  prohibited_reason: null,
  completed_at: null,
  approval: null,
  actions: { edit: false, cancel: true, go: true },
};

const item = (id: number, name: string, extra: Partial<HandoverItem> = {}): HandoverItem => ({
  id,
  kind: 'customer',
  external_id: `wm${id}`,
  name,
  member_count: null,
  state: 'pending',
  inheritor_id: null,
  inheritor_name: null,
  takeover_at: null,
  errcode: null,
  error: null,
  attempts: 0,
  updated_at: '2026-11-26T00:00:00.000Z',
  ...extra,
});

/** 23 customers (the 3rd declined once already) and 2 chats; a page of the list asked for. */
const customers = Array.from({ length: 23 }, (_, index) =>
  item(index + 1, `客户${index + 1}`, index === 2 ? { state: 'refused', inheritor_name: '李经理' } : {}),
);
const chats = [
  item(101, '宝马车主群', { kind: 'group_chat', member_count: 88 }),
  item(102, '试驾体验群', { kind: 'group_chat', member_count: 12 }),
];
const pageOf = (rows: HandoverItem[]) => (call: ApiCall) => {
  const { page, limit } = call.body as { page: number; limit: number };
  return ok({ data: rows.slice((page - 1) * limit, page * limit), total: rows.length });
};

const progress: HandoverDetail['progress'] = {
  settled: false,
  listed: true,
  done: 0,
  total: 25,
  customer: { pending: 22, queued: 0, submitted: 0, waiting: 0, done: 0, refused: 1, limit: 0, failed: 0 },
  group_chat: { pending: 2, queued: 0, submitted: 0, waiting: 0, done: 0, refused: 0, limit: 0, failed: 0 },
};

function api(perms: readonly string[] = ALL, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/resign/detail': () => ok(resignation),
    'GET /api/auth/resign/transfer/detail': () =>
      ok({ progress, data: [customers[2]!], total: 1 } satisfies HandoverDetail),
    'POST /api/auth/resign/customer/list': pageOf(customers),
    'POST /api/auth/resign/groupchat/list': pageOf(chats),
    'GET /api/auth/resign/inherit': () =>
      ok([
        {
          id: 45,
          employee_no: 'E1045',
          name: '李经理',
          store_name: '上海浦东宝马4S店',
          department_name: '销售部',
          post_name: '销售经理',
          proposed: true,
        },
      ]),
    'POST /api/auth/resign/customer/transfer/operate': (call) =>
      ok({ queued: (call.body as { ids: number[] }).ids.length, progress }),
    'POST /api/auth/resign/groupchat/transfer/operate': (call) =>
      ok({ queued: (call.body as { ids: number[] }).ids.length, progress }),
    ...extra,
  });
}

/** The checkbox of the row showing `name` in `dialog`. */
const checkboxOf = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getByText(name, { exact: true })
    .closest('tr')!
    .querySelector<HTMLInputElement>('input[type="checkbox"]')!;

beforeAll(async () => {
  await import('./handover-page');
}, 60_000);

describe('/staff/resignation/handover', { timeout: 40_000 }, () => {
  it('shows where the handover stands and every item handed over with the platform’s answer', async () => {
    api();
    renderApp('/staff/resignation/handover?id=7');
    expect(await within(document.body).findByText('张伟（E1007）', {}, SLOW)).toBeInTheDocument();
    expect(await within(document.body).findByText('0 / 25')).toBeInTheDocument();
    expect(await within(document.body).findByText('李经理')).toBeInTheDocument();
    expect(within(document.body).getAllByText('客户拒绝').length).toBeGreaterThan(0);
  });

  it('hands customers from two pages and two chats to the proposed colleague', async () => {
    const { calls } = api();
    renderApp('/staff/resignation/handover?id=7');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '交接客户与客户群'), SLOW));
    const dialog = await dialogTitled('交接客户与客户群 - 张伟');
    await within(dialog).findByText('客户1');
    // Each list loaded once, page 1 with 10 rows, for this record and its leaver's userid.
    for (const path of ['/api/auth/resign/customer/list', '/api/auth/resign/groupchat/list'])
      expect(callsTo(calls, 'POST', path).map((call) => call.body)).toEqual([
        { page: 1, limit: 10, userId: 'wm-zhangwei', resign_id: 7 },
      ]);
    expect(within(dialog).getByText('客户（23）')).toBeInTheDocument();
    // Where the whole handover stands.
    expect(await within(dialog).findByText('已交接 0 / 25')).toBeInTheDocument();
    await user.click(checkboxOf(dialog, '客户1'));
    await user.click(checkboxOf(dialog, '客户3'));
    // Page 2: the choice of page 1 stays.
    await user.click(within(dialog).getByTitle('2'));
    await within(dialog).findByText('客户11');
    await user.click(checkboxOf(dialog, '客户12'));
    expect(within(dialog).getByText('已选 3 项')).toBeInTheDocument();
    await user.click(within(dialog).getByText('客户群（2）'));
    await user.click(checkboxOf(dialog, '宝马车主群'));
    await user.click(checkboxOf(dialog, '试驾体验群'));
    expect(within(dialog).getByText('已选 5 项')).toBeInTheDocument();
    // The store's sales manager is proposed and chosen already.
    await within(dialog).findByText(/李经理/);
    await user.click(button(dialog, '交接所选'));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/auth/resign/groupchat/transfer/operate')).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', '/api/auth/resign/customer/transfer/operate')[0]!.body).toEqual({
      resign_id: 7,
      ids: [1, 3, 12],
      inheritor_id: 45,
    });
    expect(callsTo(calls, 'POST', '/api/auth/resign/groupchat/transfer/operate')[0]!.body).toEqual({
      resign_id: 7,
      ids: [101, 102],
      inheritor_id: 45,
    });
    // The lists are read again (their states moved) and the choice is cleared.
    await waitFor(() => expect(within(dialog).getByText('已选 0 项')).toBeInTheDocument());
  });

  it('resets the lists on closing and loads them again at the next opening', async () => {
    const { calls } = api();
    renderApp('/staff/resignation/handover?id=7');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '交接客户与客户群'), SLOW));
    let dialog = await dialogTitled('交接客户与客户群 - 张伟');
    await within(dialog).findByText('客户1');
    await user.click(within(dialog).getByTitle('2'));
    await within(dialog).findByText('客户11');
    await user.click(button(dialog, '关闭'));
    await user.click(button(document.body, '交接客户与客户群'));
    dialog = await dialogTitled('交接客户与客户群 - 张伟');
    await within(dialog).findByText('客户1');
    const asked = callsTo(calls, 'POST', '/api/auth/resign/customer/list').map((call) => call.body);
    expect(asked).toEqual([
      { page: 1, limit: 10, userId: 'wm-zhangwei', resign_id: 7 },
      { page: 2, limit: 10, userId: 'wm-zhangwei', resign_id: 7 },
      { page: 1, limit: 10, userId: 'wm-zhangwei', resign_id: 7 },
    ]);
    expect(within(dialog).getByText('已选 0 项')).toBeInTheDocument();
  });

  it('lets a declined customer be chosen again only with the retry right', async () => {
    api(['staff:resignation-handover:transfer']);
    renderApp('/staff/resignation/handover?id=7');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '交接客户与客户群'), SLOW));
    const dialog = await dialogTitled('交接客户与客户群 - 张伟');
    await within(dialog).findByText('客户1');
    expect(checkboxOf(dialog, '客户3')).toBeDisabled();
    expect(checkboxOf(dialog, '客户1')).not.toBeDisabled();
  });
});
