/**
 * Job transfers (`/api/auth/user/job/transfer/*`, pages `/staff/transfer` and `/processapproval/posttransfer`):
 * a person moves from one of their posts to another store, department and post from an effective date,
 * once the `posttransfer` flow approves. Statuses, limits, labels and messages as plain constants, free of zod,
 * so the web imports them directly; the zod schemas built on them are in ./contract.
 */

/**
 * - `approving`: filed and in its approval;
 * - `returned`: rejected or withdrawn, back with the filer to change and file again (or cancel);
 * - `pending`: approved, waiting for its effective date (the daily job applies it);
 * - `effective`: applied: the old assignment ended the day before the effective date, the new one started on it;
 * - `cancelled`: stopped before it took effect.
 */
export const TRANSFER_STATUSES = ['approving', 'returned', 'pending', 'effective', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** A person has at most one transfer in these at a time. */
export const OPEN_TRANSFER_STATUSES = ['approving', 'returned', 'pending'] as const;
/** The transfers their filer may still cancel. */
export const CANCELLABLE_TRANSFER_STATUSES = ['approving', 'returned', 'pending'] as const;

export const TRANSFER_REASON_MAX = 500;
export const CANCEL_REASON_MAX = 200;
/** Files a transfer can carry (an appointment letter, an agreement). */
export const TRANSFER_ATTACHMENTS_MAX = 5;
/** How far back an effective date may go: a move recorded late, not history rewritten. */
export const TRANSFER_BACKDATE_DAYS_MAX = 90;

export const transferLabels = {
  transfer: '调岗记录',
  employee: '调岗人员',
  fromAssignment: '原岗位',
  toStore: '调入门店',
  toDepartment: '调入部门',
  toPost: '调入岗位',
  type: '调岗类型',
  effectiveDate: '生效日期',
  reason: '调岗原因',
  keepPartTime: '原岗位保留为兼职',
  attachments: '附件',
  cancelReason: '取消原因',
  keyword: '关键字',
  fromStore: '调出门店',
  status: '状态',
  comment: '审批意见',
} as const;

export const transferMessages = {
  notFound: '调岗记录不存在',
  notOnStaff: '该员工不在职，不能调岗',
  inProgress: '该员工已有进行中的调岗，请先处理该调岗',
  resignationInProgress: '该员工已有进行中的离职，不能调岗',
  dispatchInProgress: '该员工有进行中或待开始的外派，请先结束或取消外派再调岗',
  assignmentNotFound: '原岗位不存在或已结束',
  samePlace: '调入的部门和岗位与原岗位相同',
  postInactive: '调入岗位不存在或已停用',
  departmentInactive: '调入部门不存在或已停用',
  departmentOutsideStore: '调入部门不在所选门店内',
  outsideScope: '调入部门不在你的数据权限范围内',
  typeInvalid: '调岗类型不存在',
  effectiveBeforeStart: (start: string) => `生效日期须晚于原岗位的开始日期（${start}）`,
  effectiveTooEarly: `生效日期最早为 ${TRANSFER_BACKDATE_DAYS_MAX} 天前`,
  keepPartTimeMain: '只有调整主岗时才能保留原岗位为兼职',
  notEditable: '只有被退回的调岗可以修改',
  notCancellable: '该调岗已生效或已取消，不能取消',
  noTask: '你没有该调岗的待审批任务',
  attachmentInvalid: '附件不存在或不是你上传的文件',
  exclusion: (detail: string) => `互斥规则不允许：${detail}`,
} as const;

/** The transfer types of dictionary 54 as seeded (codes are stable; names may be edited). */
export const TRANSFER_TYPE_CODES = [
  'adjust',
  'promotion',
  'demotion',
  'cross_store',
  'secondment_to_regular',
] as const;

/** The Chinese names of the statuses (the export; the web names them in every language). */
export const transferStatusNames: Record<TransferStatus, string> = {
  approving: '审批中',
  returned: '已退回',
  pending: '待生效',
  effective: '已生效',
  cancelled: '已取消',
};
