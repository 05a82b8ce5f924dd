import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { MAX_ID } from '@dealer-hr/shared/rules';
import type { AccountStatus } from '@dealer-hr/shared/accounts/rules';
import { zId } from '@dealer-hr/shared/validation';

// The bodies and answers of the accounts routes are the shared contract
// (@dealer-hr/shared/accounts/contract); what is here reads query strings.

/** Longest filter text worth searching for; longer input is refused rather than scanned. */
const MAX_FILTER = 50;

const PAGE_INVALID = '页码须为正整数';
const LIMIT_INVALID = `每页条数须为 1-${MAX_PAGE_SIZE} 之间的整数`;
const STATUS_INVALID = '状态只能为 active（正常）或 frozen（已冻结）';
const ID_INVALID = (label: string) => `${label}格式不正确`;
const FILTER_TOO_LONG = (label: string) => `${label}不能超过${MAX_FILTER}个字符`;

/** A positive integer id in a query string: absent or empty means "no filter". */
const optionalId = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (/^\d+$/.test(value) && Number(value) > 0 && Number(value) <= MAX_ID), {
      error: ID_INVALID(label),
    })
    .transform((value) => (value ? Number(value) : undefined));

/** Free text in a query string: trimmed, empty means "no filter". */
const optionalText = (label: string) =>
  z
    .string()
    .trim()
    .max(MAX_FILTER, { error: FILTER_TOO_LONG(label) })
    .optional()
    .transform((value) => value || undefined);

/** A required record id: a positive integer within `integer` (a digit string in a query). */
const recordId = zId;

export const listQuery = z.object({
  page: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,8}$/, { error: PAGE_INVALID })
    .optional()
    .transform((value) => (value ? Number(value) : 1)),
  limit: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, { error: LIMIT_INVALID })
    .optional()
    .transform((value) => (value ? Number(value) : DEFAULT_PAGE_SIZE))
    .refine((value) => value >= 1 && value <= MAX_PAGE_SIZE, { error: LIMIT_INVALID }),
  /** Account name, employee name or username, contains (case-insensitive). */
  name: optionalText('姓名'),
  /** The employee's phone, contains. */
  phone: optionalText('手机号码'),
  /** The store of the employee's main post. */
  store_id: optionalId('门店'),
  /** The employee's main post. */
  post_id: optionalId('岗位'),
  status: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || value === 'active' || value === 'frozen', { error: STATUS_INVALID })
    .transform((value) => (value || undefined) as AccountStatus | undefined),
});
export type ListQuery = z.infer<typeof listQuery>;

export const idQuery = z.object({ id: recordId('用户') });

export const employeesQuery = z.object({ keyword: optionalText('关键字') });
