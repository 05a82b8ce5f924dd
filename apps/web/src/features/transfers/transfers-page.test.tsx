import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, ok, type Routes } from '../../test/mock-api';
import {
  button,
  dialogTitled,
  mockPageApi,
  queryButton,
  rowOf,
  selectOption,
  setupUser,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { TransferDetail, TransferPerson, TransferRow } from './api';

const LIST_PAGE = { name: 'transfer', title: '调岗管理', path: '/staff/transfer' };
const APPROVAL_PAGE = { name: 'postTransfer', title: '调岗审批', path: '/processapproval/posttransfer' };
const FILER = ['create', 'update', 'cancel', 'export'].map((action) => `staff:transfer:${action}`);

const place = (store: string, department: string, post: string) => ({
  store_id: 40,
  store_name: store,
  department_id: 41,
  department_name: department,
  post_id: 5,
  post_name: post,
});

const row = (id: number, name: string, extra: Partial<TransferRow> = {}): TransferRow => ({
  id,
  employee_id: 100 + id,
  employee_no: `E10${id}`,
  employee_name: name,
  from: { ...place('上海浦东宝马4S店', '销售部', '销售顾问'), is_main: true },
  to: place('杭州西湖奥迪4S店', '销售部', '销售经理'),
  type_id: 901,
  type_name: '晋升',
  effective_date: '2026-12-01',
  status: 'approving',
  keep_part_time: false,
  reason: '业绩突出',
  created_by: '人事经理',
  created_at: '2026-11-20T02:00:00.000Z',
  ...extra,
});

const rows = [row(1, '张伟'), row(2, '李娜', { status: 'returned' })];

const detailOf = (listed: TransferRow, extra: Partial<TransferDetail> = {}): TransferDetail => ({
  ...listed,
  from_assignment_id: 7,
  from_start_date: '2023-05-01',
  attachments: [],
  return_comment: listed.status === 'returned' ? '请改到下月初' : null,
  cancel_reason: null,
  applied_at: null,
  approval: { instance_id: 31, status: 'pending', task_id: null },
  actions: { edit: listed.status === 'returned', cancel: true },
  ...extra,
});

const person: TransferPerson = {
  id: 120,
  employee_no: 'E1020',
  name: '王芳',
  open_transfer_id: null,
  assignments: [
    { id: 70, is_main: true, start_date: '2024-03-01', ...place('上海浦东宝马4S店', '售后部', '服务顾问') },
  ],
};

function api(perms: string[] = FILER, extra: Routes = {}) {
  return mockPageApi(LIST_PAGE, perms, {
    'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
    'GET /api/auth/posts/index': () => ok({ data: [], total: 0 }),
    'GET /api/auth/departments/my/tree': () => ok([]),
    'GET /api/auth/dictionarie/data': () =>
      ok({ 54: [{ id: 901, type_id: 54, code: 'promotion', name: '晋升', sort: 10, enabled: true }] }),
    'GET /api/auth/user/job/transfer/index': () => ok({ data: rows, total: rows.length }),
    'GET /api/auth/user/job/transfer/detail': (call) =>
      ok(
        detailOf(
          rows.find((candidate) => String(candidate.id) === call.url.searchParams.get('id')) ?? rows[0]!,
        ),
      ),
    'GET /api/auth/user/job/transfer/people': () => ok([person]),
    'POST /api/auth/user/job/transfer/cancel': () => ok(detailOf(rows[0]!, { status: 'cancelled' })),
    ...extra,
  });
}

beforeAll(async () => {
  await import('./transfers-page');
  await import('./approval-page');
}, 60_000);

describe('/staff/transfer', { timeout: 30_000 }, () => {
  it('lists who moves from where to where, with type, date and status', async () => {
    api();
    renderApp('/staff/transfer');
    const listed = await rowOf('张伟');
    expect(within(listed).getByText('上海浦东宝马4S店')).toBeInTheDocument();
    expect(within(listed).getByText('销售部 · 销售经理')).toBeInTheDocument();
    expect(within(listed).getByText('晋升')).toBeInTheDocument();
    expect(within(listed).getByText('审批中')).toBeInTheDocument();
    expect(within(await rowOf('李娜')).getByText('已退回')).toBeInTheDocument();
  });

  it('hides filing when the page does not grant it', async () => {
    api([]);
    renderApp('/staff/transfer');
    await rowOf('张伟');
    expect(queryButton(document.body, '发起调岗')).not.toBeInTheDocument();
  });

  it('opens a returned transfer with the approver’s comment, and cancels one with a reason', async () => {
    const { calls } = api();
    renderApp('/staff/transfer?id=2');
    const drawer = await dialogTitled('调岗详情');
    expect(await within(drawer).findByText('请改到下月初')).toBeInTheDocument();
    expect(button(drawer, '修改并重新提交')).toBeInTheDocument();
    const user = setupUser();
    await user.click(button(drawer, '取消调岗'));
    await user.type(await screen.findByLabelText('取消原因（选填）'), '人员安排有变');
    await user.click(button(document.querySelector<HTMLElement>('.ant-popconfirm')!, '取消调岗'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/user/job/transfer/cancel')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/user/job/transfer/cancel')[0]!.body).toEqual({
      id: 2,
      reason: '人员安排有变',
    });
  });

  it('files a transfer: the person found by number, the post they leave taken from them', async () => {
    const { calls } = api(FILER, {
      'POST /api/auth/user/job/transfer/store': () => ok(detailOf(rows[0]!)),
    });
    renderApp('/staff/transfer');
    await rowOf('张伟');
    const user = setupUser();
    await user.click(button(document.body, '发起调岗'));
    const dialog = await dialogTitled('发起调岗');
    await user.type(within(dialog).getByLabelText('调岗人员'), 'E1020');
    await user.click(await selectOption('王芳（E1020）'));
    expect(within(dialog).getByText('主岗 · 上海浦东宝马4S店 · 售后部 · 服务顾问')).toBeInTheDocument();
    await user.click(button(dialog, '保存'));
    // The rest is required: nothing is sent until it is given.
    expect(await within(dialog).findByText('请选择调入部门')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/user/job/transfer/store')).toHaveLength(0);
  });
});

describe('/processapproval/posttransfer', { timeout: 30_000 }, () => {
  it('lists what waits for the caller and decides on it with a comment', async () => {
    const waiting = detailOf(rows[0]!, { approval: { instance_id: 31, status: 'pending', task_id: 77 } });
    const { calls } = mockPageApi(
      APPROVAL_PAGE,
      ['processapproval:posttransfer:approve', 'processapproval:posttransfer:reject'],
      {
        'GET /api/auth/user/job/transfer/index': () => ok({ data: [rows[0]], total: 1 }),
        'GET /api/auth/user/job/transfer/detail': () => ok(waiting),
        'POST /api/auth/user/job/transfer/reject': () => ok({ ...waiting, status: 'returned' }),
      },
    );
    renderApp('/processapproval/posttransfer');
    const listed = await rowOf('张伟（E101）');
    expect(within(listed).getByText('→ 杭州西湖奥迪4S店 · 销售部 · 销售经理')).toBeInTheDocument();
    expect(
      callsTo(calls, 'GET', '/api/auth/user/job/transfer/index')[0]!.url.searchParams.get('awaiting_me'),
    ).toBe('1');
    const user = setupUser();
    await user.click(button(listed, '审批'));
    const drawer = await dialogTitled('调岗详情');
    await user.click(await within(drawer).findByRole('button', { name: /驳\s?回/ }));
    const decision = await dialogTitled('驳回调岗');
    await user.click(button(decision, '驳回'));
    expect(await within(decision).findByText('审批意见不能为空')).toBeInTheDocument();
    await user.type(within(decision).getByLabelText('审批意见'), '本月满编');
    await user.click(button(decision, '驳回'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/user/job/transfer/reject')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/user/job/transfer/reject')[0]!.body).toEqual({
      id: 1,
      comment: '本月满编',
    });
  });
});
