// The health check's answer (`GET /api/health`). The server documents with it; a client only imports its
// type (`import type`). It is the whole envelope, 200 or 503 alike.
import { z } from 'zod';
import { DATABASE_STATES } from './rules';

export const healthAnswer = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.object({ db: z.enum(DATABASE_STATES) }),
});
export type HealthAnswer = z.infer<typeof healthAnswer>;

/**
 * Readiness (`GET /api/ready`): whether a proxy should send this instance traffic. False (HTTP 503) while it
 * migrates, while its database is away, and once it is stopping; `GET /api/live` only says the process runs.
 */
export const readyAnswer = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.object({ ready: z.boolean(), db: z.enum(DATABASE_STATES) }),
});
export type ReadyAnswer = z.infer<typeof readyAnswer>;
