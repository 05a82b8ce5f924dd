import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTime } from '@dealer-hr/shared/time';
import { callsTo, fail, ok, type ApiCall, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  openDialog,
  queryButton,
  rowOf,
  setupUser,
  showColumns,
  SLOW,
} from '../../test/page-helpers';
import { captureDownloads, quickExportRoutes, startedExport, XLSX } from '../../test/exports';
import { renderApp } from '../../test/render-app';
import type { ProhibitedDetail, ProhibitedRow } from './api';

const PAGE = { name: 'prohibited', title: '禁用名单', path: '/staff/prohibited' };
const ALL_BUTTONS = ['create', 'update', 'dismiss', 'export'].map((action) => `staff:prohibited:${action}`);
const ALREADY_LISTED = '该证件号码已在禁用名单中';

const entry = (id: number, name: string, extra: Partial<ProhibitedRow> = {}): ProhibitedRow => ({
  id,
  name,
  id_number: `110************${id}${id}${id}`,
  phone: '13800000001',
  disable_reason: '伪造学历证书',
  enable_reason: null,
  source: 'manual',
  status: 'active',
  created_by: '李人事',
  created_at: '2026-03-01T02:00:00.000Z',
  dismissed_at: null,
  ...extra,
});

const rows: ProhibitedRow[] = [
  entry(1, '张三'),
  entry(2, '李四', { status: 'dismissing', source: 'resignation', phone: null, enable_reason: '误录' }),
  entry(3, '王五', { status: 'dismissed', source: 'import', dismissed_at: '2026-03-05T02:00:00.000Z' }),
];

const detail: ProhibitedDetail = {
  ...rows[0]!,
  approval_instance_id: null,
  history: [
    {
      id: 11,
      action: 'add',
      actor: '李人事',
      reason: '伪造学历',
      changes: null,
      created_at: '2026-03-01T02:00:00.000Z',
    },
    {
      id: 12,
      action: 'change',
      actor: '王经理',
      reason: null,
      changes: {
        before: { phone: null, disable_reason: '伪造学历' },
        after: { phone: '13800000001', disable_reason: '伪造学历证书' },
      },
      created_at: '2026-03-02T02:00:00.000Z',
    },
    {
      id: 13,
      action: 'dismiss_requested',
      actor: '王经理',
      reason: '信息有误',
      changes: null,
      created_at: '2026-03-03T02:00:00.000Z',
    },
    {
      id: 14,
      action: 'dismiss_rejected',
      actor: null,
      reason: null,
      changes: null,
      created_at: '2026-03-04T02:00:00.000Z',
    },
  ],
};

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/prohibited/index': (call) => {
      const keyword = call.url.searchParams.get('keyword');
      const found = keyword ? rows.filter((row) => row.name.includes(keyword)) : rows;
      return ok({ data: found, total: found.length });
    },
    'GET /api/auth/prohibited/detail': (call) =>
      call.url.searchParams.get('id') === '1' ? ok(detail) : fail(404, '禁用名单记录不存在', 404),
    ...extra,
  });
}

const listCalls = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/auth/prohibited/index');

/** The form item (label, control, messages) of the field labelled `label` in `dialog`. */
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./prohibited-page');
}, 60_000);

describe('/staff/prohibited', { timeout: 30_000 }, () => {
  it('lists the entries with masked numbers and offers each only what its status allows', async () => {
    showColumns('prohibited', ['createdBy']);
    const { calls } = api();
    renderApp('/staff/prohibited');

    const listed = await rowOf('张三');
    expect(within(listed).getByText('110************111')).toBeInTheDocument();
    expect(within(listed).getByText('13800000001')).toBeInTheDocument();
    expect(within(listed).getByText('伪造学历证书')).toBeInTheDocument();
    expect(within(listed).getByText('手动添加')).toBeInTheDocument();
    expect(within(listed).getByText('禁用中')).toBeInTheDocument();
    expect(within(listed).getByText('李人事')).toBeInTheDocument();
    expect(within(listed).getByText(parseTime('2026-03-01T02:00:00.000Z')!)).toBeInTheDocument();
    expect(button(listed, '编辑')).toBeInTheDocument();
    expect(button(listed, '解除')).toBeInTheDocument();

    // Waiting for its dismissal: still correctable, not to be dismissed twice.
    const waiting = await rowOf('李四');
    expect(within(waiting).getByText('解除审批中').closest('.ant-tag')).toHaveClass('ant-tag-orange');
    expect(within(waiting).getByText('离职加入')).toBeInTheDocument();
    expect(button(waiting, '编辑')).toBeInTheDocument();
    expect(queryButton(waiting, '解除')).not.toBeInTheDocument();

    // Dismissed: history only.
    const lifted = await rowOf('王五');
    expect(within(lifted).getByText('已解除')).toBeInTheDocument();
    expect(within(lifted).getByText('批量导入')).toBeInTheDocument();
    expect(button(lifted, '详情')).toBeInTheDocument();
    expect(queryButton(lifted, '编辑')).not.toBeInTheDocument();
    expect(queryButton(lifted, '解除')).not.toBeInTheDocument();
    expect(listCalls(calls)[0]!.url.search).toBe('?page=1&limit=20');
  });

  it('sends the filters: keyword, whole ID number, status, source and the added days with the time zone', async () => {
    const { calls } = api();
    renderApp('/staff/prohibited');
    await rowOf('张三');
    const user = setupUser();
    const form = document.querySelector<HTMLElement>('form[id="prohibited-filters"]')!;

    await user.type(within(form).getByLabelText('姓名或手机号'), ' 张 ');
    await user.type(within(form).getByLabelText('完整证件号码'), '110101199003071234');
    await chooseOption(user, within(form).getByLabelText('状态'), '禁用中');
    await chooseOption(user, within(form).getByLabelText('来源'), '手动添加');
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
      id_number: '110101199003071234',
      status: 'active',
      source: 'manual',
      from: '2026-03-01',
      to: '2026-03-31',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('hides the buttons the page does not grant', async () => {
    api([]);
    renderApp('/staff/prohibited');
    const row = await rowOf('张三');
    expect(button(row, '详情')).toBeInTheDocument();
    expect(queryButton(row, '编辑')).not.toBeInTheDocument();
    expect(queryButton(row, '解除')).not.toBeInTheDocument();
    expect(queryButton(document.body, '新增')).not.toBeInTheDocument();
    expect(queryButton(document.body, '导出')).not.toBeInTheDocument();
  });

  it('checks a new entry before sending it, and shows a number already listed on its field', async () => {
    let attempts = 0;
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/prohibited/store': () =>
        ++attempts === 1
          ? fail(409, ALREADY_LISTED, 409, { errors: [{ field: 'id_number', message: ALREADY_LISTED }] })
          : ok(entry(4, '赵六')),
    });
    renderApp('/staff/prohibited');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '新增'), SLOW));
    const dialog = await dialogTitled('新增禁用人员');

    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '姓名')).findByText('姓名不能为空')).toBeInTheDocument();
    expect(within(fieldOf(dialog, '证件号码')).getByText('证件号码不能为空')).toBeInTheDocument();
    expect(within(fieldOf(dialog, '禁用原因')).getByText('禁用原因不能为空')).toBeInTheDocument();
    // The phone is optional: an empty one says nothing.
    expect(fieldOf(dialog, '手机号码').querySelector('.ant-form-item-explain-error')).toBeNull();

    await user.type(within(dialog).getByLabelText('姓名'), '赵6');
    await user.type(within(dialog).getByLabelText('手机号码'), '12345');
    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '姓名')).findByText('姓名格式不正确')).toBeInTheDocument();
    expect(within(fieldOf(dialog, '手机号码')).getByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/prohibited/store')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('姓名'));
    await user.type(within(dialog).getByLabelText('姓名'), '赵六');
    await user.clear(within(dialog).getByLabelText('手机号码'));
    await user.type(within(dialog).getByLabelText('证件号码'), ' 110101199003071234 ');
    await user.type(within(dialog).getByLabelText('禁用原因'), '严重违纪');
    await user.click(button(dialog, '保存'));
    expect(await within(fieldOf(dialog, '证件号码')).findByText(ALREADY_LISTED)).toBeInTheDocument();

    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/prohibited/store')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/api/auth/prohibited/store')[1]!.body).toEqual({
      name: '赵六',
      id_number: '110101199003071234',
      phone: null,
      disable_reason: '严重违纪',
    });
    expect(await screen.findByText('已加入禁用名单')).toBeInTheDocument();
  });

  it('edits the name, phone and reason of an entry, never its number', async () => {
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/prohibited/change': ok(rows[0]) });
    renderApp('/staff/prohibited');
    const user = setupUser();
    await user.click(button(await rowOf('张三'), '编辑'));
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('证件号码')).toBeDisabled();
    expect(within(dialog).getByLabelText('证件号码')).toHaveValue('110************111');
    const reason = within(dialog).getByLabelText('禁用原因');
    await user.clear(reason);
    await user.type(reason, '伪造学历证书及工作经历');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/prohibited/change')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/prohibited/change')[0]!.body).toEqual({
      id: 1,
      name: '张三',
      phone: '13800000001',
      disable_reason: '伪造学历证书及工作经历',
    });
    expect(await screen.findByText('禁用名单记录已更新')).toBeInTheDocument();
  });

  it.each([
    ['dismissing', '解除申请已提交审批，审批通过后生效'],
    ['dismissed', '已解除禁用'],
  ])('dismisses with the required reason; an answer `%s` says “%s”', async (status, said) => {
    const { calls } = api(ALL_BUTTONS, {
      'PUT /api/auth/prohibited/dismiss': ok({
        id: 1,
        status,
        approval_instance_id: status === 'dismissing' ? 7 : null,
      }),
    });
    renderApp('/staff/prohibited');
    const user = setupUser();
    await user.click(button(await rowOf('张三'), '解除'));
    const dialog = await dialogTitled('解除禁用：张三');

    await user.click(button(dialog, '解除'));
    expect(await within(fieldOf(dialog, '解除原因')).findByText('启用原因不能为空')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/auth/prohibited/dismiss')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('解除原因'), ' 误录，经核实无违纪 ');
    await user.click(button(dialog, '解除'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/prohibited/dismiss')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/prohibited/dismiss')[0]!.body).toEqual({
      id: 1,
      enable_reason: '误录，经核实无违纪',
    });
    expect(await screen.findByText(said)).toBeInTheDocument();
    // The list is asked again for the new status.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('opens the entry named by ?id= with its fields and history', async () => {
    const { calls } = api();
    const { user, location } = renderApp('/staff/prohibited?id=1');

    const drawer = await dialogTitled('禁用名单详情');
    await within(drawer).findByText('变更记录', {}, SLOW);
    expect(callsTo(calls, 'GET', '/api/auth/prohibited/detail')[0]!.url.search).toBe('?id=1');
    expect(within(drawer).getByText('110************111')).toBeInTheDocument();
    const history = drawer.querySelector<HTMLElement>('.ant-timeline')!;
    const lines = [...history.querySelectorAll<HTMLElement>('.ant-timeline-item')].map((line) =>
      line.textContent!.replace(/\s+/g, ' '),
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('李人事 加入禁用名单');
    expect(lines[0]).toContain('伪造学历');
    expect(lines[0]).toContain(parseTime('2026-03-01T02:00:00.000Z')!);
    expect(lines[1]).toContain('王经理 修改了信息');
    expect(lines[1]).toContain('手机号码：- → 13800000001');
    expect(lines[1]).toContain('禁用原因：伪造学历 → 伪造学历证书');
    expect(lines[2]).toContain('王经理 申请解除');
    expect(lines[2]).toContain('信息有误');
    // The engine settled it: no person.
    expect(lines[3]).toContain('系统 解除申请被驳回');

    await user.click(drawer.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(location()).toBe('/staff/prohibited'));
    await user.click(button(await rowOf('王五'), '详情'));
    await waitFor(() => expect(location()).toBe('/staff/prohibited?id=3'));
  });

  it('exports the rows the applied filters match', async () => {
    const downloads = captureDownloads();
    const { calls } = api(ALL_BUTTONS, quickExportRoutes('prohibited', 'PK-xlsx'));
    renderApp('/staff/prohibited');
    const user = setupUser();
    await rowOf('王五');
    await user.type(screen.getByLabelText('姓名或手机号'), '张');
    await user.click(button(document.body, '搜索'));
    await waitFor(() => expect(screen.queryByText('王五')).not.toBeInTheDocument());

    await user.click(button(document.body, '导出'));
    await waitFor(() => expect(downloads.click).toHaveBeenCalled(), SLOW);
    expect(await downloads.saved()).toEqual([{ name: '禁用名单.xlsx', type: XLSX, text: 'PK-xlsx' }]);
    expect(startedExport(calls)).toEqual({ kind: 'prohibited', filters: { keyword: '张' } });
    downloads.restore();
  });
});
