import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { MAX_ID } from '@dealer-hr/shared/rules';
import { zId, zPassword, zUsername } from '@dealer-hr/shared/validation';

/** Longest filter text worth searching for; longer input is refused rather than scanned. */
const MAX_FILTER = 50;

const PAGE_INVALID = '页码须为正整数';
const LIMIT_INVALID = `每页条数须为 1-${MAX_PAGE_SIZE} 之间的整数`;
const STATUS_INVALID = '状态只能为 active（正常）或 frozen（已冻结）';
const ID_INVALID = (label: string) => `${label}格式不正确`;
const FILTER_TOO_LONG = (label: string) => `${label}不能超过${MAX_FILTER}个字符`;

type AccountStatus = 'active' | 'frozen';

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

export const accountRow = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The employee's name when the account has one, else the account's own display name. */
  name: z.string(),
  employee: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
  /** Title of the employee's current main post. */
  postTitle: z.string().nullable(),
  /** Store of that post (null at head office). */
  storeName: z.string().nullable(),
  departmentName: z.string().nullable(),
  status: z.enum(['active', 'frozen']),
  frozenReason: z.string().nullable(),
  isSale: z.boolean(),
  /** ISO-8601 instant. */
  lastLoginAt: z.string().nullable(),
  /** Names of the roles granted to the account directly (post roles are in `accounts/access`). */
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AccountRow = z.infer<typeof accountRow>;

export const createBody = z.object({
  employee_id: recordId('员工'),
  username: zUsername,
  password: zPassword,
  is_sale: z.boolean({ error: '是否销售须为布尔值' }).optional().default(false),
});
export type CreateBody = z.infer<typeof createBody>;

export const created = z.object({ id: z.number().int(), username: z.string() });

export const passwordBody = z.object({
  id: recordId('用户'),
  password: zPassword,
});
export type PasswordBody = z.infer<typeof passwordBody>;

export const passwordAnswer = z.object({
  id: z.number().int(),
  /** How many open sessions of the user were ended. */
  sessionsEnded: z.number().int(),
});

export const idQuery = z.object({ id: recordId('用户') });

export const employeesQuery = z.object({ keyword: optionalText('关键字') });

export const employeeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  employeeNo: z.string(),
  postTitle: z.string().nullable(),
  storeName: z.string().nullable(),
  departmentName: z.string().nullable(),
});
export type EmployeeOption = z.infer<typeof employeeOption>;

const option = z.object({ id: z.number().int(), name: z.string() });

export const filterOptions = z.object({
  /** Stores inside the caller's data scope. */
  stores: z.array(option),
  /** Enabled posts (posts are not bound to a department). */
  posts: z.array(option),
});
export type FilterOptions = z.infer<typeof filterOptions>;

const permission = z.object({
  /** The permission name, e.g. `system:users:freeze`. */
  name: z.string(),
  /** Where it sits in the menu: `系统管理 / 用户管理 / 冻结`. */
  title: z.string(),
});
export type PermissionEntry = z.infer<typeof permission>;

export const roleSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('direct') }),
  z.object({
    type: z.literal('post'),
    postId: z.number().int(),
    postName: z.string(),
    departmentId: z.number().int(),
    departmentName: z.string(),
    /** Main post, or a part-time one. */
    isMain: z.boolean(),
  }),
]);
export type RoleSource = z.infer<typeof roleSource>;

export const accessAnswer = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    status: z.enum(['active', 'frozen']),
    isSale: z.boolean(),
  }),
  /** A super-admin role is among the effective ones: every permission. */
  isSuper: z.boolean(),
  /** Group-wide data scope (a super-admin or `all` role), else the subtrees of the user's posts. */
  dataScope: z.enum(['all', 'subtree']),
  roles: z.array(
    z.object({
      id: z.number().int(),
      key: z.string(),
      name: z.string(),
      /** A disabled role is listed with its sources but grants nothing. */
      status: z.enum(['active', 'disabled']),
      isSuper: z.boolean(),
      dataScope: z.enum(['all', 'subtree']),
      sources: z.array(roleSource),
      permissions: z.array(permission),
    }),
  ),
  /** The union over the active roles: what the user may do. */
  permissions: z.array(permission),
});
export type AccessAnswer = z.infer<typeof accessAnswer>;
