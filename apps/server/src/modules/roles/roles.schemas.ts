import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { maxLengthMessage, selectMessage } from '@dealer-hr/shared/rules';
import { MAX_ID } from '@dealer-hr/shared/rules';
import { zId, zRequiredString } from '@dealer-hr/shared/validation';
import { z } from 'zod';

/** Labels of the role form; the Chinese messages the client shows on its fields are built from them. */
export const roleLabels = {
  key: '角色标识',
  name: '角色名称',
  description: '描述',
  status: '状态',
  dataScope: '数据范围',
  sort: '排序',
  role: '角色',
  menus: '菜单权限',
  roles: '角色',
  post: '岗位',
  user: '用户',
} as const;

export const ROLE_KEY_MAX = 50;
export const ROLE_NAME_MAX = 50;
export const ROLE_DESCRIPTION_MAX = 200;
export const REASON_MAX = 200;
/** A grant names at most this many items: the whole menu of the product is a few hundred. */
const MAX_IDS = 2_000;

export const messages = {
  keyFormat: '角色标识只能包含字母、数字、下划线、短横线和冒号，且以字母开头',
  sortInvalid: '排序必须是 0 到 9999 之间的整数',
  pageInvalid: '页码必须是正整数',
  limitInvalid: `每页条数必须是 1 到 ${MAX_PAGE_SIZE} 之间的整数`,
  idsInvalid: (label: string) => `${label}必须是由正整数 id 组成的列表`,
  tooManyIds: (label: string) => `${label}一次最多 ${MAX_IDS} 项`,
  freezeReason: '请填写冻结原因',
  thawReason: '请填写解冻原因',
  freezeReasonTooLong: maxLengthMessage('冻结原因', REASON_MAX),
  thawReasonTooLong: maxLengthMessage('解冻原因', REASON_MAX),
} as const;

export const roleStatuses = ['active', 'disabled'] as const;
export const dataScopes = ['all', 'subtree'] as const;

/** A positive integer id in a query string (`?id=3`) or a JSON body. */

/** A list of ids; duplicates are dropped, the order of first appearance kept. */
const zIdList = (label: string) =>
  z
    .array(z.number().int().positive().max(MAX_ID), { error: messages.idsInvalid(label) })
    .max(MAX_IDS, { error: messages.tooManyIds(label) })
    .transform((ids) => [...new Set(ids)]);

/** A query number (`?page=2`) or absent. */
const zQueryInt = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .default(fallback),
  ) as z.ZodType<number, unknown>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: maxLengthMessage(label, max) });

export const roleListQuery = z.object({
  page: zQueryInt(messages.pageInvalid, 1, 1_000_000, 1),
  limit: zQueryInt(messages.limitInvalid, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  /** Part of the name or the key. */
  name: optionalText(roleLabels.name, ROLE_NAME_MAX).optional(),
  status: z.enum(roleStatuses, { error: selectMessage(roleLabels.status) }).optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

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
    (value) => /^[A-Za-z][\w:-]*$/.test(value),
    { error: messages.keyFormat },
  ),
  name: zRequiredString(roleLabels.name, { max: ROLE_NAME_MAX }),
  description: optionalText(roleLabels.description, ROLE_DESCRIPTION_MAX),
  status: z.enum(roleStatuses, { error: selectMessage(roleLabels.status) }),
  dataScope: z.enum(dataScopes, { error: selectMessage(roleLabels.dataScope) }),
  sort: z
    .number({ error: messages.sortInvalid })
    .int({ error: messages.sortInvalid })
    .min(0, { error: messages.sortInvalid })
    .max(9_999, { error: messages.sortInvalid }),
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
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;

export const idBody = z.object({ id: zId(roleLabels.role) });
export const idQuery = z.object({ id: zId(roleLabels.role) });

export const roleMenusBody = z.object({
  id: zId(roleLabels.role),
  menu_ids: zIdList(roleLabels.menus),
});
export type RoleMenusBody = z.infer<typeof roleMenusBody>;

export const postIdQuery = z.object({ post_id: zId(roleLabels.post) });

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
  reason: reason(messages.freezeReason, messages.freezeReasonTooLong),
});
export const thawBody = z.object({
  id: zId(roleLabels.user),
  reason: reason(messages.thawReason, messages.thawReasonTooLong),
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
