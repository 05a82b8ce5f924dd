import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, fail, ok, type ApiCall, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  queryButton,
  rowOf,
  TOKEN,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { Account, AccountAccess } from './api';

const PAGE = { name: 'systemUsers', title: '用户管理', path: '/system/users' };
const ALL_PERMS = [
  'system:users:create',
  'system:users:update',
  'system:users:freeze',
  'system:users:thaw',
  'system:users:reset-password',
  'system:users:assign-roles',
];

const accounts: Account[] = [
  {
    id: 12,
    username: 'li.na',
    name: '李娜',
    employee: { id: 40, name: '李娜', phone: '13800001111' },
    postTitle: '销售顾问',
    storeName: '北京朝阳店',
    departmentName: '销售部',
    status: 'active',
    frozenReason: null,
    isSale: true,
    lastLoginAt: '2026-03-01T08:30:00.000Z',
    roles: [{ id: 3, name: '门店店长' }],
  },
  {
    id: 11,
    username: 'wang.qiang',
    name: '王强',
    employee: { id: 41, name: '王强', phone: '13800002222' },
    postTitle: '服务顾问',
    storeName: '北京朝阳店',
    departmentName: '售后部',
    status: 'frozen',
    frozenReason: '离职交接中',
    isSale: false,
    lastLoginAt: null,
    roles: [],
  },
];

const access: AccountAccess = {
  user: { id: 12, username: 'li.na', name: '李娜', status: 'active', isSale: true },
  isSuper: false,
  dataScope: 'subtree',
  roles: [
    {
      id: 3,
      key: 'store-manager',
      name: '门店店长',
      status: 'active',
      isSuper: false,
      dataScope: 'subtree',
      sources: [{ type: 'direct' }],
      permissions: [{ name: 'staff:list:export', title: '员工管理 / 员工花名册 / 导出' }],
    },
    {
      id: 4,
      key: 'staff',
      name: '普通员工',
      status: 'active',
      isSuper: false,
      dataScope: 'subtree',
      sources: [
        {
          type: 'post',
          postId: 7,
          postName: '销售顾问',
          departmentId: 30,
          departmentName: '北京朝阳店销售部',
          isMain: true,
        },
      ],
      permissions: [{ name: 'attendance:leave:create', title: '考勤管理 / 请假管理 / 新增' }],
    },
  ],
  permissions: [
    { name: 'staff:list:export', title: '员工管理 / 员工花名册 / 导出' },
    { name: 'attendance:leave:create', title: '考勤管理 / 请假管理 / 新增' },
  ],
};

const roles = {
  data: [
    { id: 3, key: 'store-manager', name: '门店店长', status: 'active' },
    { id: 4, key: 'staff', name: '普通员工', status: 'active' },
    { id: 5, key: 'old', name: '旧角色', status: 'disabled' },
  ],
  total: 3,
};

function mockUsersApi(perms: readonly string[] = ALL_PERMS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/accounts/index': ok({ data: accounts, total: 2 }),
    'GET /api/auth/accounts/options': ok({
      stores: [
        { id: 5, name: '北京朝阳店' },
        { id: 6, name: '上海浦东店' },
      ],
      posts: [{ id: 7, name: '销售顾问' }],
    }),
    ...extra,
  });
}

const listCalls = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/auth/accounts/index');

async function openPage(perms?: readonly string[], extra?: Routes) {
  const api = mockUsersApi(perms, extra);
  const view = renderApp('/system/users');
  await screen.findByText('li.na');
  return { ...api, ...view };
}

/** Opens an antd select by its label and clicks an option. */
async function choose(user: UserEvent, label: string, option: string) {
  await chooseOption(user, screen.getByLabelText(label), option);
}

beforeAll(() => {
  // The page, its table and its dialogs load lazily; on a busy two-core runner that takes seconds.
  configure({ asyncUtilTimeout: 20_000 });
});

// antd's tables, selects and dialogs are slow to drive in jsdom, more so on a busy two-core runner.
describe('/system/users', { timeout: 60_000 }, () => {
  it('lists the accounts with their post, store, roles and state', async () => {
    await openPage();
    const first = await rowOf('li.na');
    expect(within(first).getByText('李娜')).toBeInTheDocument();
    expect(within(first).getByText('13800001111')).toBeInTheDocument();
    expect(within(first).getByText('门店店长')).toBeInTheDocument();
    expect(within(first).getByText('正常')).toBeInTheDocument();
    expect(button(first, '冻结')).toBeInTheDocument();
    const frozen = await rowOf('wang.qiang');
    expect(within(frozen).getByText('已冻结')).toBeInTheDocument();
    expect(within(frozen).getByText('从未登录')).toBeInTheDocument();
    expect(button(frozen, '解冻')).toBeInTheDocument();
    expect(queryButton(frozen, '冻结')).toBeNull();
  });

  it('shows the freeze reason in a tooltip', async () => {
    const { user } = await openPage();
    await user.hover(within(await rowOf('wang.qiang')).getByText('已冻结'));
    expect(await screen.findByText('冻结原因：离职交接中')).toBeInTheDocument();
  });

  it('sends the filters, from page 1, and drops the empty ones', async () => {
    const { user, calls } = await openPage();
    expect(listCalls(calls)[0]!.url.search).toBe('?page=1&limit=20');

    await user.type(screen.getByLabelText('姓名'), ' 李娜 ');
    await user.type(screen.getByLabelText('手机号码'), '138');
    await choose(user, '门店', '上海浦东店');
    await choose(user, '岗位', '销售顾问');
    await choose(user, '状态', '已冻结');
    await user.click(button(document.body, '查询'));

    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    const params = Object.fromEntries(listCalls(calls)[1]!.url.searchParams);
    expect(params).toEqual({
      page: '1',
      limit: '20',
      name: '李娜',
      phone: '138',
      store_id: '6',
      post_id: '7',
      status: 'frozen',
    });

    await user.click(button(document.body, '重置'));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2]!.url.search).toBe('?page=1&limit=20');
  });

  it('hides the buttons the page does not grant', async () => {
    await openPage([]);
    const row = await rowOf('li.na');
    for (const name of ['冻结', '重置密码', '分配角色']) {
      expect(queryButton(row, name)).toBeNull();
    }
    expect(button(row, '权限说明')).toBeInTheDocument();
    expect(queryButton(document.body, '新建账号')).toBeNull();
  });

  it('requires a reason to freeze and sends it with the id', async () => {
    const { user, calls } = await openPage(ALL_PERMS, { 'PUT /api/auth/user/freeze': ok(null) });
    await user.click(button(await rowOf('li.na'), '冻结'));
    const dialog = await dialogTitled('冻结账号：李娜');

    await user.click(button(dialog, '冻结'));
    expect(await within(dialog).findByText('请填写冻结原因')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('冻结原因'), '   ');
    await user.click(button(dialog, '冻结'));
    expect(calls.some((call) => call.url.pathname === '/api/auth/user/freeze')).toBe(false);

    await user.clear(within(dialog).getByLabelText('冻结原因'));
    await user.type(within(dialog).getByLabelText('冻结原因'), ' 违规操作 ');
    await user.click(button(dialog, '冻结'));

    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/auth/user/freeze')).toBe(true),
    );
    const freeze = calls.find((call) => call.url.pathname === '/api/auth/user/freeze')!;
    expect(freeze).toMatchObject({ method: 'PUT', body: { id: 12, reason: '违规操作' } });
    expect(await screen.findByText('账号已冻结')).toBeInTheDocument();
    // The list is asked again.
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('requires a reason to thaw and shows a server field error on it', async () => {
    const errors = [{ field: 'reason', message: '解冻原因不能超过200个字符' }];
    const { user, calls } = await openPage(ALL_PERMS, {
      'PUT /api/auth/user/thaw': fail(422, errors[0]!.message, 422, { errors }),
    });
    await user.click(button(await rowOf('wang.qiang'), '解冻'));
    const dialog = await dialogTitled('解冻账号：王强');
    await user.click(button(dialog, '解冻'));
    expect(await within(dialog).findByText('请填写解冻原因')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('解冻原因'), '交接完成');
    await user.click(button(dialog, '解冻'));
    expect(await within(dialog).findByText('解冻原因不能超过200个字符')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/auth/user/thaw')?.body).toEqual({
      id: 11,
      reason: '交接完成',
    });
  });

  it('resets a password after checking the rule and the confirmation', async () => {
    const { user, calls } = await openPage(ALL_PERMS, {
      'PUT /api/auth/accounts/password': ok({ id: 12, sessionsEnded: 1 }),
    });
    await user.click(button(await rowOf('li.na'), '重置密码'));
    const dialog = await dialogTitled('重置密码：李娜');
    const submit = () => user.click(button(dialog, '重置'));

    await submit();
    expect(await within(dialog).findByText('密码不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('密码'), 'abcdefgh');
    await user.type(within(dialog).getByLabelText('确认密码'), 'abcdefg1');
    await submit();
    expect(await within(dialog).findByText('密码须为 8-64 位，且同时包含字母和数字')).toBeInTheDocument();
    expect(within(dialog).getByText('两次输入的密码不一致')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('密码'));
    await user.type(within(dialog).getByLabelText('密码'), 'abcdefg1');
    await submit();
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/auth/accounts/password')?.body).toEqual({
        id: 12,
        password: 'abcdefg1',
      }),
    );
    expect(await screen.findByText('密码已重置')).toBeInTheDocument();
  });

  it('assigns roles with user/roles/sync, starting from the direct roles', async () => {
    const { user, calls } = await openPage(ALL_PERMS, {
      'GET /api/auth/roles': ok(roles),
      'PUT /api/auth/user/roles/sync': ok({ user_id: 12, role_ids: [3, 4] }),
    });
    await user.click(button(await rowOf('li.na'), '分配角色'));
    const dialog = await dialogTitled('分配角色：李娜');
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/auth/roles')?.url.search).toBe(
        '?page=1&limit=100',
      ),
    );
    expect(within(dialog).getByText('门店店长')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { hidden: true }));
    await user.click(await screen.findByTitle('普通员工'));
    expect(screen.getByTitle('旧角色（已停用）')).toBeInTheDocument();
    await user.click(button(dialog, '保存'));

    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/auth/user/roles/sync')?.body).toEqual({
        user_id: 12,
        role_ids: [3, 4],
      }),
    );
    expect(await screen.findByText('角色已保存')).toBeInTheDocument();
  });

  it('keeps the user signed in when the roles may not be read, and says so in the dialog', async () => {
    const { user, location } = await openPage(ALL_PERMS, {
      'GET /api/auth/roles': fail(1403, '没有权限执行此操作', 403),
    });
    await user.click(button(await rowOf('li.na'), '分配角色'));
    const dialog = await dialogTitled('分配角色：李娜');
    expect(await within(dialog).findByText(/角色列表加载失败/)).toBeInTheDocument();
    expect(location()).toBe('/system/users');
    expect(Cookies.get('Token')).toBe(TOKEN);
  });

  it('explains where each role comes from and what it grants', async () => {
    const { user, calls } = await openPage(ALL_PERMS, { 'GET /api/auth/accounts/access': ok(access) });
    await user.click(button(await rowOf('li.na'), '权限说明'));
    const drawer = await dialogTitled('权限说明：李娜');

    const manager = await within(drawer).findByTestId('access-role-store-manager');
    expect(within(manager).getByText('直接授予')).toBeInTheDocument();
    expect(within(manager).getByText('员工管理 / 员工花名册 / 导出')).toBeInTheDocument();
    const staff = within(drawer).getByTestId('access-role-staff');
    expect(within(staff).getByText('岗位：北京朝阳店销售部 · 销售顾问（主岗）')).toBeInTheDocument();
    expect(within(drawer).getByText('生效的权限（2）')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/auth/accounts/access')?.url.search).toBe(
      '?id=12',
    );

    // "Why can this person do X": searching keeps only the roles that grant it.
    await user.type(within(drawer).getByLabelText('查找权限'), '请假');
    expect(within(drawer).queryByTestId('access-role-store-manager')).not.toBeInTheDocument();
    expect(within(drawer).getByTestId('access-role-staff')).toBeInTheDocument();
  });

  it('checks the create form, then shows the server field errors on it', async () => {
    const errors = [{ field: 'username', message: '用户名须为 3-32 位字母、数字或 . _ -' }];
    const { user, calls } = await openPage(ALL_PERMS, {
      'GET /api/auth/accounts/employees': (call) =>
        ok(
          call.url.searchParams.get('keyword') === '赵'
            ? [
                {
                  id: 77,
                  name: '赵敏',
                  phone: '13900003333',
                  employeeNo: 'E0077',
                  postTitle: '销售顾问',
                  storeName: '北京朝阳店',
                  departmentName: '销售部',
                },
              ]
            : [],
        ),
      'POST /api/auth/accounts/store': fail(422, errors[0]!.message, 422, { errors }),
    });
    await user.click(button(document.body, '新建账号'));
    const dialog = await dialogTitled('新建账号');
    const submit = () => user.click(button(dialog, '创建'));

    await submit();
    expect(await within(dialog).findByText('请选择员工')).toBeInTheDocument();
    expect(within(dialog).getByText('用户名不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('密码不能为空')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('用户名'), 'ab');
    await user.type(within(dialog).getByLabelText('密码'), '12345678');
    await submit();
    expect(await within(dialog).findByText('用户名须为 3-32 位字母、数字或 . _ -')).toBeInTheDocument();
    expect(within(dialog).getByText('密码须为 8-64 位，且同时包含字母和数字')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/auth/accounts/store')).toBe(false);

    await user.type(within(dialog).getByLabelText('员工'), '赵');
    await user.click(await screen.findByTitle('赵敏 · 13900003333 · 北京朝阳店 销售顾问'));
    await user.clear(within(dialog).getByLabelText('用户名'));
    await user.type(within(dialog).getByLabelText('用户名'), 'zhao.min');
    await user.clear(within(dialog).getByLabelText('密码'));
    await user.type(within(dialog).getByLabelText('密码'), 'Welcome2026');
    await user.click(within(dialog).getByRole('switch', { hidden: true }));
    await submit();

    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/auth/accounts/store')?.body).toEqual({
        employee_id: 77,
        username: 'zhao.min',
        password: 'Welcome2026',
        is_sale: true,
      }),
    );
    const username = within(dialog).getByLabelText('用户名');
    await waitFor(() => expect(username).toHaveAccessibleDescription(/用户名须为 3-32 位/));
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a taken username (409) on its field and creates an account otherwise', async () => {
    let attempts = 0;
    const { user, calls } = await openPage(ALL_PERMS, {
      'GET /api/auth/accounts/employees': ok([
        {
          id: 78,
          name: '钱坤',
          phone: '13900004444',
          employeeNo: 'E0078',
          postTitle: null,
          storeName: null,
          departmentName: '人力资源部',
        },
      ]),
      'POST /api/auth/accounts/store': () =>
        ++attempts === 1
          ? fail(409, '用户名已被使用', 409, { field: 'username' })
          : ok({ id: 99, username: 'qian.kun2' }),
    });
    await user.click(button(document.body, '新建账号'));
    const dialog = await dialogTitled('新建账号');
    await user.click(within(dialog).getByLabelText('员工'));
    await user.click(await screen.findByTitle('钱坤 · 13900004444 · 人力资源部'));
    await user.type(within(dialog).getByLabelText('用户名'), 'qian.kun');
    await user.type(within(dialog).getByLabelText('密码'), 'Welcome2026');
    await user.click(button(dialog, '创建'));

    const username = within(dialog).getByLabelText('用户名');
    await waitFor(() => expect(username).toHaveAccessibleDescription(/用户名已被使用/));
    await user.clear(username);
    await user.type(username, 'qian.kun2');
    await user.click(button(dialog, '创建'));
    expect(await screen.findByText('账号 qian.kun2 已创建')).toBeInTheDocument();
    const sent = calls.filter((call) => call.url.pathname === '/api/auth/accounts/store');
    expect(sent.at(-1)?.body).toMatchObject({ employee_id: 78, username: 'qian.kun2', is_sale: false });
  });
});
