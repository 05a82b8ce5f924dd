// The audit log's answer schemas (`/api/auth/audit/*`). The server validates and documents with them; the
// web only imports their types (`import type`), so zod stays out of its bundle. Query strings are the
// server's own.
import { z } from 'zod';

export const auditUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    /** The employee's name when the account has one, else the account's display name. */
    name: z.string(),
  })
  .nullable();
export type AuditUser = NonNullable<z.infer<typeof auditUser>>;

export const auditRow = z.object({
  id: z.number().int(),
  /** Null for a change the system made (no signed-in user). */
  user: auditUser,
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  /** Names of the fields the row records, sorted: the changed ones of an update, all of a create or delete. */
  changed_fields: z.array(z.string()),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditDetail = auditRow.extend({
  /** The record before the change (changed fields only for an update); null for a create. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The record after the change (changed fields only for an update); null for a delete. */
  after: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
});
export type AuditDetail = z.infer<typeof auditDetail>;

/** What the filter selects offer: the entities and actions the log holds. */
export const auditFilters = z.object({ entities: z.array(z.string()), actions: z.array(z.string()) });
export type AuditFilters = z.infer<typeof auditFilters>;
