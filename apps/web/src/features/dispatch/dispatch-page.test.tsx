import { waitFor, within } from '@testing-library/react';
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
  wholeText,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { DispatchDetail, DispatchPerson, DispatchRow } from './api';

const PAGE = { name: 'dispatch', title: '外派管理', path: '/staff/dispatch' };
const FILER = ['create', 'update', 'cancel'].map((action) => `staff:dispatch:${action}`);

const place = (store: string, department: string, post: string) => ({
  store_id: 40,
  store_name: store,
  department_id: 41,
  department_name: department,
  post_id: 5,
  post_name: post,
});

const row = (id: number, name: string, extra: Partial<DispatchRow> = {}): DispatchRow => ({
  id,
  employee_id: 100 + id,
  employee_no: `E10${id}`,
  employee_name: name,
  home: place('上海浦东宝马4S店', '售后部', '机电技师'),
  host: place('杭州西湖奥迪4S店', '售后部', '机电技师'),
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  days: 30,
  reason: '新店开业支援',
  allowance_note: '每日餐补 50 元',
  status: 'active',
  extension_end_date: null,
  created_by: '人事经理',
  created_at: '2026-10-20T02:00:00.000Z',
  ...extra,
});

const rows = [row(1, '张伟'), row(2, '李娜', { status: 'approving', extension_end_date: null })];

const detailOf = (listed: DispatchRow, extra: Partial<DispatchDetail> = {}): DispatchDetail => ({
  ...listed,
  extension_reason: null,
  return_comment: null,
  cancel_reason: null,
  started_at: null,
  ended_at: null,
  approval: { instance_id: 31, status: 'approved', task_id: null },
  actions: {
    edit: false,
    cancel: listed.status === 'approving',
    return_early: listed.status === 'active',
    extend: listed.status === 'active',
  },
  ...extra,
});

const person: DispatchPerson = {
  id: 120,
  employee_no: 'E1020',
  name: '王芳',
  home: { ...place('上海浦东宝马4S店', '销售部', '销售顾问'), start_date: '2024-03-01' },
  open_dispatch_id: null,
};

function api(perms: string[] = FILER, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
    'GET /api/auth/posts/index': () => ok({ data: [], total: 0 }),
    'GET /api/auth/departments/my/tree': () => ok([]),
    'GET /api/auth/dispatch/index': () => ok({ data: rows, total: rows.length }),
    'GET /api/auth/dispatch/detail': (call) =>
      ok(
        detailOf(
          rows.find((candidate) => String(candidate.id) === call.url.searchParams.get('id')) ?? rows[0]!,
        ),
      ),
    'GET /api/auth/dispatch/people': () => ok([person]),
    'GET /api/auth/dispatch/hosts': () =>
      ok([
        { id: 40, name: '上海浦东宝马4S店', department_id: 400 },
        { id: 50, name: '杭州西湖奥迪4S店', department_id: 500 },
      ]),
    'GET /api/auth/dispatch/host/departments': () =>
      ok([
        { id: 500, name: '杭州西湖奥迪4S店', depth: 0 },
        { id: 501, name: '售后部', depth: 1 },
      ]),
    ...extra,
  });
}

beforeAll(async () => {
  await import('./dispatch-page');
}, 60_000);

describe('/staff/dispatch', { timeout: 30_000 }, () => {
  it('lists who is lent from where to where, for which days, with the status', async () => {
    api();
    renderApp('/staff/dispatch');
    const listed = await rowOf('张伟');
    expect(within(listed).getByText('杭州西湖奥迪4S店')).toBeInTheDocument();
    expect(within(listed).getByText(wholeText('2026-11-01 ~ 2026-11-30'))).toBeInTheDocument();
    expect(within(listed).getByText('共 30 天')).toBeInTheDocument();
    expect(within(listed).getByText('外派中')).toBeInTheDocument();
    expect(within(await rowOf('李娜')).getByText('审批中')).toBeInTheDocument();
  });

  it('hides filing when the page does not grant it', async () => {
    api([]);
    renderApp('/staff/dispatch');
    await rowOf('张伟');
    expect(queryButton(document.body, '发起外派')).not.toBeInTheDocument();
  });

  it('asks for an extension of a running dispatch with a date and a reason', async () => {
    const { calls } = api(FILER, {
      'POST /api/auth/dispatch/extend': () => ok(detailOf(rows[0]!, { extension_end_date: '2026-12-15' })),
    });
    renderApp('/staff/dispatch?id=1');
    const drawer = await dialogTitled('外派详情');
    expect(await within(drawer).findByText('每日餐补 50 元')).toBeInTheDocument();
    const user = setupUser();
    await user.click(button(drawer, '申请延长'));
    const dialog = await dialogTitled('申请延长');
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('延长原因不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('延长至'), '2026-12-15{enter}');
    await user.type(within(dialog).getByLabelText('延长原因'), '开业活动延期');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/dispatch/extend')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/dispatch/extend')[0]!.body).toEqual({
      id: 1,
      end_date: '2026-12-15',
      reason: '开业活动延期',
    });
  });

  it('files a dispatch: the person found by number keeps their own post', async () => {
    const { calls } = api(FILER, { 'POST /api/auth/dispatch/store': () => ok(detailOf(rows[0]!)) });
    renderApp('/staff/dispatch');
    await rowOf('张伟');
    const user = setupUser();
    await user.click(button(document.body, '发起外派'));
    const dialog = await dialogTitled('发起外派');
    await user.type(within(dialog).getByLabelText('外派人员'), 'E1020');
    await user.click(await selectOption('王芳（E1020）'));
    expect(
      within(dialog).getByText('外派期间保留原岗位：上海浦东宝马4S店 · 销售部 · 销售顾问'),
    ).toBeInTheDocument();
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('请选择外派门店')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/dispatch/store')).toHaveLength(0);
    // Any store but the person's own, whatever the filer's scope; its departments come with it.
    await user.click(within(dialog).getByLabelText('外派门店'));
    expect(document.querySelector('.ant-select-dropdown')).not.toHaveTextContent('上海浦东宝马4S店');
    await user.click(await selectOption('杭州西湖奥迪4S店'));
    await waitFor(() =>
      expect(
        callsTo(calls, 'GET', '/api/auth/dispatch/host/departments')[0]?.url.searchParams.get('store_id'),
      ).toBe('50'),
    );
  });
});
