import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingDetail, OnboardingRow } from '../api';
import { callsTo, fileReply, ok, type ApiCall, type Routes } from '../../../test/mock-api';
import {
  button,
  dialogTitled,
  mockPageApi,
  queryButton,
  rowOf,
  setupUser,
  SLOW,
} from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';

const PAGE = {
  name: 'inductionFirst',
  title: '入职审批',
  path: '/processapproval/inductionfirst',
  noCache: true,
};
const ALL_BUTTONS = ['approve', 'reject'].map((action) => `processapproval:inductionfirst:${action}`);

const row = (id: number, name: string): OnboardingRow => ({
  id,
  status: 'pending',
  name,
  phone: `1390000000${id}`,
  id_number: `110************23${id}`,
  store_id: 7,
  store_name: '华驰北京朝阳店',
  store_department_id: 70,
  department_id: 71,
  department_name: '销售部',
  post_id: 5,
  post_name: '销售顾问',
  entry_date: '2026-04-01',
  steps: { personal: true, documents: true, contract: true },
  return_comment: null,
  employee_id: null,
  employee_no: null,
  created_by: '李人事',
  created_at: '2026-03-01T02:00:00.000Z',
  submitted_at: '2026-03-02T02:00:00.000Z',
  approved_at: null,
});

const detail = (taskId: number | null): OnboardingDetail => ({
  ...row(1, '张三'),
  id_type_id: 211,
  id_type_name: '居民身份证',
  id_number: '110101199003071233',
  personal: {
    gender: 'male',
    email: 'zhangsan@example.com',
    birth_date: '1990-03-07',
    height: 175,
    ethnicity_id: 231,
    marital_status_id: 241,
    education_id: 221,
    college: '北京大学',
    region_id: 11,
    has_license_id: 511,
  },
  documents: [
    {
      id: 31,
      url: '/api/auth/upload/file/31',
      mime: 'image/png',
      size: 2048,
      file_name: 'front.png',
      purpose: 'id_card_front',
      created_at: '2026-03-01T02:00:00.000Z',
    },
    {
      id: 33,
      url: '/api/auth/upload/file/33',
      mime: 'application/pdf',
      size: 4096,
      file_name: '学历证书.pdf',
      purpose: 'education',
      created_at: '2026-03-01T02:00:00.000Z',
    },
  ],
  contract: {
    entry_date: '2026-04-01',
    employee_type_id: 501,
    probation_months: 3,
    contract_start: '2026-04-01',
    contract_end: '2029-03-31',
    username: 'zhangsan',
    is_sale: true,
    has_password: true,
  },
  approval: { instance_id: 9, status: 'pending', task_id: taskId },
});

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  let decided = false;
  const answer = () => ok(decided ? { ...detail(null), status: 'approved' } : detail(15));
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/user/entry/step/index': ok({ data: [row(1, '张三'), row(2, '李四')], total: 2 }),
    'GET /api/auth/user/entry/step/detail': answer,
    'POST /api/auth/user/entry/step/approve': () => {
      decided = true;
      return answer();
    },
    'POST /api/auth/user/entry/step/reject': () => {
      decided = true;
      return answer();
    },
    'GET /api/auth/dictionarie/data': ok({
      '1': [{ id: 11, name: '华北区' }],
      '22': [{ id: 221, name: '本科' }],
      '23': [{ id: 231, name: '汉族' }],
      '24': [{ id: 241, name: '未婚' }],
      '50': [{ id: 501, name: '全职' }],
      '51': [{ id: 511, name: '有驾照' }],
    }),
    'GET /api/auth/upload/file/31': fileReply('front-bytes', 'image/png'),
    'GET /api/auth/upload/file/33': fileReply('%PDF-1.7', 'application/pdf'),
    ...extra,
  });
}

const listCalls = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/auth/user/entry/step/index');

/** The value shown beside the label `label` in the entry's descriptions. */
function valueOf(label: string): HTMLElement {
  const labels = [...document.querySelectorAll<HTMLElement>('.ant-descriptions-item-label')].filter(
    (cell) => cell.textContent === label,
  );
  if (labels.length !== 1) throw new Error(`${labels.length} descriptions labelled ${label}`);
  return labels[0]!.nextElementSibling as HTMLElement;
}

/** The detail of 张三 once it has loaded, with its dictionary names. */
async function openDetail() {
  const { calls, ...view } = { ...api(), ...renderApp('/processapproval/inductionfirst?id=1') };
  await screen.findByText('入职审批详情', {}, SLOW);
  await waitFor(() => expect(valueOf('学历').textContent).toBe('本科'));
  return { calls, ...view };
}

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./approval-page');
}, 60_000);

beforeEach(() => {
  // jsdom has no object URLs: the previews' two static methods are put on URL for these tests.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('/processapproval/inductionfirst', { timeout: 30_000 }, () => {
  it('lists the entries waiting for me, or every one in approval, and opens one', async () => {
    const { calls } = api();
    const { location } = renderApp('/processapproval/inductionfirst');
    const user = setupUser();

    const waiting = await rowOf('张三');
    expect(within(waiting).getByText('华驰北京朝阳店')).toBeInTheDocument();
    expect(within(waiting).getByText('审批中')).toBeInTheDocument();
    expect(Object.fromEntries(listCalls(calls)[0]!.url.searchParams)).toEqual({
      awaiting_me: '1',
      page: '1',
      limit: '20',
    });

    await user.click(screen.getByText('全部审批中'));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    expect(Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams)).toEqual({
      status: 'pending',
      page: '1',
      limit: '20',
    });

    await user.click(button(await rowOf('张三'), '查看'));
    await waitFor(() => expect(location()).toBe('/processapproval/inductionfirst?id=1'));
  });

  it('shows every step with dictionary names and the documents read with the token', async () => {
    const { calls } = await openDetail();
    expect(valueOf('姓名').textContent).toBe('张三');
    expect(valueOf('性别').textContent).toBe('男');
    expect(valueOf('证件类型').textContent).toBe('居民身份证');
    expect(valueOf('证件号码').textContent).toBe('110101199003071233');
    expect(valueOf('民族').textContent).toBe('汉族');
    expect(valueOf('婚姻状况').textContent).toBe('未婚');
    expect(valueOf('区域').textContent).toBe('华北区');
    expect(valueOf('是否有驾照').textContent).toBe('有驾照');
    expect(valueOf('员工类型').textContent).toBe('全职');
    expect(valueOf('试用期').textContent).toBe('3 个月');
    expect(valueOf('合同期限').textContent).toBe('2026-04-01 ~ 2029-03-31');
    expect(valueOf('销售人员').textContent).toBe('是');
    expect(valueOf('身份证国徽面').textContent).toBe('未上传');

    const front = await within(valueOf('身份证人像面')).findByRole('img', { name: 'front.png' });
    expect(front).toHaveAttribute('src', 'blob:preview');
    const pdf = await within(valueOf('学历证书')).findByText('学历证书.pdf');
    expect(pdf.closest('a')).toHaveAttribute('href', 'blob:preview');
    for (const id of [31, 33])
      expect(callsTo(calls, 'GET', `/api/auth/upload/file/${id}`)[0]!.headers.get('Authorization')).toBe(
        'Bearer x',
      );
  });

  it('approves with an optional comment, then shows the entry decided', async () => {
    const { calls } = await openDetail();
    const user = setupUser();
    await user.click(button(document.body, '通过'));
    const dialog = await dialogTitled('通过入职申请');
    await user.type(within(dialog).getByLabelText('审批意见'), ' 资料齐全 ');
    await user.click(button(dialog, '通过'));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/approve')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/approve')[0]!.body).toEqual({
      id: 1,
      comment: '资料齐全',
    });
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    // Refreshed: the task is gone, and with it the buttons.
    await waitFor(() => expect(queryButton(document.querySelector('.ant-card-extra')!, '通过')).toBeNull());
    expect(screen.getByText('已入职')).toBeInTheDocument();
  });

  it('rejects only with a comment', async () => {
    const { calls } = await openDetail();
    const user = setupUser();
    await user.click(button(document.querySelector<HTMLElement>('.ant-card-extra')!, '驳回'));
    const dialog = await dialogTitled('驳回入职申请');
    await user.click(button(dialog, '驳回'));
    expect(await within(dialog).findByText('审批意见不能为空')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/reject')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('审批意见'), '学历证书不清晰');
    await user.click(button(dialog, '驳回'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/reject')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/reject')[0]!.body).toEqual({
      id: 1,
      comment: '学历证书不清晰',
    });
    expect(await screen.findByText('已驳回')).toBeInTheDocument();
  });

  it('offers no decision without the permission', async () => {
    api([]);
    renderApp('/processapproval/inductionfirst?id=1');
    await screen.findByText('入职审批详情', {}, SLOW);
    const extra = document.querySelector<HTMLElement>('.ant-card-extra')!;
    expect(queryButton(extra, '通过')).toBeNull();
    expect(queryButton(extra, '驳回')).toBeNull();
    expect(button(extra, '返回列表')).toBeInTheDocument();
  });
});
