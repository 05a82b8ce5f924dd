import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTime } from '@dealer-hr/shared/time';
import { callsTo, fail, ok, type Reply, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  queryButton,
  setupUser,
  SLOW,
} from '../../test/page-helpers';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../test/render-app';
import type { StaffDetail } from './api';
import { DETAIL_PAGE, LIST_PAGE, detail, pickerRoutes } from './test-data';

const ALL_BUTTONS = ['update', 'reveal-id'].map((action) => `staff:detail:${action}`);
const PHONE_TAKEN = '该手机号码已被在职员工使用';
const ID_NUMBER_TAKEN = '该证件号码已被其他员工使用';

/** 张三 as saved: what the profile shows once the list of answers is used up. */
const saved: StaffDetail = { ...detail, college: '北京大学', updated_at: '2026-02-01T03:00:00.000Z' };

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}, record: StaffDetail = detail) {
  return mockPageApi(
    DETAIL_PAGE,
    perms,
    {
      'GET /api/auth/user/detail': (call) =>
        call.url.searchParams.get('id') === String(record.id) ? ok(record) : fail(404, '员工不存在', 404),
      ...pickerRoutes,
      ...extra,
    },
    [{ page: LIST_PAGE, perms: [] }],
  );
}

/** The value shown beside the label `label` in the profile's descriptions. */
function valueOf(label: string): string {
  const labels = [...document.querySelectorAll<HTMLElement>('.ant-descriptions-item-label')].filter(
    (cell) => cell.textContent === label,
  );
  if (labels.length !== 1) throw new Error(`${labels.length} descriptions labelled ${label}`);
  return labels[0]!.nextElementSibling!.textContent!.trim();
}

/** The form item (label, control, messages) of the field labelled `label` in `dialog`. */
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
const errorsOf = (dialog: HTMLElement, label: string) =>
  [...fieldOf(dialog, label).querySelectorAll('.ant-form-item-explain-error')].map(
    (error) => error.textContent,
  );
/** Waits for the field's messages to be `messages`: a message it had before leaves with an animation. */
const expectErrors = (dialog: HTMLElement, label: string, messages: string[]) =>
  waitFor(() => expect(errorsOf(dialog, label)).toEqual(messages));

/** Opens the profile form of the page and waits for the record in it. */
async function openForm(user: ReturnType<typeof setupUser>): Promise<HTMLElement> {
  await user.click(await waitFor(() => button(document.body, '编辑'), SLOW));
  const dialog = await dialogTitled('编辑员工信息：张三');
  await waitFor(() => expect(within(dialog).getByLabelText('姓名')).toHaveValue('张三'));
  // The dictionaries have loaded: the selects show names, not ids.
  await within(dialog).findByText('居民身份证');
  return dialog;
}

/** What `user/update` is sent for 张三 unchanged. */
const unchangedBody = {
  id: 1,
  name: '张三',
  phone: '13800000001',
  email: 'zhangsan@huachi-auto.cn',
  gender: 'male',
  id_type_id: 211,
  birth_date: '1990-03-07',
  height: 175,
  ethnicity_id: 231,
  marital_status_id: 242,
  education_id: 221,
  college: '北京交通大学',
  region_id: 11,
  employee_type_id: 501,
  has_license_id: 511,
  entry_date: '2024-03-01',
  work_user_id: 'zhangsan',
};

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./detail-page');
}, 60_000);

describe('/staff/detail', { timeout: 30_000 }, () => {
  it('shows every field with the dictionary names, the posts held and the account', async () => {
    const { calls } = api();
    renderApp('/staff/detail?id=1');

    await screen.findByText('任职记录', {}, SLOW);
    expect(callsTo(calls, 'GET', '/api/auth/user/detail')[0]!.url.search).toBe('?id=1');
    expect(valueOf('工号')).toBe('E100001');
    expect(valueOf('姓名')).toBe('张三');
    expect(valueOf('性别')).toBe('男');
    expect(valueOf('手机号码')).toBe('13800000001');
    expect(valueOf('邮箱')).toBe('zhangsan@huachi-auto.cn');
    expect(valueOf('证件类型')).toBe('居民身份证');
    expect(valueOf('证件号码')).toMatch(/^110\*{12}231/);
    expect(valueOf('出生日期')).toBe('1990-03-07');
    expect(valueOf('身高')).toBe('175 cm');
    expect(valueOf('民族')).toBe('汉族');
    expect(valueOf('婚姻状况')).toBe('已婚');
    expect(valueOf('学历')).toBe('本科');
    expect(valueOf('院校')).toBe('北京交通大学');
    expect(valueOf('区域')).toBe('华北区');
    expect(valueOf('员工类型')).toBe('全职');
    expect(valueOf('是否有驾照')).toBe('有驾照');
    expect(valueOf('状态')).toBe('正式');
    expect(valueOf('入职日期')).toBe('2024-03-01');
    expect(valueOf('离职日期')).toBe('-');
    expect(valueOf('门店')).toBe('华驰北京朝阳店');
    expect(valueOf('部门')).toBe('销售部');
    expect(valueOf('岗位')).toBe('销售顾问');
    expect(valueOf('企业微信账号')).toBe('zhangsan');
    expect(valueOf('创建时间')).toBe(parseTime('2024-03-01T02:00:00.000Z'));
    expect(valueOf('用户名')).toBe('zhangsan');
    expect(valueOf('账号状态')).toBe('正常');
    expect(valueOf('销售账号')).toBe('是');

    // The posts held, newest first as the server sent them; an open one runs 至今.
    const history = screen.getByText('任职记录').closest('section')!;
    const lines = [...history.querySelectorAll<HTMLElement>('tr.ant-table-row')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(lines).toEqual([
      ['兼岗', '华驰北京海淀店', '市场部', '活动策划', '2025-06-01', '至今'],
      ['主岗', '华驰北京朝阳店', '销售部', '销售顾问', '2025-01-01', '至今'],
      ['主岗', '华驰北京朝阳店', '客服部', '客服专员', '2024-03-01', '2024-12-31'],
    ]);
    expect(within(history).getAllByText('主岗')[0]!.closest('.ant-tag')).toHaveClass('ant-tag-blue');
  });

  it('names the dictionary values in the reader’s language, the Chinese name where an item has none', async () => {
    await i18n.changeLanguage('en');
    const names = { name_es: null, name_ja: null };
    api(ALL_BUTTONS, {
      'GET /api/auth/dictionarie/data': ok({
        '21': [{ id: 211, name: '居民身份证', name_en: 'Resident ID card', ...names }],
        '23': [{ id: 231, name: '汉族', name_en: 'Han', ...names }],
        '24': [{ id: 242, name: '已婚', name_en: 'Married', ...names }],
        '50': [{ id: 501, name: '全职', name_en: 'Full-time', ...names }],
        '22': [{ id: 221, name: '本科', name_en: null, ...names }],
      }),
    });
    renderApp('/staff/detail?id=1');
    await waitFor(() => expect(valueOf('Ethnicity')).toBe('Han'), SLOW);
    expect(valueOf('ID type')).toBe('Resident ID card');
    expect(valueOf('Marital status')).toBe('Married');
    expect(valueOf('Employee type')).toBe('Full-time');
    // No English name: the Chinese one.
    expect(valueOf('Education')).toBe('本科');
  });

  it('says so for a person without an account or posts, and for a link without a person', async () => {
    api(ALL_BUTTONS, {}, { ...detail, id: 5, account: null, assignments: [], email: null, height: null });
    const first = renderApp('/staff/detail?id=5');
    expect(await screen.findByText('未开通登录账号', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('暂无任职记录')).toBeInTheDocument();
    expect(valueOf('邮箱')).toBe('-');
    expect(valueOf('身高')).toBe('-');
    first.unmount();

    const second = renderApp('/staff/detail?id=9');
    expect(await screen.findByText('未找到该员工', {}, SLOW)).toBeInTheDocument();
    second.unmount();

    const { user, location } = renderApp('/staff/detail');
    expect(await screen.findByText('未指定员工', {}, SLOW)).toBeInTheDocument();
    await user.click(button(document.body, '返回花名册'));
    await waitFor(() => expect(location()).toBe('/staff/list'));
  });

  it('reveals the whole ID number only with the permission, and offers 编辑 only with its own', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'GET /api/auth/user/detail/id-number': ok({ id: 1, id_number: '110101199003071231' }),
    });
    const first = renderApp('/staff/detail?id=1');
    const user = setupUser();
    await screen.findByText('任职记录', {}, SLOW);
    expect(button(document.body, '编辑')).toBeInTheDocument();
    // The profile's columns follow the screen once it is measured, which may draw the number anew: a click
    // on the 查看 drawn before is lost, so the one shown is clicked until the number is asked for, once.
    const revealCalls = () => callsTo(calls, 'GET', '/api/auth/user/detail/id-number');
    await waitFor(async () => {
      if (revealCalls().length === 0) await user.click(button(document.body, '查看'));
      expect(revealCalls()).toHaveLength(1);
    });
    await waitFor(() => expect(valueOf('证件号码')).toMatch(/^110101199003071231/));
    expect(revealCalls()[0]!.url.search).toBe('?id=1');
    await user.click(button(document.body, '隐藏'));
    await waitFor(() => expect(valueOf('证件号码')).toMatch(/^110\*{12}231/));
    first.unmount();

    // The list's permissions do not count on this page.
    api([]);
    renderApp('/staff/detail?id=1');
    await screen.findByText('任职记录', {}, SLOW);
    expect(valueOf('证件号码')).toBe('110************231');
    expect(queryButton(document.body, '查看')).not.toBeInTheDocument();
    expect(queryButton(document.body, '编辑')).not.toBeInTheDocument();
  });

  it('saves the whole profile, without the ID number while it stays masked', async () => {
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/user/update': ok(saved) });
    renderApp('/staff/detail?id=1');
    const user = setupUser();
    const dialog = await openForm(user);
    expect(within(dialog).getByLabelText('证件号码')).toHaveValue('110************231');

    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/user/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/user/update')[0]!.body).toEqual(unchangedBody);
    expect(await screen.findByText('员工信息已更新')).toBeInTheDocument();
    // The profile is asked for again.
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/user/detail').length).toBeGreaterThan(1));
  });

  it('sends a new ID number with the birth date it gives, and changed choices', async () => {
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/user/update': ok(saved) });
    renderApp('/staff/detail?id=1');
    const user = setupUser();
    const dialog = await openForm(user);

    const idNumber = within(dialog).getByLabelText('证件号码');
    await user.clear(idNumber);
    await user.type(idNumber, ' 110105198805124561 ');
    await waitFor(() => expect(within(dialog).getByLabelText('出生日期')).toHaveValue('1988-05-12'));
    await chooseOption(user, within(dialog).getByLabelText('婚姻状况'), '未婚');
    await user.click(within(dialog).getByLabelText('女'));
    await user.clear(within(dialog).getByLabelText('企业微信账号'));
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/user/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/user/update')[0]!.body).toEqual({
      ...unchangedBody,
      id_number: '110105198805124561',
      birth_date: '1988-05-12',
      marital_status_id: 241,
      gender: 'female',
      work_user_id: null,
    });
  });

  it('checks the fields before sending: required values and formats', async () => {
    const { calls } = api(ALL_BUTTONS, {}, detail);
    renderApp('/staff/detail?id=1');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '编辑'), SLOW));
    const dialog = await dialogTitled('编辑员工信息：张三');
    await waitFor(() => expect(within(dialog).getByLabelText('姓名')).toHaveValue('张三'));

    // The email is checked a second after the last key, not at every one.
    const email = within(dialog).getByLabelText('邮箱');
    await user.clear(email);
    await user.type(email, 'zhangsan@b');
    expect(errorsOf(dialog, '邮箱')).toEqual([]);
    expect(
      await within(fieldOf(dialog, '邮箱')).findByText('请输入正确的邮箱格式', {}, { timeout: 3000 }),
    ).toBeInTheDocument();

    for (const label of ['姓名', '手机号码', '邮箱', '证件号码', '身高', '院校'])
      await user.clear(within(dialog).getByLabelText(label));
    await user.click(fieldOf(dialog, '入职日期').querySelector<HTMLElement>('.ant-picker-clear')!);
    await user.click(button(dialog, '保存'));

    expect(await within(fieldOf(dialog, '姓名')).findByText('姓名不能为空')).toBeInTheDocument();
    await expectErrors(dialog, '手机号码', ['手机号码不能为空']);
    // What the field said before (its format) gives way to the new message.
    await expectErrors(dialog, '邮箱', ['邮箱不能为空']);
    await expectErrors(dialog, '证件号码', ['证件号码不能为空']);
    await expectErrors(dialog, '身高', ['身高不能为空']);
    await expectErrors(dialog, '院校', ['院校不能为空']);
    await expectErrors(dialog, '入职日期', ['请选择日期']);
    // Optional ones say nothing.
    await expectErrors(dialog, '是否有驾照', []);
    await expectErrors(dialog, '企业微信账号', []);

    await user.type(within(dialog).getByLabelText('姓名'), '张3');
    await user.type(within(dialog).getByLabelText('手机号码'), '12345');
    await user.type(within(dialog).getByLabelText('证件号码'), '11*1');
    await user.type(within(dialog).getByLabelText('身高'), '300');
    await user.type(within(dialog).getByLabelText('邮箱'), 'zhangsan@b');
    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '姓名')).findByText('姓名格式不正确')).toBeInTheDocument();
    await expectErrors(dialog, '手机号码', ['请输入正确的手机号码']);
    await expectErrors(dialog, '证件号码', ['证件号码格式不正确']);
    await expectErrors(dialog, '身高', ['请输入正确的身高']);
    // Saving checks the email at once.
    await expectErrors(dialog, '邮箱', ['请输入正确的邮箱格式']);
    expect(callsTo(calls, 'PUT', '/api/auth/user/update')).toHaveLength(0);
  });

  it('saves an old record that lacks required fields without them, requiring only what it has', async () => {
    // A record from before the rules (docs/decisions.md "Required fields of an existing record").
    const incomplete: StaffDetail = {
      ...detail,
      email: null,
      ethnicity_id: null,
      marital_status_id: null,
      education_id: null,
      region_id: null,
      employee_type_id: null,
      college: null,
      height: null,
    };
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/user/update': () => ok(saved) }, incomplete);
    renderApp('/staff/detail?id=1');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '编辑'), SLOW));
    const dialog = await dialogTitled('编辑员工信息：张三');
    await waitFor(() => expect(within(dialog).getByLabelText('姓名')).toHaveValue('张三'));

    const phone = within(dialog).getByLabelText('手机号码');
    await user.clear(phone);
    await user.type(phone, '13900000009');
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/user/update')).toHaveLength(1));
    const body = callsTo(calls, 'PUT', '/api/auth/user/update')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 1, phone: '13900000009' });
    for (const field of ['email', 'height', 'ethnicity_id', 'marital_status_id', 'education_id', 'college'])
      expect(body, field).not.toHaveProperty(field);
    for (const label of ['邮箱', '身高', '民族', '院校', '区域', '员工类型'])
      await expectErrors(dialog, label, []);
  });

  it('shows a phone or ID number taken by someone else on its field', async () => {
    const replies: Reply[] = [
      fail(409, PHONE_TAKEN, 409, { errors: [{ field: 'phone', message: PHONE_TAKEN }] }),
      fail(409, ID_NUMBER_TAKEN, 409, { errors: [{ field: 'id_number', message: ID_NUMBER_TAKEN }] }),
      ok(saved),
    ];
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/user/update': () => replies.shift()! });
    renderApp('/staff/detail?id=1');
    const user = setupUser();
    const dialog = await openForm(user);

    const phone = within(dialog).getByLabelText('手机号码');
    await user.clear(phone);
    await user.type(phone, '13900000009');
    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '手机号码')).findByText(PHONE_TAKEN)).toBeInTheDocument();
    await expectErrors(dialog, '证件号码', []);

    const idNumber = within(dialog).getByLabelText('证件号码');
    await user.clear(idNumber);
    await user.type(idNumber, 'E12345678');
    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '证件号码')).findByText(ID_NUMBER_TAKEN)).toBeInTheDocument();

    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/user/update')).toHaveLength(3));
    expect(callsTo(calls, 'PUT', '/api/auth/user/update')[2]!.body).toEqual({
      ...unchangedBody,
      phone: '13900000009',
      id_number: 'E12345678',
    });
    expect(await screen.findByText('员工信息已更新')).toBeInTheDocument();
  });
});
