import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, ok, type Routes } from '../../test/mock-api';
import { button, dialogTitled, mockPageApi, queryButton, rowOf, setupUser } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { ResignationDetail, ResignationRow } from './api';

const PAGE = { name: 'resignation', title: '离职管理', path: '/staff/resignation' };
const HR = ['create', 'update', 'cancel', 'export', 'go', 'prohibit', 'setting'].map(
  (action) => `staff:resignation:${action}`,
);

const row = (id: number, name: string, extra: Partial<ResignationRow> = {}): ResignationRow => ({
  id,
  employee_id: 100 + id,
  employee_no: `E10${id}`,
  employee_name: name,
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
  user: { userid: `wm${id}` },
  handover_done: 0,
  handover_total: 0,
  ...extra,
});

const rows = [row(1, '张伟'), row(2, '李娜', { status: 'approving', type: 'contract_end' })];

const detailOf = (listed: ResignationRow, extra: Partial<ResignationDetail> = {}): ResignationDetail => ({
  ...listed,
  return_comment: null,
  cancel_reason: null,
  prohibited_reason: null,
  completed_at: null,
  approval: {
    instance_id: 31,
    status: listed.status === 'approving' ? 'pending' : 'approved',
    task_id: null,
  },
  actions: { edit: false, cancel: true, go: listed.status === 'approved' },
  ...extra,
});

function api(perms: string[] = HR, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
    'GET /api/auth/dictionarie/data': () => ok({ 52: [], 53: [] }),
    'GET /api/auth/resign/index': () => ok({ data: rows, total: rows.length }),
    'GET /api/auth/resign/detail': (call) =>
      ok(
        detailOf(
          rows.find((candidate) => String(candidate.id) === call.url.searchParams.get('id')) ?? rows[0]!,
        ),
      ),
    'GET /api/auth/resign/people': () => ok([]),
    ...extra,
  });
}

beforeAll(async () => {
  await import('./resignation-page');
}, 60_000);

describe('/staff/resignation', { timeout: 30_000 }, () => {
  it('lists who leaves, the type, reason, last day and status', async () => {
    api();
    renderApp('/staff/resignation');
    const listed = await rowOf('张伟');
    expect(within(listed).getByText('主动离职')).toBeInTheDocument();
    expect(within(listed).getByText('个人发展')).toBeInTheDocument();
    expect(within(listed).getByText('2026-11-30')).toBeInTheDocument();
    expect(within(listed).getByText('待离职')).toBeInTheDocument();
    expect(within(await rowOf('李娜')).getByText('合同到期不续签')).toBeInTheDocument();
  });

  it('hides filing when the page does not grant it', async () => {
    api([]);
    renderApp('/staff/resignation');
    await rowOf('张伟');
    expect(queryButton(document.body, '发起离职')).not.toBeInTheDocument();
  });

  it('completes an approved one, adding the person to the prohibited list with a reason', async () => {
    const { calls } = api(HR, {
      'POST /api/auth/resign/go': () => ok(detailOf(rows[0]!, { status: 'scheduled' })),
    });
    renderApp('/staff/resignation?id=1');
    const drawer = await dialogTitled('离职详情');
    const user = setupUser();
    await user.click(await within(drawer).findByRole('button', { name: '办理离职' }));
    const dialog = await dialogTitled('确认办理离职');
    expect(within(dialog).getByText(/张伟 的所有岗位将于 2026-11-30 结束/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('同时加入禁用名单（不再录用）'));
    await user.click(button(dialog, '办理离职'));
    expect(await within(dialog).findByText('禁用原因不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('禁用原因'), '带走客户资料');
    await user.click(button(dialog, '办理离职'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/resign/go')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/resign/go')[0]!.body).toEqual({
      id: 1,
      add_prohibited: true,
      prohibited_reason: '带走客户资料',
    });
  });

  it('offers the prohibited list only with its own permission', async () => {
    api(HR.filter((permission) => !permission.endsWith(':prohibit')));
    renderApp('/staff/resignation?id=1');
    const drawer = await dialogTitled('离职详情');
    const user = setupUser();
    await user.click(await within(drawer).findByRole('button', { name: '办理离职' }));
    const dialog = await dialogTitled('确认办理离职');
    expect(within(dialog).queryByLabelText('同时加入禁用名单（不再录用）')).not.toBeInTheDocument();
  });

  it('saves the group’s setting: no handover required, customers told with the message given', async () => {
    const { calls } = api(HR, {
      'GET /api/auth/resign/setting': () =>
        ok({
          store_id: null,
          inherited: false,
          require_handover: true,
          inheritor_rule: 'sales_manager',
          inheritor_id: null,
          inheritor_name: null,
          notify_customers: true,
          notify_text: '您好，您的顾问已更换',
        }),
      'PUT /api/auth/resign/setting': (call) => ok({ ...(call.body as object), inherited: false }),
    });
    renderApp('/staff/resignation');
    await rowOf('张伟');
    const user = setupUser();
    await user.click(button(document.body, '离职设置'));
    const dialog = await dialogTitled('离职设置');
    expect(await within(dialog).findByDisplayValue('您好，您的顾问已更换')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: '办理离职前须完成客户与客户群交接' }));
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/resign/setting')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/resign/setting')[0]!.body).toEqual({
      store_id: null,
      require_handover: false,
      inheritor_rule: 'sales_manager',
      inheritor_id: null,
      notify_customers: true,
      notify_text: '您好，您的顾问已更换',
    });
  });
});
