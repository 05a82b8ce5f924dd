// Test support only (not part of the app): the approval pages' menu, rows and details for the page tests.
import Cookies from 'js-cookie';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { user } from '../../../test/fixtures';
import { mockApi, ok, type Routes } from '../../../test/mock-api';
import { TOKEN } from '../../../test/page-helpers';
import type { ApprovalFact } from '@dealer-hr/shared/approvals/contract';
import type { InstanceDetail, TaskRow } from './api';

const menuNode = (
  id: number,
  name: string,
  title: string,
  path: string,
  perms: readonly string[] = [],
  children: MenuNode[] = [],
): MenuNode => ({
  id,
  parent_id: children.length > 0 ? null : 900,
  name,
  title,
  path,
  type_id: children.length > 0 ? 1 : 2,
  perm: perms.map((name) => ({ name })),
  quick_icon: null,
  affix: false,
  noCache: false,
  sort: id,
  children,
});

/** The seeded approval directory: each page grants the buttons it is given. */
export function approvalMenu(perms: { todo?: string[]; done?: string[]; mine?: string[] } = {}): MenuNode[] {
  return [
    menuNode(
      900,
      'approval',
      '审批中心',
      '/approval',
      [],
      [
        menuNode(901, 'approvalTodo', '待我审批', '/approval/todo', perms.todo ?? []),
        menuNode(902, 'approvalDone', '我已审批', '/approval/done', perms.done ?? []),
        menuNode(903, 'approvalMine', '我发起的', '/approval/mine', perms.mine ?? []),
      ],
    ),
  ];
}

export const ALL_GRANTS = {
  todo: ['approval:todo:approve', 'approval:todo:reject'],
  mine: ['approval:mine:withdraw'],
};

/** Signs in with the approval menu and mocks `routes`. */
export function mockApprovalApi(routes: Routes, perms = ALL_GRANTS) {
  Cookies.set('Token', TOKEN);
  return mockApi({
    'POST /api/auth/me': ok(user),
    'GET /api/auth/menus/tree': ok(approvalMenu(perms)),
    'GET /api/auth/approval/task/count': ok({ todo: 3, done: 5, mine: 0 }),
    'GET /api/auth/msg/select': ok({ data: [], total: 0, unread: 4 }),
    ...routes,
  });
}

export const taskRow = (id: number, title: string, extra: Partial<TaskRow> = {}): TaskRow => ({
  id,
  task_id: id + 100,
  business_type: 'leave',
  title,
  applicant_name: '李娜',
  department_name: '朝阳店',
  status: 'pending',
  current_node_name: '店总审批',
  decision: null,
  decided_at: null,
  created_at: '2026-03-01T02:00:00.000Z',
  finished_at: null,
  ...extra,
});

/**
 * A leave of 12 days at its second node: the first (the region, above 20 days) was skipped, the store's
 * general manager (the signed-in user) decides now, HR comes next.
 */
export const instanceDetail = (id: number, extra: Partial<InstanceDetail> = {}): InstanceDetail => ({
  id,
  business_type: 'leave',
  title: '李娜的请假申请',
  status: 'pending',
  form: { days: 12 },
  facts: [],
  applicant: { id: 5, name: '李娜' },
  department: { id: 7, name: '朝阳店' },
  current_node: 1,
  created_at: '2026-03-01T02:00:00.000Z',
  finished_at: null,
  nodes: [
    {
      name: '区域复核',
      approver_type: 'role',
      approver_ids: [4],
      leader_level: null,
      mode: 'any',
      condition: { field: 'days', op: 'gt', value: 20 },
      tasks: [],
    },
    {
      name: '店总审批',
      approver_type: 'leader',
      approver_ids: [],
      leader_level: 1,
      mode: 'any',
      condition: null,
      tasks: [
        {
          id: id + 100,
          approver: { id: 1, name: '张伟' },
          status: 'pending',
          comment: null,
          decided_at: null,
        },
      ],
    },
    {
      name: '人事审批',
      approver_type: 'role',
      approver_ids: [3],
      leader_level: null,
      mode: 'all',
      condition: { field: 'days', op: 'gte', value: 10 },
      tasks: [],
    },
  ],
  timeline: [
    {
      id: 1,
      action: 'submit',
      node_index: null,
      node_name: null,
      actor: { id: 5, name: '李娜' },
      comment: null,
      created_at: '2026-03-01T02:00:00.000Z',
    },
    {
      id: 2,
      action: 'skip',
      node_index: 0,
      node_name: '区域复核',
      actor: null,
      comment: '条件不满足，跳过该节点',
      created_at: '2026-03-01T02:00:00.000Z',
    },
  ],
  actions: { task_id: id + 100, can_withdraw: false },
  ...extra,
});

/**
 * The approval of a ban lifting, waiting for the signed-in HR user: the prohibited list's facts, the source
 * as its code, the number masked.
 */
export const dismissalDetail = (id: number): InstanceDetail => {
  const fact = (
    key: ApprovalFact['key'],
    kind: ApprovalFact['kind'],
    value: string,
    text: string | null = null,
  ) => ({ key, kind, value, text, type_id: null }) satisfies ApprovalFact;
  return instanceDetail(id, {
    business_type: 'prohibited_dismiss',
    title: '解除禁用：王芳',
    form: { source: 'manual' },
    facts: [
      fact('person_name', 'text', '王芳'),
      fact('id_number', 'text', '440************12X'),
      fact('disable_reason', 'text', '伪造学历证书'),
      fact('source', 'code', 'manual', '手动添加'),
      fact('listed_by', 'text', '赵敏'),
      fact('listed_at', 'time', '2026-02-10T01:30:00.000Z'),
      fact('enable_reason', 'text', '经核实为同名误录'),
    ],
    nodes: [
      {
        name: '人事审批',
        approver_type: 'role',
        approver_ids: [3],
        leader_level: null,
        mode: 'any',
        condition: null,
        tasks: [
          {
            id: id + 100,
            approver: { id: 1, name: '张伟' },
            status: 'pending',
            comment: null,
            decided_at: null,
          },
        ],
      },
    ],
    current_node: 0,
    timeline: [],
  });
};
