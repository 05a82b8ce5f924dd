// The roles routes' request and answer schemas (`/api/auth/roles/*`, `posts/roles`, `users/roles`, account
// freezing). The server validates and documents with them; the web only imports their types
// (`import type`), so zod stays out of its bundle. Query strings are the server's own.
import { MAX_ID, maxLengthMessage, selectMessage } from '../rules';
import { zId, zRequiredString } from '../validation';
import { z } from 'zod';
import {
  MAX_IDS,
  REASON_MAX,
  ROLE_DESCRIPTION_MAX,
  ROLE_KEY_MAX,
  ROLE_KEY_PATTERN,
  ROLE_NAME_MAX,
  ROLE_SORT_MAX,
  dataScopes,
  roleLabels,
  roleMessages,
  roleStatuses,
} from './rules';

/** A list of ids; duplicates are dropped, the order of first appearance kept. */
const zIdList = (label: string) =>
  z
    .array(z.number().int().positive().max(MAX_ID), { error: roleMessages.idsInvalid(label) })
    .max(MAX_IDS, { error: roleMessages.tooManyIds(label) })
    .transform((ids) => [...new Set(ids)]);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: maxLengthMessage(label, max) });

export const roleRow = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(roleStatuses),
  isSuper: z.boolean(),
  dataScope: z.enum(dataScopes),
  sort: z.number().int(),
  /** Users holding the role directly (not through a post). */
  userCount: z.number().int(),
  /** Posts carrying the role. */
  postCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

const roleFields = {
  key: zRequiredString(roleLabels.key, { max: ROLE_KEY_MAX }).refine(
    (value) => ROLE_KEY_PATTERN.test(value),
    { error: roleMessages.keyFormat },
  ),
  name: zRequiredString(roleLabels.name, { max: ROLE_NAME_MAX }),
  description: optionalText(roleLabels.description, ROLE_DESCRIPTION_MAX),
  status: z.enum(roleStatuses, { error: selectMessage(roleLabels.status) }),
  dataScope: z.enum(dataScopes, { error: selectMessage(roleLabels.dataScope) }),
  sort: z
    .number({ error: roleMessages.sortInvalid })
    .int({ error: roleMessages.sortInvalid })
    .min(0, { error: roleMessages.sortInvalid })
    .max(ROLE_SORT_MAX, { error: roleMessages.sortInvalid }),
};

/** `POST roles/store`: key and name are required; the rest have defaults. */
export const roleCreateBody = z.object({
  key: roleFields.key,
  name: roleFields.name,
  description: roleFields.description.default(''),
  status: roleFields.status.default('active'),
  dataScope: roleFields.dataScope.default('subtree'),
  sort: roleFields.sort.default(0),
});
export type RoleCreateInput = z.input<typeof roleCreateBody>;
export type RoleCreateBody = z.infer<typeof roleCreateBody>;

/** `PUT roles/update`: the id and the fields to change (the form sends all of them). */
export const roleUpdateBody = z.object({
  id: zId(roleLabels.role),
  key: roleFields.key.optional(),
  name: roleFields.name.optional(),
  description: roleFields.description.optional(),
  status: roleFields.status.optional(),
  dataScope: roleFields.dataScope.optional(),
  sort: roleFields.sort.optional(),
});
export type RoleUpdateInput = z.input<typeof roleUpdateBody>;
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;

export const idBody = z.object({ id: zId(roleLabels.role) });

export const roleMenusBody = z.object({
  id: zId(roleLabels.role),
  menu_ids: zIdList(roleLabels.menus),
});
export type RoleMenusBody = z.infer<typeof roleMenusBody>;

export const postRolesBody = z.object({
  post_id: zId(roleLabels.post),
  role_ids: zIdList(roleLabels.roles),
});
export type PostRolesBody = z.infer<typeof postRolesBody>;

export const userRolesBody = z.object({
  user_id: zId(roleLabels.user),
  role_ids: zIdList(roleLabels.roles),
});
export type UserRolesBody = z.infer<typeof userRolesBody>;

const reason = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(REASON_MAX, { error: tooLong });

export const freezeBody = z.object({
  id: zId(roleLabels.user),
  reason: reason(roleMessages.freezeReason, roleMessages.freezeReasonTooLong),
});
export const thawBody = z.object({
  id: zId(roleLabels.user),
  reason: reason(roleMessages.thawReason, roleMessages.thawReasonTooLong),
});
export type FreezeBody = z.infer<typeof freezeBody>;

export const idList = z.array(z.number().int());

export const postOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** Roles the post carries, so the post-roles table needs one request. */
  role_ids: z.array(z.number().int()),
});
export type PostOption = z.infer<typeof postOption>;

export const userRolesAnswer = z.object({ user_id: z.number().int(), role_ids: z.array(z.number().int()) });
export const userStatusAnswer = z.object({
  id: z.number().int(),
  status: z.enum(['active', 'frozen']),
  frozenReason: z.string().nullable(),
  /** Open sessions ended by a freeze. */
  revokedSessions: z.number().int(),
});
