import { z } from 'zod';

/** The success envelope every route answers with; `data` is described by the route's own schema. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(200), message: z.string(), data });

export const ok = <T>(data: T) => ({ code: 200 as const, message: 'ok', data });

/** Paged list answer of the contract: `data: { data: rows[], total }`. */
export const page = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int() });
