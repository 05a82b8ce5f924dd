import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { user as signedIn } from '../../../test/fixtures';
import { callsTo, fail, mockApi, ok, type Routes } from '../../../test/mock-api';
import { button, openDialog, rowOf, setupUser, SLOW, TOKEN } from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';
import type { ApprovalFlow, ApproverOptions, DepartmentOption, FlowGap } from './api';

const PATH = '/approval/flows';
const ALL_BUTTONS = ['create', 'update', 'delete'].map((action) => `approval:flows:${action}`);

const menuNode = (fields: Pick<MenuNode, 'id' | 'parent_id' | 'name' | 'title' | 'path' | 'type_id'>) => ({
  perm: [],
  quick_icon: null,
  affix: false,
  noCache: false,
  sort: fields.id,
  children: [],
  ...fields,
});

/** The approval directory with this page, granting `perms` (the shared fixture knows only other directories). */
const menus = (perms: readonly string[]): MenuNode[] => [
  {
    ...menuNode({
      id: 900,
      parent_id: null,
      name: 'approval',
      title: '审批中心',
      path: '/approval',
      type_id: 1,
    }),
    children: [
      {
        ...menuNode({
          id: 901,
          parent_id: 900,
          name: 'approvalFlows',
          title: '审批流程设置',
          path: PATH,
          type_id: 2,
        }),
        perm: perms.map((name) => ({ name })),
      },
    ],
  },
];

const flows: ApprovalFlow[] = [
  {
    id: 1,
    business_type: 'dispatch',
    name: '外派审批流程',
    department_id: null,
    department_name: null,
    nodes: [
      {
        name: '门店总经理审批',
        approver_type: 'post',
        approver_ids: [7],
        leader_level: null,
        mode: 'any',
        condition: null,
      },
      {
        name: '人事复核',
        approver_type: 'role',
        approver_ids: [5],
        leader_level: null,
        mode: 'all',
        condition: { field: 'days', op: 'gte', value: 10 },
      },
    ],
    status: 'active',
    remark: null,
    updated_at: '2026-03-01T08:00:00.000Z',
  },
  {
    id: 2,
    business_type: 'leave',
    name: '西湖店请假流程',
    department_id: 3,
    department_name: '杭州西湖店',
    nodes: [
      {
        name: '部门负责人审批',
        approver_type: 'leader',
        approver_ids: [],
        leader_level: 1,
        mode: 'any',
        condition: null,
      },
      {
        name: '门店总经理审批（3 天以上）',
        approver_type: 'post',
        approver_ids: [7],
        leader_level: null,
        mode: 'any',
        condition: { field: 'days', op: 'gt', value: 3 },
      },
    ],
    status: 'disabled',
    remark: '西湖店自定',
    updated_at: '2026-03-02T08:00:00.000Z',
  },
];

const options: ApproverOptions = {
  roles: [
    { id: 5, name: '人事管理员' },
    { id: 6, name: '财务主管' },
  ],
  posts: [
    { id: 7, name: '总经理' },
    { id: 8, name: '销售顾问' },
  ],
  users: [{ id: 21, name: '李娜', username: 'lina' }],
};

const departments: DepartmentOption[] = [
  { id: 1, name: '华东汽车集团', children: [{ id: 3, name: '杭州西湖店' }] },
];

function api(extra: Routes = {}) {
  Cookies.set('Token', TOKEN);
  return mockApi({
    'POST /api/auth/me': ok(signedIn),
    'GET /api/auth/menus/tree': ok(menus(ALL_BUTTONS)),
    'GET /api/auth/approval/set/index': (call) => {
      const type = call.url.searchParams.get('business_type');
      const rows = type ? flows.filter((flow) => flow.business_type === type) : flows;
      return ok({ data: rows, total: rows.length });
    },
    'GET /api/auth/approval/set/options': ok(options),
    'GET /api/auth/departments/my/tree': ok(departments),
    ...extra,
  });
}

/** The editor's card of step `step` (1-based). */
const nodeCard = (dialog: HTMLElement, step: number) => within(dialog).getByLabelText(`第 ${step} 步`);

// In jsdom a closed popup never finishes its leave animation and stays in the document: these helpers find the
// popup of a given select, and the confirmation that is open, rather than the last one rendered.

/** The dropdown of `select` (its combobox input), once open. */
async function dropdownOf(select: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const list = document.getElementById(select.getAttribute('aria-controls') ?? `${select.id}_list`);
    const dropdown = list?.closest<HTMLElement>('.ant-select-dropdown');
    if (!dropdown || dropdown.matches('.ant-select-dropdown-hidden, .ant-slide-up-leave')) {
      throw new Error(`the select ${select.id} is not open`);
    }
    return dropdown;
  });
}

/** Opens `select` and picks its option titled `title`. */
async function pick(user: UserEvent, select: HTMLElement, title: string): Promise<void> {
  await user.click(select);
  await user.click(within(await dropdownOf(select)).getByTitle(title));
}

/** The titles of the options `select` offers. */
async function offeredBy(user: UserEvent, select: HTMLElement): Promise<string[]> {
  await user.click(select);
  const dropdown = await dropdownOf(select);
  return [...dropdown.querySelectorAll('.ant-select-item-option')].map(
    (option) => option.getAttribute('title') ?? '',
  );
}

const openConfirms = () => [
  ...document.querySelectorAll<HTMLElement>('.ant-modal-confirm:not(.ant-zoom-leave)'),
];

/** The confirmation dialog that is open. */
const openConfirm = () =>
  waitFor(() => {
    const [confirm, ...others] = openConfirms();
    if (!confirm || others.length > 0) throw new Error(`${openConfirms().length} confirmations are open`);
    return confirm;
  });

async function openEditorOf(user: UserEvent, name: string): Promise<HTMLElement> {
  await user.click(button(await rowOf(name), '编辑'));
  const dialog = await openDialog();
  // The form is filled from the row: wait until its nodes are there.
  await waitFor(() => expect(nodeCard(dialog, 2)).toBeInTheDocument());
  return dialog;
}

describe('/approval/flows', () => {
  it('lists flows with translated business types, scope and a summary of their nodes, and filters by type', async () => {
    const { calls } = api();
    renderApp(PATH);
    const group = await rowOf('外派审批流程');
    // The row says `dispatch`: the page names it.
    expect(within(group).getByText('外派审批')).toBeInTheDocument();
    expect(within(group).getByText('全集团')).toBeInTheDocument();
    expect(within(group).getByText('门店总经理审批 → 人事复核')).toBeInTheDocument();
    expect(within(group).getByText('启用')).toBeInTheDocument();
    const store = await rowOf('西湖店请假流程');
    expect(within(store).getByText('请假审批')).toBeInTheDocument();
    expect(within(store).getByText('杭州西湖店')).toBeInTheDocument();
    expect(within(store).getByText('部门负责人审批 → 门店总经理审批（3 天以上）')).toBeInTheDocument();
    expect(within(store).getByText('停用')).toBeInTheDocument();

    const user = setupUser();
    await pick(user, screen.getByLabelText('业务类型'), '请假审批');
    await user.click(button(document.body, '搜索'));
    await waitFor(() => expect(screen.queryByText('外派审批流程')).not.toBeInTheDocument());
    const lastList = callsTo(calls, 'GET', '/api/auth/approval/set/index').at(-1)!;
    expect(lastList.url.searchParams.get('business_type')).toBe('leave');
  });

  it('creates a flow with two nodes in the order the user put them', async () => {
    const { calls } = api({ 'POST /api/auth/approval/set/store': ok(flows[0]) });
    renderApp(PATH);
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '新增流程'), SLOW));
    const dialog = await openDialog();

    // The client's rules refuse an empty form as the server would.
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('请选择业务类型')).toBeInTheDocument();
    expect(within(dialog).getByText('流程名称不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('节点名称不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择审批人')).toBeInTheDocument();

    await pick(user, within(dialog).getByLabelText('业务类型'), '外派审批');
    await user.type(within(dialog).getByLabelText('流程名称'), '集团外派流程');
    const first = nodeCard(dialog, 1);
    await user.type(within(first).getByLabelText('节点名称'), '门店总经理审批');
    await pick(user, within(first).getByLabelText('审批人类型'), '按岗位');
    await pick(user, within(first).getByLabelText('审批人'), '总经理');

    await user.click(button(dialog, '添加节点'));
    const second = nodeCard(dialog, 2);
    await user.type(within(second).getByLabelText('节点名称'), '人事审批');
    await pick(user, within(second).getByLabelText('审批人'), '人事管理员');
    await user.click(within(second).getByLabelText('上移'));
    expect(within(nodeCard(dialog, 1)).getByLabelText('节点名称')).toHaveValue('人事审批');

    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/approval/set/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/approval/set/store')[0]!.body).toEqual({
      business_type: 'dispatch',
      name: '集团外派流程',
      department_id: null,
      status: 'active',
      remark: null,
      nodes: [
        {
          name: '人事审批',
          approver_type: 'role',
          approver_ids: [5],
          leader_level: null,
          mode: 'any',
          condition: null,
          side: 'record',
        },
        {
          name: '门店总经理审批',
          approver_type: 'post',
          approver_ids: [7],
          leader_level: null,
          mode: 'any',
          condition: null,
          side: 'record',
        },
      ],
    });
    expect(await screen.findByText('审批流程已创建')).toBeInTheDocument();
  });

  it('asks before saving a flow with gaps, and resends with accept_gaps once the user agrees', async () => {
    const gaps: FlowGap[] = [
      {
        node_index: 0,
        node_name: '门店总经理审批',
        count: 12,
        departments: [
          { id: 3, name: '杭州西湖店' },
          { id: 4, name: '宁波江北店' },
        ],
      },
    ];
    const { calls } = api({
      'PUT /api/auth/approval/set/update': (call) =>
        (call.body as { accept_gaps?: boolean }).accept_gaps
          ? ok(flows[0])
          : fail(422, '部分部门在某些节点找不到审批人，这些节点将被跳过；确认后再保存', 422, {
              errors: [{ field: 'nodes', message: '部分部门在某些节点找不到审批人' }],
              gaps,
            }),
    });
    renderApp(PATH);
    const user = setupUser();
    const dialog = await openEditorOf(user, '外派审批流程');
    const updates = () => callsTo(calls, 'PUT', '/api/auth/approval/set/update');
    const question = '这些部门在该节点找不到审批人，提交时将跳过该节点，仍要保存？';

    // Declined: nothing is resent, and the gaps stay in the editor.
    await user.click(button(dialog, '保存'));
    let confirm = await openConfirm();
    // antd repeats the title, hidden, for screen readers.
    expect(within(confirm).getByText(question, { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(within(confirm).getByText('第 1 步「门店总经理审批」：12 个部门找不到审批人')).toBeInTheDocument();
    expect(within(confirm).getByText('杭州西湖店、宁波江北店 等')).toBeInTheDocument();
    await user.click(button(confirm, '返回修改'));
    await waitFor(() => expect(openConfirms()).toHaveLength(0));
    expect(within(dialog).getByText('第 1 步「门店总经理审批」：12 个部门找不到审批人')).toBeInTheDocument();
    expect(updates()).toHaveLength(1);

    await user.click(button(dialog, '保存'));
    confirm = await openConfirm();
    await user.click(button(confirm, '仍要保存'));
    await waitFor(() => expect(updates()).toHaveLength(3));
    expect(updates()[1]!.body).not.toHaveProperty('accept_gaps');
    expect(updates()[2]!.body).toEqual({ ...(updates()[1]!.body as object), accept_gaps: true });
    expect(updates()[2]!.body).toMatchObject({ id: 1, business_type: 'dispatch', name: '外派审批流程' });
    expect(await screen.findByText('审批流程已更新')).toBeInTheDocument();
  });

  it('puts a server field error of a node on that node’s field', async () => {
    api({
      'PUT /api/auth/approval/set/update': fail(422, '所选角色不存在或已停用', 422, {
        errors: [{ field: 'nodes.1.approver_ids', message: '所选角色不存在或已停用' }],
      }),
    });
    renderApp(PATH);
    const user = setupUser();
    const dialog = await openEditorOf(user, '外派审批流程');
    await user.click(button(dialog, '保存'));
    expect(await within(nodeCard(dialog, 2)).findByText('所选角色不存在或已停用')).toBeInTheDocument();
    expect(within(nodeCard(dialog, 1)).queryByText('所选角色不存在或已停用')).not.toBeInTheDocument();
  });

  it('offers only the product’s businesses as types: no test scaffolding', async () => {
    api();
    renderApp(PATH);
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '新增流程'), SLOW));
    const dialog = await openDialog();
    expect(await offeredBy(user, within(dialog).getByLabelText('业务类型'))).toEqual([
      '入职审批',
      '调岗审批',
      '离职审批',
      '请假审批',
      '外派审批',
      '禁止录用解除',
      '补卡审批',
      '加班审批',
    ]);
  });

  it('offers as condition fields only those of the chosen business type', async () => {
    api();
    renderApp(PATH);
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '新增流程'), SLOW));
    const dialog = await openDialog();
    const conditionField = () => within(nodeCard(dialog, 1)).getByLabelText('条件字段');
    // Before a type is chosen there is nothing to test.
    expect(conditionField()).toBeDisabled();

    const businessType = within(dialog).getByLabelText('业务类型');
    await pick(user, businessType, '请假审批');
    expect(await offeredBy(user, conditionField())).toEqual(['天数']);

    // Onboarding's form has no number to test.
    await pick(user, businessType, '入职审批');
    await waitFor(() => expect(conditionField()).toBeDisabled());
  });

  it('shows the server’s refusal to delete a flow that has approvals', async () => {
    const { calls } = api({
      'DELETE /api/auth/approval/set/destroy': fail(409, '该流程有进行中的审批，不能删除，请改为停用', 409),
    });
    renderApp(PATH);
    const user = setupUser();
    await user.click(button(await rowOf('外派审批流程'), '删除'));
    expect(await screen.findByText(/确定删除审批流程“外派审批流程”吗/)).toBeInTheDocument();
    await user.click(button(document.querySelector<HTMLElement>('.ant-popconfirm')!, '删除'));
    expect(await screen.findByText('该流程有进行中的审批，不能删除，请改为停用')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/auth/approval/set/destroy')[0]!.body).toEqual({ id: 1 });
  });
});
