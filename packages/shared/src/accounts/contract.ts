// The login accounts' request and answer schemas (`/api/auth/accounts/*`). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of its bundle.
// Query strings (the list's filters, the employee search) are the server's own.
import { zId, zPassword, zUsername } from '../validation';
import { z } from 'zod';
import { ACCOUNT_STATUSES, accountMessages } from './rules';

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
  status: z.enum(ACCOUNT_STATUSES),
  frozenReason: z.string().nullable(),
  isSale: z.boolean(),
  /** ISO-8601 instant. */
  lastLoginAt: z.string().nullable(),
  /** Names of the roles granted to the account directly (post roles are in `accounts/access`). */
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AccountRow = z.infer<typeof accountRow>;

export const createBody = z.object({
  employee_id: zId('员工'),
  username: zUsername,
  password: zPassword,
  is_sale: z.boolean({ error: accountMessages.isSaleInvalid }).optional().default(false),
});
export type CreateInput = z.input<typeof createBody>;
export type CreateBody = z.infer<typeof createBody>;

export const created = z.object({ id: z.number().int(), username: z.string() });
export type Created = z.infer<typeof created>;

export const passwordBody = z.object({
  id: zId('用户'),
  password: zPassword,
});
export type PasswordBody = z.infer<typeof passwordBody>;

export const passwordAnswer = z.object({
  id: z.number().int(),
  /** How many open sessions of the user were ended. */
  sessionsEnded: z.number().int(),
});
export type PasswordAnswer = z.infer<typeof passwordAnswer>;

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
    status: z.enum(ACCOUNT_STATUSES),
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
