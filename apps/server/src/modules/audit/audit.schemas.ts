import { zRequiredSelect } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { dayRangeQuery, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

/** Ids are PostgreSQL `integer`s (users) and `bigint`s (audit rows) kept below JavaScript's safe range. */
const MAX_USER_ID = 2_147_483_647;

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

export const auditListQuery = z
  .object({
    ...pagingQuery,
    user_id: z
      .string({ error: auditMessages.userIdInvalid })
      .trim()
      .optional()
      .refine(
        (value) => !value || (/^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_USER_ID),
        {
          error: auditMessages.userIdInvalid,
        },
      )
      .transform((value) => (value ? Number(value) : undefined)),
    /** Part of the username or of the person's name. */
    username: zFilterText(auditLabels.username),
    /** Exact entity name ('dictionary_item', 'role'...). */
    entity: zFilterText(auditLabels.entity),
    /** Exact action ('create', 'update', 'delete', 'freeze'...). */
    action: zFilterText(auditLabels.action),
    /** Exact id of the changed record. */
    entity_id: zFilterText(auditLabels.entityId),
    ...dayRangeQuery,
  })
  .superRefine(refineDayRange);
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    /** The employee's name when the account has one, else the account's display name. */
    name: z.string(),
  })
  .nullable();

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

export const auditDetailQuery = z.object({
  id: zRequiredSelect(auditLabels.log).refine((value) => (value as number) <= Number.MAX_SAFE_INTEGER, {
    error: `请选择${auditLabels.log}`,
  }) as z.ZodType<number, unknown>,
});

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
