import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTime } from '@dealer-hr/shared/time';
import { callsTo, fail, ok, type ApiCall, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  queryButton,
  rowOf,
  setupUser,
  showColumns,
  SLOW,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { OnboardingDetail, OnboardingRow } from './api';

const PAGE = { name: 'onboarding', title: '入职管理', path: '/staff/onboarding' };
const ENTRY_PAGE = {
  name: 'enrollmentEntry',
  title: '入职登记',
  path: '/managingpeople/enrollmententry',
  noCache: true,
};
const ALL_BUTTONS = ['create', 'update', 'delete', 'submit', 'export'].map(
  (action) => `staff:onboarding:${action}`,
);
const PROHIBITED = '该人员在禁用名单中，不能办理入职：伪造学历证书';
const EXCLUDED = '夫妻不能在同一门店任职';

const entry = (id: number, name: string, extra: Partial<OnboardingRow> = {}): OnboardingRow => ({
  id,
  status: 'draft',
  name,
  phone: `1390000000${id}`,
  id_number: `110************23${id}`,
  store_id: 7,
  store_name: '华驰北京朝阳店',
  store_department_id: 70,
  department_id: 70,
  department_name: '华驰北京朝阳店',
  post_id: 5,
  post_name: '销售顾问',
  entry_date: null,
  steps: { personal: false, documents: false, contract: false },
  return_comment: null,
  employee_id: null,
  employee_no: null,
  created_by: '李人事',
  created_at: '2026-03-01T02:00:00.000Z',
  submitted_at: null,
  approved_at: null,
  ...extra,
});

const rows: OnboardingRow[] = [
  entry(1, '张三', { steps: { personal: true, documents: true, contract: false } }),
  entry(2, '李四', {
    status: 'returned',
    department_name: '销售部',
    entry_date: '2026-04-01',
    steps: { personal: true, documents: true, contract: true },
    return_comment: '学历证书不清晰',
    submitted_at: '2026-03-02T02:00:00.000Z',
  }),
  entry(3, '王五', { status: 'approved', employee_no: 'E100003' }),
];

const started = (id: number): OnboardingDetail => ({
  ...entry(id, '赵六'),
  id_number: '110101199003071233',
  id_type_id: 211,
  id_type_name: '居民身份证',
  personal: null,
  documents: [],
  contract: null,
  approval: null,
});

const pickers: Routes = {
  'GET /api/auth/dictionarie/data': ok({
    '21': [
      { id: 211, name: '居民身份证' },
      { id: 212, name: '护照' },
    ],
  }),
  'GET /api/auth/store/index': ok({
    data: [
      { id: 7, code: 'BJ01', name: '华驰北京朝阳店', departmentId: 70 },
      { id: 8, code: 'BJ02', name: '华驰北京海淀店', departmentId: 80 },
    ],
    total: 2,
  }),
  'GET /api/auth/posts/index': ok({
    data: [
      { id: 5, code: 'sales_consultant', name: '销售顾问' },
      { id: 6, code: 'recruiter', name: '招聘专员' },
    ],
    total: 2,
  }),
};

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(
    PAGE,
    perms,
    {
      'GET /api/auth/user/entry/step/index': (call) => {
        const keyword = call.url.searchParams.get('keyword');
        const found = keyword ? rows.filter((row) => row.name.includes(keyword)) : rows;
        return ok({ data: found, total: found.length });
      },
      ...pickers,
      ...extra,
    },
    [{ page: ENTRY_PAGE, perms: [] }],
  );
}

const listCalls = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/auth/user/entry/step/index');

/** The form item (label, control, messages) of the field labelled `label` in `dialog`. */
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

/** 新增入职 of the page (a closed dialog keeps its title of the same text in the document). */
const createButton = () => button(document.querySelector<HTMLElement>('.ant-card-extra')!, '新增入职');

/** Opens 新增入职 and fills it for 赵六 at 华驰北京朝阳店 as 销售顾问. */
async function fillStart(user: ReturnType<typeof setupUser>): Promise<HTMLElement> {
  await user.click(await waitFor(createButton, SLOW));
  const dialog = await dialogTitled('新增入职');
  // The mainland ID card is chosen for the user.
  await within(dialog).findByText('居民身份证');
  await user.type(within(dialog).getByLabelText('姓名'), '赵六');
  await user.type(within(dialog).getByLabelText('手机号码'), '13900000009');
  await user.type(within(dialog).getByLabelText('证件号码'), ' 110101199003071233 ');
  await chooseOption(user, within(dialog).getByLabelText('入职门店'), '华驰北京朝阳店');
  await chooseOption(user, within(dialog).getByLabelText('入职岗位'), '销售顾问');
  return dialog;
}

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./onboarding-page');
}, 60_000);

describe('/staff/onboarding', { timeout: 30_000 }, () => {
  it('lists the entries with masked numbers, their steps and status, and deletes only a draft never submitted', async () => {
    showColumns('onboarding', ['idNumber', 'returnComment', 'createdBy']);
    const { calls } = api();
    renderApp('/staff/onboarding');

    const filling = await rowOf('张三');
    expect(within(filling).getByText('110************231')).toBeInTheDocument();
    expect(within(filling).getByText('13900000001')).toBeInTheDocument();
    expect(within(filling).getByText('华驰北京朝阳店 / 销售顾问')).toBeInTheDocument();
    expect(within(filling).getByText('个人信息').closest('.ant-tag')).toHaveClass('ant-tag-green');
    expect(within(filling).getByText('岗位与合同').closest('.ant-tag')).not.toHaveClass('ant-tag-green');
    expect(within(filling).getByText('填写中')).toBeInTheDocument();
    expect(within(filling).getByText('李人事')).toBeInTheDocument();
    expect(within(filling).getByText(parseTime('2026-03-01T02:00:00.000Z')!)).toBeInTheDocument();
    expect(button(filling, '填写')).toBeInTheDocument();
    expect(button(filling, '删除')).toBeInTheDocument();

    const rejected = await rowOf('李四');
    expect(within(rejected).getByText('已驳回').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(within(rejected).getByText('学历证书不清晰')).toBeInTheDocument();
    expect(within(rejected).getByText('2026-04-01')).toBeInTheDocument();
    expect(button(rejected, '查看')).toBeInTheDocument();
    expect(queryButton(rejected, '删除')).not.toBeInTheDocument();
    expect(queryButton(await rowOf('王五'), '删除')).not.toBeInTheDocument();
    expect(listCalls(calls)[0]!.url.search).toBe('?page=1&limit=20');
  });

  it('sends the filters: keyword, status, store and the started days with the time zone', async () => {
    const { calls } = api();
    renderApp('/staff/onboarding');
    await rowOf('张三');
    const user = setupUser();
    const form = document.querySelector<HTMLElement>('form[id="onboarding-filters"]')!;

    await user.type(within(form).getByLabelText('姓名或手机号'), ' 张 ');
    await chooseOption(user, within(form).getByLabelText('状态'), '已驳回');
    await chooseOption(user, within(form).getByLabelText('入职门店'), '华驰北京海淀店');
    const [from, to] = within(form).getAllByPlaceholderText(/日期/) as [HTMLInputElement, HTMLInputElement];
    await user.click(from);
    await user.type(from, '2026-03-01{Enter}');
    await user.type(to, '2026-03-31{Enter}');
    await user.click(button(form, '搜索'));

    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    expect(Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams)).toEqual({
      page: '1',
      limit: '20',
      keyword: '张',
      status: 'returned',
      store_id: '8',
      from: '2026-03-01',
      to: '2026-03-31',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('hides the buttons the page does not grant', async () => {
    api([]);
    renderApp('/staff/onboarding');
    const row = await rowOf('张三');
    expect(button(row, '填写')).toBeInTheDocument();
    expect(queryButton(row, '删除')).not.toBeInTheDocument();
    expect(queryButton(document.body, '新增入职')).not.toBeInTheDocument();
    expect(queryButton(document.body, '导出')).not.toBeInTheDocument();
  });

  it('shows every reason of a refused start above the form and on its field', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/user/entry/step/start': fail(409, PROHIBITED, 409, {
        errors: [
          { field: 'id_number', message: PROHIBITED },
          { field: 'post_id', message: EXCLUDED },
        ],
      }),
    });
    renderApp('/staff/onboarding');
    const user = setupUser();
    const dialog = await fillStart(user);
    await user.click(button(dialog, '发起入职'));

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('不能办理入职')).toBeInTheDocument();
    expect(within(alert).getByText(PROHIBITED)).toBeInTheDocument();
    expect(within(alert).getByText(EXCLUDED)).toBeInTheDocument();
    // A field's message is rendered by the form after the alert, in a later update.
    expect(await within(fieldOf(dialog, '证件号码')).findByText(PROHIBITED)).toBeInTheDocument();
    expect(await within(fieldOf(dialog, '入职岗位')).findByText(EXCLUDED)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/start')[0]!.body).toEqual({
      name: '赵六',
      phone: '13900000009',
      id_type_id: 211,
      id_number: '110101199003071233',
      store_id: 7,
      post_id: 5,
    });
    // Still open with what was typed: the user may correct it and try again.
    expect(within(dialog).getByLabelText('姓名')).toHaveValue('赵六');
  });

  it('checks the start before sending it, and opens the new entry in the entry form', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/user/entry/step/start': ok(started(9)),
    });
    const { location } = renderApp('/staff/onboarding');
    const user = setupUser();
    await user.click(await waitFor(createButton, SLOW));
    const empty = await dialogTitled('新增入职');
    await user.click(button(empty, '发起入职'));
    expect(await within(fieldOf(empty, '姓名')).findByText('姓名不能为空')).toBeInTheDocument();
    expect(within(fieldOf(empty, '入职门店')).getByText('请选择入职门店')).toBeInTheDocument();
    expect(within(fieldOf(empty, '入职岗位')).getByText('请选择入职岗位')).toBeInTheDocument();
    // A mainland ID card number must be a real one.
    await user.type(within(empty).getByLabelText('证件号码'), '110101199003071234');
    await user.click(button(empty, '发起入职'));
    expect(await within(fieldOf(empty, '证件号码')).findByText('身份证号码格式不正确')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/start')).toHaveLength(0);
    await user.click(button(empty, '取消'));

    const dialog = await fillStart(user);
    await user.click(button(dialog, '发起入职'));
    await waitFor(() => expect(location()).toBe('/managingpeople/enrollmententry?id=9'));
    expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/start')).toHaveLength(1);
    expect(await screen.findByText('已发起入职，请继续填写入职资料')).toBeInTheDocument();
  });

  it('deletes a draft after confirming', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'DELETE /api/auth/user/entry/step/destroy': ok({ id: 1 }),
    });
    renderApp('/staff/onboarding');
    const user = setupUser();
    await user.click(button(await rowOf('张三'), '删除'));
    const confirm = await screen.findByText('删除 张三 的入职记录？');
    await user.click(button(confirm.closest<HTMLElement>('.ant-popover')!, '删除'));
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', '/api/auth/user/entry/step/destroy')[0]?.body).toEqual({ id: 1 }),
    );
    expect(await screen.findByText('入职记录已删除')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('opens an entry in the entry form', async () => {
    api();
    const { location } = renderApp('/staff/onboarding');
    const user = setupUser();
    await user.click(button(await rowOf('李四'), '查看'));
    await waitFor(() => expect(location()).toBe('/managingpeople/enrollmententry?id=2'));
  });
});
