import {
  APPROVAL_BUSINESS_TYPES,
  APPROVAL_MODES,
  APPROVAL_STATUSES,
  APPROVER_TYPES,
  CONDITION_OPERATORS,
  TASK_STATUSES,
  APPROVAL_ACTIONS,
  approvalConditionFields,
} from '@dealer-hr/shared/approvals';
import { maxLengthMessage, selectMessage } from '@dealer-hr/shared/rules';
import { zId, zRequiredString } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

export const FLOW_NAME_MAX = 50;
export const NODE_NAME_MAX = 30;
export const REMARK_MAX = 200;
export const COMMENT_MAX = 500;
export const MAX_NODES = 20;
export const MAX_LEADER_LEVEL = 10;

export const flowLabels = {
  businessType: '业务类型',
  name: '流程名称',
  department: '适用部门',
  nodes: '审批节点',
  nodeName: '节点名称',
  approverType: '审批人类型',
  approvers: '审批人',
  leaderLevel: '上级层级',
  mode: '审批方式',
  conditionField: '条件字段',
  conditionOp: '条件运算',
  conditionValue: '条件值',
  status: '状态',
  remark: '备注',
  comment: '审批意见',
  scope: '列表',
  keyword: '关键字',
  title: '标题',
  amount: '金额',
} as const;

export const flowMessages = {
  nodesRequired: '请至少添加一个审批节点',
  nodesTooMany: `审批节点不能超过 ${MAX_NODES} 个`,
  approversRequired: '请选择审批人',
  leaderLevel: `上级层级必须是 1 到 ${MAX_LEADER_LEVEL} 之间的整数`,
  conditionField: '该业务类型没有这个条件字段',
  conditionValue: '条件值必须是数字',
  notFound: '审批流程不存在',
  scopeTaken: '该业务类型在这个部门已有审批流程',
  departmentInvalid: '适用部门不存在或已停用',
  rolesInvalid: '所选角色不存在或已停用',
  postsInvalid: '所选岗位不存在或已停用',
  usersInvalid: '所选用户不存在或已冻结',
  gaps: '部分部门在某些节点找不到审批人，这些节点将被跳过；确认后再保存',
  inUse: '该流程有进行中的审批，不能删除，请改为停用',
} as const;

const zCondition = z.object({
  field: z.string({ error: selectMessage(flowLabels.conditionField) }),
  op: z.enum(CONDITION_OPERATORS, { error: selectMessage(flowLabels.conditionOp) }),
  value: z.number({ error: flowMessages.conditionValue }).finite({ error: flowMessages.conditionValue }),
});

export const flowNode = z
  .object({
    name: zRequiredString(flowLabels.nodeName, { max: NODE_NAME_MAX }),
    approver_type: z.enum(APPROVER_TYPES, { error: selectMessage(flowLabels.approverType) }),
    approver_ids: z
      .array(zId(flowLabels.approvers), { error: flowMessages.approversRequired })
      .max(50, { error: flowMessages.approversRequired })
      .default([]),
    leader_level: z
      .number({ error: flowMessages.leaderLevel })
      .int({ error: flowMessages.leaderLevel })
      .min(1, { error: flowMessages.leaderLevel })
      .max(MAX_LEADER_LEVEL, { error: flowMessages.leaderLevel })
      .nullable()
      .default(null),
    mode: z.enum(APPROVAL_MODES, { error: selectMessage(flowLabels.mode) }),
    condition: zCondition.nullable().default(null),
  })
  .superRefine((node, context) => {
    if (node.approver_type === 'leader') {
      if (node.leader_level === null)
        context.addIssue({ code: 'custom', path: ['leader_level'], message: flowMessages.leaderLevel });
    } else if (node.approver_ids.length === 0) {
      context.addIssue({ code: 'custom', path: ['approver_ids'], message: flowMessages.approversRequired });
    }
  })
  // A leader node names nobody; other nodes have no level.
  .transform((node) =>
    node.approver_type === 'leader'
      ? { ...node, approver_ids: [] }
      : { ...node, leader_level: null, approver_ids: [...new Set(node.approver_ids)] },
  );

const zBusinessType = z.enum(APPROVAL_BUSINESS_TYPES, { error: selectMessage(flowLabels.businessType) });
const zStatus = z.enum(['active', 'disabled'], { error: selectMessage(flowLabels.status) });

const flowFields = {
  business_type: zBusinessType,
  name: zRequiredString(flowLabels.name, { max: FLOW_NAME_MAX }),
  department_id: zId(flowLabels.department).nullable().optional(),
  nodes: z
    .array(flowNode, { error: flowMessages.nodesRequired })
    .min(1, { error: flowMessages.nodesRequired })
    .max(MAX_NODES, { error: flowMessages.nodesTooMany }),
  status: zStatus.default('active'),
  remark: z
    .string({ error: maxLengthMessage(flowLabels.remark, REMARK_MAX) })
    .trim()
    .max(REMARK_MAX, { error: maxLengthMessage(flowLabels.remark, REMARK_MAX) })
    .nullable()
    .optional(),
  /** Save although some departments resolve to nobody at some node (the editor has shown the gaps). */
  accept_gaps: z.boolean().optional(),
};

const conditionFieldsKnown = <
  T extends {
    business_type: (typeof APPROVAL_BUSINESS_TYPES)[number];
    nodes: { condition: { field: string } | null }[];
  },
>(
  flow: T,
  context: z.RefinementCtx,
) => {
  const known = approvalConditionFields[flow.business_type];
  flow.nodes.forEach((node, index) => {
    if (node.condition && !known.includes(node.condition.field))
      context.addIssue({
        code: 'custom',
        path: ['nodes', index, 'condition', 'field'],
        message: flowMessages.conditionField,
      });
  });
};

export const flowStoreBody = z.object(flowFields).superRefine(conditionFieldsKnown);
export const flowUpdateBody = z
  .object({ id: zId('审批流程'), ...flowFields })
  .superRefine(conditionFieldsKnown);
export const flowCheckBody = z.object(flowFields).superRefine(conditionFieldsKnown);
export const flowIdBody = z.object({ id: zId('审批流程') });

export type FlowStoreBody = z.infer<typeof flowStoreBody>;

export const flowListQuery = z.object({
  ...pagingQuery,
  business_type: zBusinessType.optional(),
  status: zStatus.optional(),
  keyword: zFilterText(flowLabels.keyword),
});

const nodeRow = z.object({
  name: z.string(),
  approver_type: z.enum(APPROVER_TYPES),
  approver_ids: z.array(z.number().int()),
  leader_level: z.number().int().nullable(),
  mode: z.enum(APPROVAL_MODES),
  condition: z.object({ field: z.string(), op: z.enum(CONDITION_OPERATORS), value: z.number() }).nullable(),
});

export const flowRow = z.object({
  id: z.number().int(),
  business_type: zBusinessType,
  name: z.string(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  nodes: z.array(nodeRow),
  status: zStatus,
  remark: z.string().nullable(),
  updated_at: z.string(),
});

export const flowGap = z.object({
  node_index: z.number().int(),
  node_name: z.string(),
  /** How many departments of the flow's scope find nobody at this node. */
  count: z.number().int(),
  /** The first of them, by name. */
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** Choices of the flow editor's approver selects. */
export const approverOptions = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  posts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string() })),
});

// ---------------------------------------------------------------------------------------------------------------
// Tasks

export const TASK_SCOPES = ['todo', 'done', 'mine'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

export const taskListQuery = z.object({
  ...pagingQuery,
  scope: z.enum(TASK_SCOPES, { error: selectMessage(flowLabels.scope) }),
  business_type: zBusinessType.optional(),
  status: z.enum(APPROVAL_STATUSES, { error: selectMessage(flowLabels.status) }).optional(),
  keyword: zFilterText(flowLabels.keyword),
});

export const taskRow = z.object({
  /** The instance: the detail is opened by it. */
  id: z.number().int(),
  /** The caller's task in it (to-do and done lists); null in "my requests". */
  task_id: z.number().int().nullable(),
  business_type: zBusinessType,
  title: z.string(),
  applicant_name: z.string(),
  department_name: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  /** The node waiting now, or null once finished. */
  current_node_name: z.string().nullable(),
  /** The caller's decision (done list). */
  decision: z.enum(TASK_STATUSES).nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const taskCounts = z.object({
  todo: z.number().int(),
  done: z.number().int(),
  mine: z.number().int(),
});

export const detailQuery = z.object({ id: zId('审批记录') });

export const instanceDetail = z.object({
  id: z.number().int(),
  business_type: zBusinessType,
  title: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  form: z.record(z.string(), z.unknown()),
  applicant: z.object({ id: z.number().int(), name: z.string() }),
  department: z.object({ id: z.number().int(), name: z.string() }),
  current_node: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  nodes: z.array(
    nodeRow.extend({
      tasks: z.array(
        z.object({
          id: z.number().int(),
          approver: z.object({ id: z.number().int(), name: z.string() }),
          status: z.enum(TASK_STATUSES),
          comment: z.string().nullable(),
          decided_at: z.string().nullable(),
        }),
      ),
    }),
  ),
  timeline: z.array(
    z.object({
      id: z.number().int(),
      action: z.enum(APPROVAL_ACTIONS),
      node_index: z.number().int().nullable(),
      node_name: z.string().nullable(),
      actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      comment: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** What the caller may do now: their open task at the current node, and whether they may withdraw. */
  actions: z.object({ task_id: z.number().int().nullable(), can_withdraw: z.boolean() }),
});

const zComment = z
  .string({ error: maxLengthMessage(flowLabels.comment, COMMENT_MAX) })
  .trim()
  .max(COMMENT_MAX, { error: maxLengthMessage(flowLabels.comment, COMMENT_MAX) })
  .nullable()
  .optional()
  .transform((value) => value || null);

export const decisionBody = z.object({ id: zId('审批任务'), comment: zComment });
/** A rejection says why. */
export const rejectBody = z.object({
  id: zId('审批任务'),
  comment: zRequiredString(flowLabels.comment, { max: COMMENT_MAX, multiline: true }),
});
export const withdrawBody = z.object({ id: zId('审批记录'), comment: zComment });

// ---------------------------------------------------------------------------------------------------------------
// The demo "test" business

const AMOUNT_MESSAGE = '金额必须是 0 到 1000000 之间的整数';
export const testRequestBody = z.object({
  title: zRequiredString(flowLabels.title, { max: 50 }),
  department_id: zId(flowLabels.department),
  amount: z
    .number({ error: AMOUNT_MESSAGE })
    .int({ error: AMOUNT_MESSAGE })
    .min(0, { error: AMOUNT_MESSAGE })
    .max(1_000_000, { error: AMOUNT_MESSAGE }),
});
export type TestRequestBody = z.infer<typeof testRequestBody>;
