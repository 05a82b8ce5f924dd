// The health check (`GET /api/health`, docs/api.md "Session routes"): its states and message as plain
// constants, free of zod; the zod schema built on them is in ./contract.

/** The database as the check found it: answered (`ok`, HTTP 200) or not (`down`, HTTP 503). */
export const DATABASE_STATES = ['ok', 'down'] as const;
export type DatabaseState = (typeof DATABASE_STATES)[number];

export const healthMessages = {
  down: '数据库不可用',
  /** Answered for every request while the instance migrates its database or waits for another to. */
  starting: '服务正在启动，请稍候',
  /** Answered by `/api/ready` while the instance finishes its requests before it stops. */
  stopping: '服务正在停止',
} as const;
