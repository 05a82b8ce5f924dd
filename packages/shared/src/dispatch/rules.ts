/**
 * Dispatch (`/api/auth/dispatch/*`, page `/staff/dispatch`): a person is lent to another store for a period
 * and comes back by themselves. Their home post stays theirs; during the period they also hold a post at the
 * host store, so they appear there (its lists and its manager's scope) without counting twice in headcount.
 * Statuses, limits, labels and messages as plain constants, free of zod; the schemas are in ./contract.
 */

/**
 * - `approving`: filed, or an extension filed, and in the `dispatch` approval;
 * - `returned`: rejected or withdrawn before it began, back with the filer to change and file again;
 * - `approved`: approved, waiting for its first day (the daily job starts it);
 * - `active`: at the host store; the daily job ends it the day after its last day;
 * - `ended`: back home (at its end date, earlier by a return, or when the home employment ended);
 * - `cancelled`: stopped before it began.
 */
export const DISPATCH_STATUSES = [
  'approving',
  'returned',
  'approved',
  'active',
  'ended',
  'cancelled',
] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];
/** A person has at most one dispatch in these at a time. */
export const OPEN_DISPATCH_STATUSES = ['approving', 'returned', 'approved', 'active'] as const;
/** The dispatches their filer may still cancel (not yet begun). */
export const CANCELLABLE_DISPATCH_STATUSES = ['approving', 'returned', 'approved'] as const;

/** A secondment is temporary: longer than a year is a transfer. */
export const DISPATCH_DAYS_MAX = 366;
/** How far back a start may go: a secondment recorded late, not history rewritten. */
export const DISPATCH_BACKDATE_DAYS_MAX = 30;
export const DISPATCH_REASON_MAX = 500;
export const DISPATCH_ALLOWANCE_MAX = 200;
export const DISPATCH_CANCEL_REASON_MAX = 200;

export const dispatchLabels = {
  dispatch: '外派记录',
  employee: '外派人员',
  hostStore: '外派门店',
  hostDepartment: '外派部门',
  hostPost: '外派岗位',
  homeStore: '派出门店',
  startDate: '开始日期',
  endDate: '结束日期',
  reason: '外派原因',
  allowanceNote: '补贴说明',
  cancelReason: '取消原因',
  lastDay: '最后外派日',
  extendTo: '延长至',
  extendReason: '延长原因',
  keyword: '关键字',
  status: '状态',
} as const;

export const dispatchMessages = {
  notFound: '外派记录不存在',
  notOnStaff: '该员工不在职，不能外派',
  inProgress: '该员工已有进行中的外派',
  resignationInProgress: '该员工已有进行中的离职，不能外派',
  noMainPost: '该员工没有在岗的主岗位',
  transferInProgress: '该员工有进行中的调岗，请待调岗生效或取消后再外派',
  rotationMovesMain: '该员工的轮岗计划正在轮换主岗，不能外派',
  departmentInactive: '外派部门不存在或已停用',
  notInStore: '外派部门须属于一个门店',
  sameStore: '外派门店不能是员工所在的门店',
  postInactive: '外派岗位不存在或已停用',
  endBeforeStart: '结束日期不能早于开始日期',
  tooLong: `外派期限最长 ${DISPATCH_DAYS_MAX} 天，更长请走调岗`,
  startTooEarly: `开始日期最早为 ${DISPATCH_BACKDATE_DAYS_MAX} 天前`,
  startBeforeHome: (start: string) => `开始日期须晚于主岗位的开始日期（${start}）`,
  notEditable: '只有被退回的外派可以修改',
  notCancellable: '该外派已开始或已结束，不能取消',
  notActive: '只有外派中的记录可以提前返回或延长',
  lastDayInvalid: (earliest: string, end: string) => `最后外派日须不早于 ${earliest}，且早于结束日期 ${end}`,
  extendNotLater: '延长后的结束日期须晚于当前结束日期',
  extensionPending: '该外派的延长申请正在审批中',
  exclusion: (detail: string) => `互斥规则不允许：${detail}`,
} as const;

/** The Chinese names of the statuses (the export and the approval's facts; the web names them in every language). */
export const dispatchStatusNames: Record<DispatchStatus, string> = {
  approving: '审批中',
  returned: '已退回',
  approved: '待开始',
  active: '外派中',
  ended: '已结束',
  cancelled: '已取消',
};

/** Days from the first to the last day, both counted (what the flow's `days` condition tests). */
export function dispatchDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}
