import { zRequiredSelect } from '@dealer-hr/shared/validation';
import { z } from 'zod';
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
  from: '开始日期',
  to: '结束日期',
} as const;

export const auditMessages = {
  userIdInvalid: '用户格式不正确',
  dateInvalid: (label: string) => `${label}格式不正确，应为 YYYY-MM-DD`,
  rangeReversed: '开始日期不能晚于结束日期',
  timeZoneInvalid: '时区不正确',
  notFound: '日志不存在',
} as const;

/** Where the calendar days of `from` and `to` begin when the caller does not say (mainland China, no DST). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const optionalDate = (label: string) =>
  z
    .string({ error: auditMessages.dateInvalid(label) })
    .trim()
    .optional()
    .refine((value) => !value || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value)), {
      error: auditMessages.dateInvalid(label),
    })
    .transform((value) => value || undefined);

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

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
    /** First calendar day, inclusive. */
    from: optionalDate(auditLabels.from),
    /** Last calendar day, inclusive. */
    to: optionalDate(auditLabels.to),
    /** IANA time zone the days are read in (the browser's); default Asia/Shanghai. */
    tz: z
      .string({ error: auditMessages.timeZoneInvalid })
      .trim()
      .max(64, { error: auditMessages.timeZoneInvalid })
      .optional()
      .refine((value) => !value || isTimeZone(value), { error: auditMessages.timeZoneInvalid })
      .transform((value) => value || DEFAULT_TIME_ZONE),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: auditMessages.rangeReversed });
    }
  });
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
