import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, fail, ok, type ApiCall, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  queryButton,
  rowOf,
  selectOption,
  setupUser,
  SLOW,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { CheckAnswer, DepartmentOption, ExclusionRule, PostOption, StoreOption } from './api';

const PAGE = { name: 'mutuallyExclusive', title: '互斥规则', path: '/staff/mutually-exclusive' };
const ALL_BUTTONS = ['create', 'update', 'delete'].map((action) => `staff:mutually-exclusive:${action}`);
const NAME_TAKEN = '互斥规则名称已存在';

const STORE = '/api/auth/mutually/exclusive/store';
const UPDATE = '/api/auth/mutually/exclusive/update';
const DESTROY = '/api/auth/mutually/exclusive/destroy';
const CHECK = '/api/auth/mutually/exclusive/check';

const rule = (id: number, name: string, extra: Partial<ExclusionRule> = {}): ExclusionRule => ({
  id,
  name,
  kind: 'people',
  scope: 'store',
  first_post_id: null,
  first_post_name: null,
  second_post_id: null,
  second_post_name: null,
  members: [
    { name: '张三', id_number: '110************111', employee_id: 8 },
    { name: '李四', id_number: '220************222', employee_id: null },
  ],
  description: '夫妻',
  status: 'active',
  created_at: '2026-03-01T02:00:00.000Z',
  updated_at: '2026-03-01T02:00:00.000Z',
  ...extra,
});

const rows: ExclusionRule[] = [
  rule(1, '亲属回避-张李'),
  rule(2, '出纳会计分离', {
    kind: 'posts',
    scope: null,
    first_post_id: 5,
    first_post_name: '出纳',
    second_post_id: 6,
    second_post_name: '会计',
    members: [],
    description: '',
    status: 'disabled',
  }),
];

const posts: PostOption[] = [
  { id: 5, name: '出纳' },
  { id: 6, name: '会计' },
  { id: 7, name: '销售顾问' },
];

const departments: DepartmentOption[] = [
  {
    id: 1,
    name: '华东汽车集团',
    kind: 'group',
    children: [
      {
        id: 2,
        name: '杭州西湖店',
        kind: 'store',
        children: [{ id: 3, name: '销售部', kind: 'department' }],
      },
    ],
  },
];

const stores: StoreOption[] = [{ id: 40, name: '杭州西湖店', departmentId: 2 }];

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/mutually/exclusive/index': ok({ data: rows, total: rows.length }),
    'GET /api/auth/posts/index': ok({ data: posts, total: posts.length }),
    'GET /api/auth/departments/my/tree': ok(departments),
    'GET /api/auth/store/index': ok({ data: stores, total: stores.length }),
    ...extra,
  });
}

const listCalls = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/auth/mutually/exclusive/index');

/** The form item (label, control, messages) of the field labelled `label` in `dialog`. */
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

/** The error (not warning) messages a field shows. */
const errorsOf = (field: HTMLElement) =>
  [...field.querySelectorAll('.ant-form-item-explain-error')].map((line) => line.textContent);

async function openCreate(user: UserEvent): Promise<HTMLElement> {
  await user.click(await waitFor(() => button(document.body, '新增规则'), SLOW));
  return dialogTitled('新增互斥规则');
}

/** Fills a new people rule (the form starts with two empty member rows). */
async function fillPeopleRule(user: UserEvent, dialog: HTMLElement): Promise<void> {
  await user.type(within(dialog).getByLabelText('规则名称'), ' 亲属回避-王赵 ');
  await user.click(within(dialog).getByText('同一部门'));
  await user.type(within(dialog).getByLabelText('第1人姓名'), '王五');
  await user.type(within(dialog).getByLabelText('第1人证件号码'), ' 110101199003071234 ');
  await user.type(within(dialog).getByLabelText('第2人姓名'), '赵六');
  await user.type(within(dialog).getByLabelText('第2人证件号码'), '110101199003075678');
  await user.type(within(dialog).getByLabelText('说明'), '兄弟');
}

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./exclusion-page');
}, 60_000);

describe('/staff/mutually-exclusive', { timeout: 30_000 }, () => {
  it('lists people rules with their members and post rules with their two posts', async () => {
    const { calls } = api();
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();

    const people = await rowOf('亲属回避-张李');
    expect(within(people).getByText('人员互斥')).toBeInTheDocument();
    expect(within(people).getByText('同一门店')).toBeInTheDocument();
    expect(within(people).getByText('启用').closest('.ant-tag')).toHaveClass('ant-tag-green');
    expect(within(people).getByText('夫妻')).toBeInTheDocument();
    expect(button(people, '编辑')).toBeInTheDocument();
    expect(button(people, '删除')).toBeInTheDocument();
    // Names in the cell, their masked numbers in its tooltip.
    const names = within(people).getByText('张三、李四');
    expect(within(people).queryByText(/110\*+111/)).not.toBeInTheDocument();
    await user.hover(names);
    expect(await screen.findByText('张三 110************111')).toBeInTheDocument();
    expect(screen.getByText('李四 220************222')).toBeInTheDocument();

    const postRule = await rowOf('出纳会计分离');
    expect(within(postRule).getByText('岗位互斥')).toBeInTheDocument();
    expect(within(postRule).getByText('出纳 ↔ 会计')).toBeInTheDocument();
    expect(within(postRule).getByText('停用')).toBeInTheDocument();
    expect(listCalls(calls)[0]!.url.search).toBe('?page=1&limit=20');
  });

  it('sends the keyword, kind and status filters', async () => {
    const { calls } = api();
    renderApp('/staff/mutually-exclusive');
    await rowOf('亲属回避-张李');
    const user = setupUser();
    const form = document.querySelector<HTMLElement>('form[id="exclusion-filters"]')!;

    await user.type(within(form).getByLabelText('规则名称或人员姓名'), ' 张 ');
    await chooseOption(user, within(form).getByLabelText('规则类型'), '人员互斥');
    await chooseOption(user, within(form).getByLabelText('状态'), '停用');
    await user.click(button(form, '搜索'));

    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    expect(Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams)).toEqual({
      page: '1',
      limit: '20',
      keyword: '张',
      kind: 'people',
      status: 'disabled',
    });
  });

  it('hides the buttons the page does not grant, but not the check', async () => {
    api([]);
    renderApp('/staff/mutually-exclusive');
    const row = await rowOf('亲属回避-张李');
    expect(queryButton(row, '编辑')).not.toBeInTheDocument();
    expect(queryButton(row, '删除')).not.toBeInTheDocument();
    expect(queryButton(document.body, '新增规则')).not.toBeInTheDocument();
    expect(button(document.body, '规则检查')).toBeInTheDocument();
  });

  it('says what a rule is missing before sending it', async () => {
    const { calls } = api();
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();
    const dialog = await openCreate(user);

    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '规则名称')).findByText('规则名称不能为空')).toBeInTheDocument();
    expect(errorsOf(fieldOf(dialog, '同一门店'))).toEqual(['请选择互斥范围']);
    expect(errorsOf(fieldOf(dialog, '第1人姓名'))).toEqual(['姓名不能为空']);
    expect(errorsOf(fieldOf(dialog, '第2人证件号码'))).toEqual(['证件号码不能为空']);

    // One person is no rule.
    await user.click(within(dialog).getByLabelText('移除第2人'));
    await user.type(within(dialog).getByLabelText('第1人姓名'), '王五');
    await user.type(within(dialog).getByLabelText('第1人证件号码'), '110-101');
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('人员互斥规则至少需要两名人员')).toBeInTheDocument();
    await waitFor(() => expect(errorsOf(fieldOf(dialog, '第1人证件号码'))).toEqual(['身份证号码格式不正确']));

    // The same number twice: the later one says so, as the server would.
    await user.click(button(dialog, '添加人员'));
    await user.clear(within(dialog).getByLabelText('第1人证件号码'));
    await user.type(within(dialog).getByLabelText('第1人证件号码'), '110101199003071234');
    await user.type(within(dialog).getByLabelText('第2人姓名'), '赵六');
    await user.type(within(dialog).getByLabelText('第2人证件号码'), '110101199003071234 ');
    await user.click(button(dialog, '保存'));
    await waitFor(() =>
      expect(errorsOf(fieldOf(dialog, '第2人证件号码'))).toEqual(['同一证件号码不能重复添加']),
    );
    // Messages fade out: the ones that no longer apply are gone once their animation ends.
    await waitFor(() => expect(errorsOf(fieldOf(dialog, '第1人证件号码'))).toEqual([]));
    await waitFor(() =>
      expect(within(dialog).queryByText('人员互斥规则至少需要两名人员')).not.toBeInTheDocument(),
    );

    // A post rule: two posts, and not the same one twice.
    await user.click(within(dialog).getByText('岗位互斥'));
    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '岗位一')).findByText('请选择岗位一')).toBeInTheDocument();
    expect(errorsOf(fieldOf(dialog, '岗位二'))).toEqual(['请选择岗位二']);
    await chooseOption(user, within(dialog).getByLabelText('岗位一'), '出纳');
    await chooseOption(user, within(dialog).getByLabelText('岗位二'), '出纳');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(errorsOf(fieldOf(dialog, '岗位二'))).toEqual(['请选择两个不同的岗位']));
    expect(callsTo(calls, 'POST', STORE)).toHaveLength(0);
  });

  it('creates a people rule with the exact body, after a taken name is shown on its field', async () => {
    let attempts = 0;
    const { calls } = api(ALL_BUTTONS, {
      [`POST ${STORE}`]: () =>
        ++attempts === 1
          ? fail(409, NAME_TAKEN, 409, { errors: [{ field: 'name', message: NAME_TAKEN }] })
          : ok(rule(3, '亲属回避-王赵')),
    });
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();
    const dialog = await openCreate(user);
    await fillPeopleRule(user, dialog);

    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '规则名称')).findByText(NAME_TAKEN)).toBeInTheDocument();

    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', STORE)).toHaveLength(2));
    expect(callsTo(calls, 'POST', STORE)[1]!.body).toEqual({
      name: '亲属回避-王赵',
      kind: 'people',
      scope: 'department',
      members: [
        { name: '王五', id_number: '110101199003071234' },
        { name: '赵六', id_number: '110101199003075678' },
      ],
      description: '兄弟',
      status: 'active',
    });
    expect(await screen.findByText('互斥规则已创建')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('shows a refused member number on that member’s field, and a refused list under the list', async () => {
    const refused = '该证件号码不能用于互斥规则';
    const tooMany = '互斥人员不能超过20名';
    const { calls } = api(ALL_BUTTONS, {
      [`POST ${STORE}`]: fail(422, refused, 422, {
        errors: [
          { field: 'members.1.id_number', message: refused },
          { field: 'members', message: tooMany },
        ],
      }),
    });
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();
    const dialog = await openCreate(user);
    await fillPeopleRule(user, dialog);

    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', STORE)).toHaveLength(1));
    await waitFor(() => expect(errorsOf(fieldOf(dialog, '第2人证件号码'))).toEqual([refused]));
    expect(errorsOf(fieldOf(dialog, '第1人证件号码'))).toEqual([]);
    expect(await within(dialog).findByText(tooMany)).toBeInTheDocument();
  });

  it('creates a post rule with the two posts and nothing of people', async () => {
    const { calls } = api(ALL_BUTTONS, { [`POST ${STORE}`]: ok(rows[1]) });
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();
    const dialog = await openCreate(user);

    await user.type(within(dialog).getByLabelText('规则名称'), '出纳会计分离');
    await user.click(within(dialog).getByText('岗位互斥'));
    await chooseOption(user, within(dialog).getByLabelText('岗位一'), '出纳');
    await chooseOption(user, within(dialog).getByLabelText('岗位二'), '会计');
    await user.click(within(dialog).getByText('停用'));
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'POST', STORE)).toHaveLength(1));
    expect(callsTo(calls, 'POST', STORE)[0]!.body).toEqual({
      name: '出纳会计分离',
      kind: 'posts',
      first_post_id: 5,
      second_post_id: 6,
      description: '',
      status: 'disabled',
    });
    expect(callsTo(calls, 'GET', '/api/auth/posts/index')[0]!.url.search).toBe('?limit=100&status=active');
  });

  it('edits a people rule only with every member’s full number typed again', async () => {
    const { calls } = api(ALL_BUTTONS, { [`PUT ${UPDATE}`]: ok(rows[0]) });
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();
    await user.click(button(await rowOf('亲属回避-张李'), '编辑'));
    const dialog = await dialogTitled('编辑互斥规则');

    expect(within(dialog).getByText(/请重新输入每位人员的完整证件号码/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('第1人姓名')).toHaveValue('张三');
    expect(within(dialog).getByLabelText('第1人证件号码')).toHaveValue('');
    expect(
      within(fieldOf(dialog, '第1人证件号码')).getByText('原证件号码：110************111'),
    ).toBeInTheDocument();
    expect(
      within(fieldOf(dialog, '第2人证件号码')).getByText('原证件号码：220************222'),
    ).toBeInTheDocument();

    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(errorsOf(fieldOf(dialog, '第1人证件号码'))).toEqual(['证件号码不能为空']));
    expect(errorsOf(fieldOf(dialog, '第2人证件号码'))).toEqual(['证件号码不能为空']);

    // The first matches its mask; the second does not: a warning, and the save goes on.
    await user.type(within(dialog).getByLabelText('第1人证件号码'), '110101199003071111');
    await user.type(within(dialog).getByLabelText('第2人证件号码'), '330101199001012222');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', UPDATE)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', UPDATE)[0]!.body).toEqual({
      id: 1,
      name: '亲属回避-张李',
      kind: 'people',
      scope: 'store',
      members: [
        { name: '张三', id_number: '110101199003071111' },
        { name: '李四', id_number: '330101199001012222' },
      ],
      description: '夫妻',
      status: 'active',
    });
    expect(await screen.findByText('互斥规则已更新')).toBeInTheDocument();
  });

  it('warns when a number typed again does not match the saved one', async () => {
    api(ALL_BUTTONS, { [`PUT ${UPDATE}`]: fail(500, '服务器错误', 500) });
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();
    await user.click(button(await rowOf('亲属回避-张李'), '编辑'));
    const dialog = await dialogTitled('编辑互斥规则');
    await user.type(within(dialog).getByLabelText('第2人证件号码'), '330101199001012222');
    await user.click(button(dialog, '保存'));
    expect(
      await within(fieldOf(dialog, '第2人证件号码')).findByText(
        '与原证件号码 220************222 不一致，保存后将使用新号码',
      ),
    ).toBeInTheDocument();
  });

  it('deletes a rule after confirmation', async () => {
    const { calls } = api(ALL_BUTTONS, { [`DELETE ${DESTROY}`]: ok({ id: 2 }) });
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();
    await user.click(button(await rowOf('出纳会计分离'), '删除'));
    expect(await screen.findByText('确定删除互斥规则“出纳会计分离”吗？')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', DESTROY)).toHaveLength(0);

    await user.click(button(document.querySelector<HTMLElement>('.ant-popconfirm')!, '删除'));
    await waitFor(() => expect(callsTo(calls, 'DELETE', DESTROY)).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', DESTROY)[0]!.body).toEqual({ id: 2 });
    expect(await screen.findByText('互斥规则已删除')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('checks a placement and shows what blocks it, or that nothing does', async () => {
    const blocked: CheckAnswer = {
      allowed: false,
      violations: [
        {
          rule_id: 1,
          rule_name: '亲属回避-张李',
          kind: 'people',
          message: '与张三存在互斥关系（亲属回避-张李），不能在同一门店任职',
        },
        {
          rule_id: 2,
          rule_name: '出纳会计分离',
          kind: 'posts',
          message: '岗位“出纳”与“会计”互斥（出纳会计分离），不能由同一人兼任',
        },
      ],
    };
    let checks = 0;
    const { calls } = api([], {
      [`POST ${CHECK}`]: () => ok(++checks === 1 ? blocked : { allowed: true, violations: [] }),
    });
    renderApp('/staff/mutually-exclusive');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '规则检查'), SLOW));
    const dialog = await dialogTitled('互斥规则检查');

    await user.click(button(dialog, '检查'));
    expect(await within(fieldOf(dialog, '证件号码')).findByText('证件号码不能为空')).toBeInTheDocument();
    expect(errorsOf(fieldOf(dialog, '部门'))).toEqual(['请选择部门']);
    expect(errorsOf(fieldOf(dialog, '岗位'))).toEqual(['请选择岗位']);

    await user.type(within(dialog).getByLabelText('证件号码'), ' 220101199001012222 ');
    await user.type(within(dialog).getByLabelText('部门'), '销售部');
    await user.click(await selectOption('销售部'));
    // The department's store is filled in from the tree.
    await waitFor(() => expect(within(fieldOf(dialog, '门店')).getByText('杭州西湖店')).toBeInTheDocument());
    await chooseOption(user, within(dialog).getByLabelText('岗位'), '出纳');
    await user.click(await selectOption('会计'));
    await user.click(button(dialog, '检查'));

    await waitFor(() => expect(callsTo(calls, 'POST', CHECK)).toHaveLength(1));
    expect(callsTo(calls, 'POST', CHECK)[0]!.body).toEqual({
      id_number: '220101199001012222',
      store_id: 40,
      department_id: 3,
      post_ids: [5, 6],
    });
    expect(await within(dialog).findByText('以下 2 项互斥规则阻止该安排')).toBeInTheDocument();
    expect(within(dialog).getByText(blocked.violations[0]!.message)).toBeInTheDocument();
    expect(within(dialog).getByText(blocked.violations[1]!.message)).toBeInTheDocument();

    await user.click(button(dialog, '检查'));
    expect(await within(dialog).findByText('没有互斥规则阻止该安排')).toBeInTheDocument();
    expect(within(dialog).queryByText(blocked.violations[0]!.message)).not.toBeInTheDocument();
  });
});
