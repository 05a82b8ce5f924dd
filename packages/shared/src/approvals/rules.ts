// The approval engine's vocabulary, limits, labels and messages, shared by the server (validation, storage)
// and the web app (labels, forms): plain constants, free of zod, so the web imports them directly; the zod
// schemas built on them are in ./contract. See docs/domain.md "Approvals".

/**
 * The business types a flow can belong to: the product's businesses only (the engine's tests bring a fixture
 * business of their own, docs/decisions.md "Test scaffolding stays out of the product").
 */
export const APPROVAL_BUSINESS_TYPES = [
  'inductionfirst',
  'posttransfer',
  'resignation',
  'leave',
  'dispatch',
  'prohibited_dismiss',
  'clock_correction',
  'overtime',
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
  clock_correction: '补卡审批',
  overtime: '加班审批',
};

/**
 * The number fields of each type's form that a node's condition may test (e.g. leave `days` > 3 adds a node).
 * Business modules put these fields into the form they submit.
 */
export const approvalConditionFields: Record<ApprovalBusinessType, readonly string[]> = {
  inductionfirst: [],
  // 1 when the person changes store (a node for the new store's manager), else 0; the type's dictionary id.
  posttransfer: ['store_changes', 'type_id'],
  resignation: [],
  leave: ['days'],
  dispatch: ['days'],
  prohibited_dismiss: [],
  clock_correction: [],
  overtime: ['hours'],
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

/**
 * Whose organisation a node's post and leader approvers come from: the record's department (`record`, where
 * the person is), or the one the record moves them to (`target`: a transfer's new department, a dispatch's
 * host). Businesses without a target resolve both alike.
 */
export const APPROVER_SIDES = ['record', 'target'] as const;
export type ApproverSide = (typeof APPROVER_SIDES)[number];
/** The business types whose records have a target department. */
export const TARGETED_BUSINESS_TYPES: readonly ApprovalBusinessType[] = ['posttransfer', 'dispatch'];

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
  /** Flows saved before sides existed have none: `record`. */
  side?: ApproverSide;
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

/** A flow is in use or set aside. */
export const FLOW_STATUSES = ['active', 'disabled'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** The task lists: the caller's to-do, what they decided, and their own requests. */
export const TASK_SCOPES = ['todo', 'done', 'mine'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

export const FLOW_NAME_MAX = 50;
export const NODE_NAME_MAX = 30;
export const REMARK_MAX = 200;
export const COMMENT_MAX = 500;
export const MAX_NODES = 20;
export const MAX_LEADER_LEVEL = 10;
/** Most approvers one node names. */
export const MAX_NODE_APPROVERS = 50;

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
  side: '审批人所在',
  status: '状态',
  remark: '备注',
  comment: '审批意见',
  scope: '列表',
  keyword: '关键字',
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

/**
 * What a business tells the approver about its record, beside the approval's own fields: each fact is one of
 * these keys with its value, and the web names the keys in every language (the Chinese names below). ID
 * numbers are facts only masked.
 */
export const approvalFactLabels = {
  person_name: '姓名',
  id_type: '证件类型',
  id_number: '证件号码',
  phone: '手机号码',
  disable_reason: '禁用原因',
  source: '来源',
  listed_by: '添加人',
  listed_at: '添加时间',
  enable_reason: '解除原因',
  store: '门店',
  department: '部门',
  post: '岗位',
  entry_date: '入职日期',
  employee_type: '员工类型',
  probation_months: '试用期（月）',
  contract_start: '合同开始日期',
  contract_end: '合同结束日期',
  employee_no: '工号',
  from_place: '调出岗位',
  to_place: '调入岗位',
  transfer_type: '调岗类型',
  effective_date: '生效日期',
  reason: '原因',
  home_place: '派出岗位',
  host_place: '外派岗位',
  start_date: '开始日期',
  end_date: '结束日期',
  days: '天数',
  allowance_note: '补贴说明',
  extend_to: '延长至',
  resignation_type: '离职类型',
  leaving_reason: '离职原因',
  leaving_destination: '离职去向',
  applied_on: '申请日期',
  last_day: '最后工作日',
  correction_day: '补卡日期',
  correction_side: '补卡类型',
  correction_time: '补卡时间',
  leave_type: '请假类型',
  leave_time: '请假时段',
  leave_hours: '请假时长（小时）',
  overtime_day: '加班日期',
  day_kind: '日期类型',
  hours: '加班时长（小时）',
  punched_hours: '打卡加班时长（小时）',
  compensation: '补偿方式',
  lieu_days: '可调休天数',
} as const;
export type ApprovalFactKey = keyof typeof approvalFactLabels;
export const APPROVAL_FACT_KEYS = Object.keys(approvalFactLabels) as [ApprovalFactKey, ...ApprovalFactKey[]];

/**
 * How a fact's value reads: `text` as it is, `number`, `date` (YYYY-MM-DD), `time` (ISO), `code` (a code of the
 * key's own vocabulary, e.g. the prohibited list's source `manual`, which the web names) and `dictionary` (an
 * item of a dictionary type, named in the reader's language). A code and an item carry their Chinese name.
 */
export const APPROVAL_FACT_KINDS = ['text', 'number', 'date', 'time', 'code', 'dictionary'] as const;
export type ApprovalFactKind = (typeof APPROVAL_FACT_KINDS)[number];
