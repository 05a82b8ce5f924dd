// The health check (`GET /api/health`, docs/api.md "Session routes"): its states and message as plain
// constants, free of zod; the zod schema built on them is in ./contract.

/** The database as the check found it: answered (`ok`, HTTP 200) or not (`down`, HTTP 503). */
export const DATABASE_STATES = ['ok', 'down'] as const;
export type DatabaseState = (typeof DATABASE_STATES)[number];

export const healthMessages = {
  down: '数据库不可用',
} as const;
