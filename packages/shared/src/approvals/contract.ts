// The approvals routes' request and answer schemas (`/api/auth/approval/*`). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of its bundle.
// The lists' query strings are the server's own: they are built on its query-string coercion.
import { maxLengthMessage, selectMessage } from '../rules';
import { zId, zRequiredString } from '../validation';
import { z } from 'zod';
import {
  APPROVAL_ACTIONS,
  APPROVAL_FACT_KEYS,
  APPROVAL_FACT_KINDS,
  APPROVAL_BUSINESS_TYPES,
  APPROVAL_MODES,
  APPROVAL_STATUSES,
  APPROVER_SIDES,
  APPROVER_TYPES,
  COMMENT_MAX,
  CONDITION_OPERATORS,
  FLOW_NAME_MAX,
  FLOW_STATUSES,
  MAX_LEADER_LEVEL,
  MAX_NODE_APPROVERS,
  MAX_NODES,
  NODE_NAME_MAX,
  REMARK_MAX,
  TASK_STATUSES,
  approvalConditionFields,
  flowLabels,
  flowMessages,
} from './rules';

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
      .max(MAX_NODE_APPROVERS, { error: flowMessages.approversRequired })
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
    side: z.enum(APPROVER_SIDES, { error: selectMessage(flowLabels.side) }).default('record'),
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

export const zBusinessType = z.enum(APPROVAL_BUSINESS_TYPES, {
  error: selectMessage(flowLabels.businessType),
});
export const zFlowStatus = z.enum(FLOW_STATUSES, { error: selectMessage(flowLabels.status) });

const flowFields = {
  business_type: zBusinessType,
  name: zRequiredString(flowLabels.name, { max: FLOW_NAME_MAX }),
  department_id: zId(flowLabels.department).nullable().optional(),
  nodes: z
    .array(flowNode, { error: flowMessages.nodesRequired })
    .min(1, { error: flowMessages.nodesRequired })
    .max(MAX_NODES, { error: flowMessages.nodesTooMany }),
  status: zFlowStatus.default('active'),
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

export type FlowStoreInput = z.input<typeof flowStoreBody>;
export type FlowStoreBody = z.infer<typeof flowStoreBody>;

const nodeRow = z.object({
  name: z.string(),
  approver_type: z.enum(APPROVER_TYPES),
  approver_ids: z.array(z.number().int()),
  leader_level: z.number().int().nullable(),
  mode: z.enum(APPROVAL_MODES),
  condition: z.object({ field: z.string(), op: z.enum(CONDITION_OPERATORS), value: z.number() }).nullable(),
  /** Absent on flows saved before sides existed: `record`. */
  side: z.enum(APPROVER_SIDES).optional(),
});

export const flowRow = z.object({
  id: z.number().int(),
  business_type: zBusinessType,
  name: z.string(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  nodes: z.array(nodeRow),
  status: zFlowStatus,
  remark: z.string().nullable(),
  updated_at: z.string(),
});
export type FlowRow = z.infer<typeof flowRow>;

export const flowGap = z.object({
  node_index: z.number().int(),
  node_name: z.string(),
  /** How many departments of the flow's scope find nobody at this node. */
  count: z.number().int(),
  /** The first of them, by name. */
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type FlowGap = z.infer<typeof flowGap>;

/** Choices of the flow editor's approver selects. */
export const approverOptions = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  posts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string() })),
});
export type ApproverOptions = z.infer<typeof approverOptions>;

// ---------------------------------------------------------------------------------------------------------------
// Tasks

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
export type TaskRow = z.infer<typeof taskRow>;

export const taskCounts = z.object({
  todo: z.number().int(),
  done: z.number().int(),
  mine: z.number().int(),
});
export type TaskCounts = z.infer<typeof taskCounts>;

/** One thing the approver is told about the record (rules.ts `approvalFactLabels`, `APPROVAL_FACT_KINDS`). */
export const approvalFact = z.object({
  key: z.enum(APPROVAL_FACT_KEYS),
  kind: z.enum(APPROVAL_FACT_KINDS),
  /** Text, a number, a date, a time, a code, or a dictionary item's id; null when the record has none. */
  value: z.union([z.string(), z.number()]).nullable(),
  /** The Chinese name of a code or a dictionary item: what a reader sees when their language has none. */
  text: z.string().nullable(),
  /** The dictionary type of an item. */
  type_id: z.number().int().nullable(),
});
export type ApprovalFact = z.infer<typeof approvalFact>;

export const instanceDetail = z.object({
  id: z.number().int(),
  business_type: zBusinessType,
  title: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  form: z.record(z.string(), z.unknown()),
  /** What the business tells the approver about its record, in order; empty when it tells nothing. */
  facts: z.array(approvalFact),
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
export type InstanceDetail = z.infer<typeof instanceDetail>;

/** What a decision, a withdrawal and a new request answer. */
export const instanceSummary = z.object({
  id: z.number().int(),
  status: z.string(),
  current_node: z.number().int().nullable(),
});
export type InstanceSummary = z.infer<typeof instanceSummary>;

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
