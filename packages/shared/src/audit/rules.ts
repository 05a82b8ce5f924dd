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
