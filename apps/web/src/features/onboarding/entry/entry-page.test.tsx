import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetDrafts } from '../../../lib/draft-cache';
import type { OnboardingDetail, UploadedFile } from '../api';
import { callsTo, fileReply, ok, type ApiCall, type Routes } from '../../../test/mock-api';
import {
  button,
  mockPageApi,
  queryButton,
  rowOf,
  selectOption,
  setupUser,
  SLOW,
  TOKEN,
} from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';

const PAGE = {
  name: 'enrollmentEntry',
  title: '入职登记',
  path: '/managingpeople/enrollmententry',
  noCache: true,
};
const ALL_BUTTONS = ['save', 'submit'].map((action) => `managingpeople:enrollmententry:${action}`);

const photo = (id: number, purpose: string): UploadedFile => ({
  id,
  url: `/api/auth/upload/file/${id}`,
  mime: 'image/png',
  size: 2048,
  file_name: `${purpose}.png`,
  purpose,
  created_at: '2026-03-01T02:00:00.000Z',
});

/** 张三, with the personal step and the ID card's photo side saved. */
const saved: OnboardingDetail = {
  id: 1,
  status: 'draft',
  name: '张三',
  phone: '13900000001',
  id_type_id: 211,
  id_type_name: '居民身份证',
  id_number: '110101199003071233',
  store_id: 7,
  store_name: '华驰北京朝阳店',
  store_department_id: 70,
  department_id: 70,
  department_name: '华驰北京朝阳店',
  post_id: 5,
  post_name: '销售顾问',
  entry_date: null,
  steps: { personal: true, documents: false, contract: false },
  return_comment: null,
  employee_id: null,
  employee_no: null,
  created_by: '李人事',
  created_at: '2026-03-01T02:00:00.000Z',
  submitted_at: null,
  approved_at: null,
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
  documents: [photo(31, 'id_card_front')],
  contract: null,
  approval: null,
};

/** What `update` is sent for the personal step as saved. */
const personalBody = {
  id: 1,
  step: 'personal',
  name: '张三',
  phone: '13900000001',
  id_type_id: 211,
  id_number: '110101199003071233',
  email: 'zhangsan@example.com',
  gender: 'male',
  birth_date: '1990-03-07',
  height: 175,
  ethnicity_id: 231,
  marital_status_id: 241,
  education_id: 221,
  college: '北京大学',
  region_id: 11,
  has_license_id: 511,
};

const draftOf = (key: string, data: Record<string, unknown>) => ({
  key,
  data,
  created_at: '2026-03-02T08:00:00.000Z',
  updated_at: '2026-03-02T08:05:00.000Z',
});

const pickers: Routes = {
  'GET /api/auth/dictionarie/data': ok({
    '1': [
      { id: 11, name: '华北区' },
      { id: 12, name: '华东区' },
    ],
    '21': [
      { id: 211, name: '居民身份证' },
      { id: 212, name: '护照' },
    ],
    '22': [{ id: 221, name: '本科' }],
    '23': [{ id: 231, name: '汉族' }],
    '24': [{ id: 241, name: '未婚' }],
    '50': [{ id: 501, name: '全职' }],
    '51': [{ id: 511, name: '有驾照' }],
  }),
  'GET /api/auth/departments/my/tree': ok([
    {
      id: 1,
      name: '华驰集团',
      children: [
        { id: 3, name: '人力资源部' },
        { id: 70, name: '华驰北京朝阳店', children: [{ id: 71, name: '销售部' }] },
      ],
    },
  ]),
  'GET /api/auth/posts/index': ok({ data: [{ id: 5, code: 'sales', name: '销售顾问' }], total: 1 }),
  'GET /api/auth/upload/file/31': fileReply('front-bytes', 'image/png'),
  'GET /api/auth/upload/file/32': fileReply('back-bytes', 'image/png'),
};

/**
 * The page's API: the entry (`record`), no draft unless `drafts` has one for the key, and `update`
 * answering the entry with the step marked done.
 */
function api(
  record: OnboardingDetail = saved,
  {
    drafts = {},
    perms = ALL_BUTTONS,
    extra = {},
  }: { drafts?: Record<string, unknown>; perms?: string[]; extra?: Routes } = {},
) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/user/entry/step/detail': ok(record),
    'GET /api/auth/draft/detail': (call) => {
      const key = call.url.searchParams.get('key')!;
      const data = drafts[key] as Record<string, unknown> | undefined;
      return ok(data ? draftOf(key, data) : null);
    },
    'POST /api/auth/draft/store': (call) => {
      const { key, data } = call.body as { key: string; data: Record<string, unknown> };
      return ok(draftOf(key, data));
    },
    'GET /api/auth/draft/delete': { body: { code: 200, message: 'ok', data: null } },
    'PUT /api/auth/user/entry/step/update': (call) => {
      const step = (call.body as { step: 'personal' | 'documents' | 'contract' }).step;
      return ok({ ...record, steps: { ...record.steps, [step]: true } });
    },
    ...pickers,
    ...extra,
  });
}

const updates = (calls: ApiCall[]) => callsTo(calls, 'PUT', '/api/auth/user/entry/step/update');

/** The form item labelled `label` (its label, control and messages). */
const itemOf = (label: string) => {
  const labels = [...document.querySelectorAll<HTMLElement>('.ant-form-item-label label')].filter(
    (element) => element.textContent === label,
  );
  if (labels.length !== 1) throw new Error(`${labels.length} fields labelled ${label}`);
  return labels[0]!.closest<HTMLElement>('.ant-form-item')!;
};

/** Opens the step titled `title` of the steps bar. */
async function openStep(user: ReturnType<typeof setupUser>, title: string) {
  const steps = await waitFor(() => {
    const bar = document.querySelector<HTMLElement>('.ant-steps');
    if (!bar) throw new Error('no steps yet');
    return bar;
  }, SLOW);
  await user.click(within(steps).getByText(title));
}

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./entry-page');
}, 60_000);

const createObjectURL = vi.fn((_file: Blob) => `blob:preview-${createObjectURL.mock.calls.length}`);

beforeEach(() => {
  forgetDrafts();
  // jsdom has no object URLs: the previews' two static methods are put on URL for these tests.
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('/managingpeople/enrollmententry', { timeout: 30_000 }, () => {
  it('opened without an entry, lists the entries to fill in, new and sent back, each opening its form', async () => {
    const list = { name: 'staffOnboarding', title: '入职管理', path: '/staff/onboarding' };
    const toFill = (status: string | null) =>
      status === 'returned'
        ? { ...saved, id: 2, name: '李四', status: 'returned' as const, return_comment: '学历证书不清晰' }
        : { ...saved, id: 1, name: '张三', status: 'draft' as const };
    const { calls } = mockPageApi(
      PAGE,
      ALL_BUTTONS,
      {
        'GET /api/auth/user/entry/step/index': (call) =>
          ok({ data: [toFill(call.url.searchParams.get('status'))], total: 1 }),
      },
      [{ page: list, perms: [] }],
    );
    const { location } = renderApp('/managingpeople/enrollmententry');
    const user = setupUser();
    expect(await screen.findByText('待填写的入职登记', {}, SLOW)).toBeInTheDocument();
    await rowOf('张三');
    expect(
      callsTo(calls, 'GET', '/api/auth/user/entry/step/index').at(-1)!.url.searchParams.get('status'),
    ).toBe('draft');

    await user.click(screen.getByText('已驳回'));
    const returned = await rowOf('李四');
    expect(within(returned).getByText('学历证书不清晰')).toBeInTheDocument();
    await user.click(button(returned, '填写'));
    await waitFor(() => expect(location()).toBe('/managingpeople/enrollmententry?id=2'));
  });

  it('opened without an entry, leads to 入职管理 where every entry is listed', async () => {
    const list = { name: 'staffOnboarding', title: '入职管理', path: '/staff/onboarding' };
    mockPageApi(PAGE, ALL_BUTTONS, { 'GET /api/auth/user/entry/step/index': ok({ data: [], total: 0 }) }, [
      { page: list, perms: [] },
    ]);
    const { location } = renderApp('/managingpeople/enrollmententry');
    const user = setupUser();
    expect(await screen.findByText('没有待填写的入职登记', {}, SLOW)).toBeInTheDocument();
    await user.click(button(document.body, '前往入职管理'));
    await waitFor(() => expect(location()).toBe('/staff/onboarding'));
  });

  it('opens the first step not saved, shows the saved values and saves a step with its whole body', async () => {
    const { calls } = api();
    renderApp('/managingpeople/enrollmententry?id=1');
    const user = setupUser();

    // The personal step is saved: the documents step comes first.
    await screen.findByText('身份证国徽面', {}, SLOW);
    expect(screen.getByText('华驰北京朝阳店 / 华驰北京朝阳店 / 销售顾问')).toBeInTheDocument();
    expect(screen.getByText('填写中').closest('.ant-tag')).toHaveClass('ant-tag-blue');

    await openStep(user, '个人信息');
    await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveValue('张三'));
    expect(screen.getByLabelText('邮箱')).toHaveValue('zhangsan@example.com');
    expect(screen.getByLabelText('身高')).toHaveValue('175');
    expect(screen.getByLabelText('院校')).toHaveValue('北京大学');
    expect(await within(itemOf('学历')).findByText('本科')).toBeInTheDocument();
    expect(within(itemOf('民族')).getByText('汉族')).toBeInTheDocument();
    // A mainland ID number gives the birth date: shown, not typed.
    expect(within(itemOf('出生日期')).getByPlaceholderText(/日期/)).toHaveValue('1990-03-07');
    expect(within(itemOf('出生日期')).getByPlaceholderText(/日期/)).toBeDisabled();

    await user.clear(screen.getByLabelText('院校'));
    await user.type(screen.getByLabelText('院校'), '清华大学');
    await user.click(button(document.body, '保存'));

    await waitFor(() => expect(updates(calls)).toHaveLength(1));
    expect(updates(calls)[0]!.body).toEqual({ ...personalBody, college: '清华大学' });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    // The draft goes, and the next step opens.
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/auth/draft/delete').map((call) => call.url.search)).toContain(
        '?key=onboarding%3A1%3Apersonal',
      ),
    );
    await screen.findByText('身份证国徽面');
  });

  it('restores an unsaved draft over the saved values and says so', async () => {
    const { calls } = api(saved, {
      drafts: { 'onboarding:1:personal': { ...personalBody, college: '清华大学', height: '180' } },
    });
    renderApp('/managingpeople/enrollmententry?id=1');
    const user = setupUser();
    await openStep(user, '个人信息');

    expect(await screen.findByText('已恢复未保存的草稿')).toBeInTheDocument();
    expect(screen.getByLabelText('院校')).toHaveValue('清华大学');
    expect(screen.getByLabelText('身高')).toHaveValue('180');
    expect(screen.getByLabelText('姓名')).toHaveValue('张三');

    await user.click(button(document.body, '保存'));
    await waitFor(() => expect(updates(calls)).toHaveLength(1));
    expect(updates(calls)[0]!.body).toEqual({ ...personalBody, college: '清华大学', height: 180 });
  });

  it('drops a restored draft on request, back to the saved values', async () => {
    const { calls } = api(saved, {
      drafts: { 'onboarding:1:personal': { ...personalBody, college: '清华大学' } },
    });
    renderApp('/managingpeople/enrollmententry?id=1');
    const user = setupUser();
    await openStep(user, '个人信息');
    await screen.findByText('已恢复未保存的草稿');
    await user.click(button(document.body, '放弃草稿'));
    await waitFor(() => expect(screen.getByLabelText('院校')).toHaveValue('北京大学'));
    expect(screen.queryByText('已恢复未保存的草稿')).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/draft/delete')).toHaveLength(1);
  });

  it('keeps the ID number out of the personal step’s draft', async () => {
    const { calls } = api(saved);
    renderApp('/managingpeople/enrollmententry?id=1');
    const user = setupUser();
    await openStep(user, '个人信息');
    await waitFor(() => expect(screen.getByLabelText('院校')).toHaveValue('北京大学'));
    await user.type(screen.getByLabelText('院校'), '附中');
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/draft/store')).toHaveLength(1), {
      timeout: 3000,
    });
    const drafted = callsTo(calls, 'POST', '/api/auth/draft/store')[0]!.body as {
      data: Record<string, unknown>;
    };
    expect(drafted.data).toMatchObject({ name: '张三', college: '北京大学附中' });
    expect(drafted.data).not.toHaveProperty('id_number');
  });

  it('previews the documents with the token, uploads one with its purpose and saves their ids', async () => {
    const { calls } = api(saved, {
      extra: { 'POST /api/auth/upload/file': ok(photo(32, 'id_card_back')) },
    });
    renderApp('/managingpeople/enrollmententry?id=1');
    const user = setupUser();

    const front = await waitFor(() => itemOf('身份证人像面'), SLOW);
    const image = await within(front).findByRole('img', { name: 'id_card_front.png' });
    expect(image.getAttribute('src')).toMatch(/^blob:preview/);
    const read = callsTo(calls, 'GET', '/api/auth/upload/file/31');
    expect(read[0]!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);

    // The ID card's emblem side is required.
    await user.click(button(document.body, '保存'));
    expect(await within(itemOf('身份证国徽面')).findByText('请上传身份证国徽面')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);

    const input = itemOf('身份证国徽面').querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['back'], 'back.png', { type: 'image/png' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/upload/file')).toHaveLength(1));
    const sent = callsTo(calls, 'POST', '/api/auth/upload/file')[0]!.body as FormData;
    expect([...sent.keys()]).toEqual(['purpose', 'file']);
    expect(sent.get('purpose')).toBe('id_card_back');
    expect((sent.get('file') as File).name).toBe('back.png');
    await within(itemOf('身份证国徽面')).findByRole('img', { name: 'id_card_back.png' });

    await user.click(button(document.body, '保存'));
    await waitFor(() => expect(updates(calls)).toHaveLength(1));
    expect(updates(calls)[0]!.body).toEqual({
      id: 1,
      step: 'documents',
      id_card_front: 31,
      id_card_back: 32,
      education: null,
      driving_licence: null,
      face: null,
    });
  });

  it('offers the departments of the store, keeps the password out of the draft, saves and submits', async () => {
    const ready: OnboardingDetail = {
      ...saved,
      steps: { personal: true, documents: true, contract: false },
      documents: [photo(31, 'id_card_front'), photo(32, 'id_card_back')],
    };
    const contractDraft = {
      department_id: 71,
      post_id: 5,
      entry_date: '2026-04-01',
      employee_type_id: 501,
      probation_months: 3,
      contract_start: '2026-04-01',
      contract_end: '2029-03-31',
      username: '13900000001',
      is_sale: true,
    };
    const { calls } = api(ready, {
      drafts: { 'onboarding:1:contract': contractDraft },
      extra: {
        'POST /api/auth/user/entry/step/post': ok({
          ...ready,
          status: 'pending',
          steps: { personal: true, documents: true, contract: true },
        }),
      },
    });
    renderApp('/managingpeople/enrollmententry?id=1');
    const user = setupUser();

    await screen.findByText('已恢复未保存的草稿', {}, SLOW);
    expect(screen.getByLabelText('登录账号')).toHaveValue('13900000001');
    expect(await within(itemOf('入职部门')).findByText('销售部')).toBeInTheDocument();
    // Only the store's own departments are offered.
    await user.click(screen.getByLabelText('入职部门'));
    await selectOption('华驰北京朝阳店');
    const dropdown = document.querySelector<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    )!;
    expect(within(dropdown).queryByTitle('人力资源部')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Typing the password saves the draft again, without it.
    await user.type(screen.getByLabelText('初始密码'), 'Welcome2026');
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/draft/store')).toHaveLength(1), {
      timeout: 3000,
    });
    const drafted = callsTo(calls, 'POST', '/api/auth/draft/store')[0]!.body as {
      data: Record<string, unknown>;
    };
    expect(drafted.data).toEqual(contractDraft);

    await user.click(button(document.body, '提交审批'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/post')).toHaveLength(1));
    expect(updates(calls)[0]!.body).toEqual({
      id: 1,
      step: 'contract',
      ...contractDraft,
      password: 'Welcome2026',
    });
    expect(callsTo(calls, 'POST', '/api/auth/user/entry/step/post')[0]!.body).toEqual({ id: 1 });
    expect(await screen.findByText('已提交审批，审批期间不能修改')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('登录账号')).toBeDisabled());
    expect(queryButton(document.body, '提交审批')).not.toBeInTheDocument();
  });

  it('shows the approver’s comment on a rejected entry, read-only until it is taken back', async () => {
    const returned: OnboardingDetail = {
      ...saved,
      status: 'returned',
      return_comment: '学历证书不清晰，请重新上传',
      submitted_at: '2026-03-02T02:00:00.000Z',
    };
    const { calls } = api(returned, {
      extra: { 'PUT /api/auth/user/entry/step/refill': ok({ ...returned, status: 'draft' }) },
    });
    renderApp('/managingpeople/enrollmententry?id=1');
    const user = setupUser();

    expect(await screen.findByText('学历证书不清晰，请重新上传', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('入职申请被驳回')).toBeInTheDocument();
    await openStep(user, '个人信息');
    await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveValue('张三'));
    expect(screen.getByLabelText('姓名')).toBeDisabled();
    expect(queryButton(document.body, '保存')).not.toBeInTheDocument();
    // A read-only form keeps no draft.
    expect(callsTo(calls, 'GET', '/api/auth/draft/detail')).toHaveLength(0);

    await user.click(button(document.body, '重新填写'));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/api/auth/user/entry/step/refill')[0]?.body).toEqual({ id: 1 }),
    );
    await waitFor(() => expect(screen.getByLabelText('姓名')).toBeEnabled());
    expect(button(document.body, '保存')).toBeInTheDocument();
    // The comment stays in sight while the entry is corrected.
    expect(screen.getByText('上次驳回意见')).toBeInTheDocument();
  });
});
