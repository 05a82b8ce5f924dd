// The approval engine's vocabulary, shared by the server (validation, storage) and the web app (labels, forms).
// See docs/domain.md "Approvals".

/**
 * The business types a flow can belong to. `test` is a demo type with no business effect of its own: the tests
 * and the demo use it to run the engine end to end.
 */
export const APPROVAL_BUSINESS_TYPES = [
  'inductionfirst',
  'posttransfer',
  'resignation',
  'leave',
  'dispatch',
  'prohibited_dismiss',
  'test',
] as const;
export type ApprovalBusinessType = (typeof APPROVAL_BUSINESS_TYPES)[number];

/** Chinese names of the business types (the server's messages; the web app translates them). */
export const approvalBusinessNames: Record<ApprovalBusinessType, string> = {
  inductionfirst: '入职审批',
  posttransfer: '调岗审批',
  resignation: '离职审批',
  leave: '请假审批',
  dispatch: '外派审批',
  prohibited_dismiss: '禁止录用解除',
  test: '测试申请',
};

/**
 * The number fields of each type's form that a node's condition may test (e.g. leave `days` > 3 adds a node).
 * Business modules put these fields into the form they submit.
 */
export const approvalConditionFields: Record<ApprovalBusinessType, readonly string[]> = {
  inductionfirst: [],
  posttransfer: [],
  resignation: [],
  leave: ['days'],
  dispatch: ['days'],
  prohibited_dismiss: [],
  test: ['amount'],
};

/**
 * Who approves at a node: holders of a role, holders of a post (the nearest ones to the record's department),
 * the leader of the record's department `leader_level` levels up (1 = its own leader), or named users.
 */
export const APPROVER_TYPES = ['role', 'post', 'leader', 'users'] as const;
export type ApproverType = (typeof APPROVER_TYPES)[number];

/** `any`: the first decision settles the node; `all`: every approver must approve (any rejection ends it). */
export const APPROVAL_MODES = ['any', 'all'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const CONDITION_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export interface NodeCondition {
  field: string;
  op: ConditionOperator;
  value: number;
}

/** One step of a flow, as stored in the flow and snapshotted into each instance. */
export interface FlowNode {
  name: string;
  approver_type: ApproverType;
  /** Role, post or user ids; empty for `leader`. */
  approver_ids: number[];
  /** For `leader`: 1 is the leader of the record's own department, 2 the one above, and so on. */
  leader_level: number | null;
  mode: ApprovalMode;
  /** The node applies only when the condition holds on the submitted form; null: always. */
  condition: NodeCondition | null;
}

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const TASK_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What the timeline records: every decision, and every node the engine passed over and why. */
export const APPROVAL_ACTIONS = ['submit', 'approve', 'reject', 'withdraw', 'skip', 'complete'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export function conditionHolds(condition: NodeCondition | null, form: Record<string, unknown>): boolean {
  if (!condition) return true;
  const actual = Number(form[condition.field]);
  if (!Number.isFinite(actual)) return false;
  switch (condition.op) {
    case 'gt':
      return actual > condition.value;
    case 'gte':
      return actual >= condition.value;
    case 'lt':
      return actual < condition.value;
    case 'lte':
      return actual <= condition.value;
    case 'eq':
      return actual === condition.value;
    case 'ne':
      return actual !== condition.value;
  }
}
