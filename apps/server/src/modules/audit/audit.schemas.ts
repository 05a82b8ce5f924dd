import { auditLabels, auditMessages } from '@dealer-hr/shared/audit/rules';
import { zRequiredSelect } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { dayRangeQuery, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

/** Ids are PostgreSQL `integer`s (users) and `bigint`s (audit rows) kept below JavaScript's safe range. */
const MAX_USER_ID = 2_147_483_647;

// The answers of the audit routes are the shared contract (@dealer-hr/shared/audit/contract); what is here
// reads query strings, on the server's own paging and day-range coercion.

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

export const auditDetailQuery = z.object({
  id: zRequiredSelect(auditLabels.log).refine((value) => (value as number) <= Number.MAX_SAFE_INTEGER, {
    error: `请选择${auditLabels.log}`,
  }) as z.ZodType<number, unknown>,
});
