/**
 * Resignation (`/api/auth/resign/*`, page `/staff/resignation`): a person leaves on their last working day,
 * once the `resignation` flow approves and their customers and group chats have been handed over. Statuses,
 * types, limits, labels and messages as plain constants, free of zod; the schemas are in ./contract.
 */

/**
 * - `approving`: filed and in its approval (the person is `resigning` from filing on);
 * - `returned`: rejected or withdrawn, back with the filer to change and file again (or cancel);
 * - `approved`: approved; the handover runs, then `go`;
 * - `scheduled`: `go` was given for a last day still to come: the daily job completes it the day after;
 * - `completed`: every post ended on the last day, the account frozen, the person resigned;
 * - `cancelled`: stopped before completion; the person is on staff again as before.
 */
export const RESIGNATION_STATUSES = [
  'approving',
  'returned',
  'approved',
  'scheduled',
  'completed',
  'cancelled',
] as const;
export type ResignationStatus = (typeof RESIGNATION_STATUSES)[number];
/** A person has at most one resignation in these at a time. */
export const OPEN_RESIGNATION_STATUSES = ['approving', 'returned', 'approved', 'scheduled'] as const;
export const CANCELLABLE_RESIGNATION_STATUSES = ['approving', 'returned', 'approved', 'scheduled'] as const;
/** A leaver's customers can be handed over once the resignation is approved, and after they have gone. */
export const HANDOVER_OPEN_STATUSES: readonly ResignationStatus[] = ['approved', 'scheduled', 'completed'];

/**
 * Why the employment ends. Only `voluntary` counts as voluntary turnover in the statistics (docs/domain.md
 * "Resignation"): the others are the company's decision (`dismissal`, `probation_failed`), the contract's
 * (`contract_end`), an agreement (`mutual_agreement`) or age (`retirement`).
 */
export const RESIGNATION_TYPES = [
  'voluntary',
  'dismissal',
  'probation_failed',
  'contract_end',
  'mutual_agreement',
  'retirement',
] as const;
export type ResignationType = (typeof RESIGNATION_TYPES)[number];
export const VOLUNTARY_RESIGNATION_TYPES: readonly ResignationType[] = ['voluntary'];

export const resignationTypeNames: Record<ResignationType, string> = {
  voluntary: '主动离职',
  dismissal: '公司辞退',
  probation_failed: '试用期不合格',
  contract_end: '合同到期不续签',
  mutual_agreement: '协商解除',
  retirement: '退休',
};

export const resignationStatusNames: Record<ResignationStatus, string> = {
  approving: '审批中',
  returned: '已退回',
  approved: '待离职',
  scheduled: '待生效',
  completed: '已离职',
  cancelled: '已取消',
};

export const RESIGNATION_EXPLANATION_MAX = 500;
export const RESIGNATION_PROHIBITED_REASON_MAX = 200;
export const RESIGNATION_CANCEL_REASON_MAX = 200;
/** How far back a last working day may go: a departure recorded late, not history rewritten. */
export const RESIGNATION_BACKDATE_DAYS_MAX = 30;
/** How far back an application date may go. */
export const RESIGNATION_APPLIED_DAYS_MAX = 90;

/**
 * Who inherits a leaver's customers and group chats by default (the handover dialog proposes them): the
 * store's sales manager, or a colleague chosen in the setting.
 */
export const INHERITOR_RULES = ['sales_manager', 'chosen'] as const;
export type InheritorRule = (typeof INHERITOR_RULES)[number];
/** The message customers receive when their consultant's customers are handed over (the platform's limit). */
export const NOTIFY_TEXT_MAX = 200;
export const DEFAULT_NOTIFY_TEXT = '您好，您的专属顾问已离职，后续将由新的顾问继续为您服务，感谢您的信任。';

/** The list's handover filter: something still to hand over, or everything handed over. */
export const HANDOVER_FILTERS = ['open', 'settled'] as const;
export type HandoverFilter = (typeof HANDOVER_FILTERS)[number];

export const resignationLabels = {
  resignation: '离职记录',
  employee: '离职人员',
  type: '离职类型',
  reason: '离职原因',
  destination: '离职去向',
  appliedOn: '申请日期',
  lastDay: '最后工作日',
  explanation: '说明',
  addProhibited: '加入禁用名单',
  prohibitedReason: '禁用原因',
  cancelReason: '取消原因',
  keyword: '关键字',
  store: '门店',
  status: '状态',
  handover: '交接状态',
  requireHandover: '须完成交接',
  inheritorRule: '默认接替人',
  inheritor: '指定接替人',
  notifyCustomers: '通知客户',
  notifyText: '通知内容',
} as const;

export const resignationMessages = {
  notFound: '离职记录不存在',
  notOnStaff: '该员工不在职，不能办理离职',
  noMainPost: '该员工没有在岗的主岗位',
  inProgress: '该员工已有进行中的离职',
  transferInProgress: '该员工有进行中的调岗，请先取消调岗',
  dispatchPending: '该员工有尚未开始的外派，请先取消外派',
  reasonInvalid: '离职原因不存在',
  destinationInvalid: '离职去向不存在',
  lastDayBeforeApplied: '最后工作日不能早于申请日期',
  lastDayBeforeEntry: (entry: string) => `最后工作日不能早于入职日期（${entry}）`,
  lastDayTooEarly: `最后工作日最早为 ${RESIGNATION_BACKDATE_DAYS_MAX} 天前`,
  lastDayBeforePost: (start: string) => `最后工作日不能早于其在岗岗位的开始日期（${start}）`,
  appliedTooEarly: `申请日期最早为 ${RESIGNATION_APPLIED_DAYS_MAX} 天前`,
  appliedInFuture: '申请日期不能晚于今天',
  prohibitedReasonRequired: '加入禁用名单时请填写禁用原因',
  prohibitedNotAllowed: '你没有将离职人员加入禁用名单的权限',
  notEditable: '只有被退回的离职可以修改',
  notCancellable: '该离职已完成或已取消，不能取消',
  notApproved: '离职审批通过后才能办理离职',
  handoverUnsettled: '该员工的客户与客户群尚未交接完成，不能办理离职',
  inheritorRequired: '请指定接替人',
  inheritorInvalid: '接替人须是在职员工',
  notifyTextRequired: '通知客户时请填写通知内容',
  storeOutsideScope: '门店不存在或不在你的数据权限范围内',
  settingChanged: '该设置刚被他人修改，请刷新后重试',
} as const;
