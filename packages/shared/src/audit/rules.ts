// The audit log's labels and messages: plain constants, free of zod, so the web may import them directly;
// the zod schemas of its answers are in ./contract.

export const auditLabels = {
  log: '日志',
  user: '用户',
  username: '用户名',
  entity: '对象',
  action: '操作',
  entityId: '对象 ID',
} as const;

export const auditMessages = {
  userIdInvalid: '用户格式不正确',
  notFound: '日志不存在',
} as const;

/**
 * What the audit log records: every kind of record it names and every action it names. The server's
 * writes are typed with these lists, and the web has a label for each in every language (a tooling test
 * checks both), so the log never shows a code to its reader.
 */
export const AUDIT_ENTITIES = [
  'approval_flow',
  'attendance_correction',
  'attendance_day',
  'attendance_group',
  'attendance_month',
  'attendance_schedule',
  'attendance_shift',
  'holiday',
  'leave_request',
  'leave_ledger',
  'overtime_request',
  'clock_point',
  'department',
  'dictionary_type',
  'dictionary_item',
  'dispatch',
  'employee',
  'exclusion_rule',
  'headcount_plan',
  'job_transfer',
  'menu',
  'onboarding',
  'post',
  'post_roles',
  'prohibited_entry',
  'resignation',
  'resignation_setting',
  'role',
  'role_menus',
  'rotation_plan',
  'rotation_stage',
  'store',
  'training_course',
  'user',
  'user_roles',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'reject',
  'withdraw',
  'submit',
  'refill',
  'save_personal',
  'save_documents',
  'save_contract',
  'dismiss',
  'dismiss_request',
  'enable',
  'disable',
  'move',
  'import',
  'sort',
  'grant',
  'freeze',
  'thaw',
  'reset_password',
  'rehire',
  'end_employment',
  'reveal_id_number',
  'export_id_numbers',
  'save_records',
  'import_records',
  'apply',
  'cancel',
  'start',
  'end',
  'return',
  'extend',
  'evaluate',
  'hand_over',
  'explain',
  'lock',
  'unlock',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
