// The roles domain's limits, labels and messages (docs/domain.md "Roles and permissions"): plain constants,
// free of zod, so the web imports them directly; the zod schemas built on them are in ./contract.
import { MAX_PAGE_SIZE } from '../constants';
import { maxLengthMessage } from '../rules';

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
export const MAX_IDS = 2_000;
export const ROLE_SORT_MAX = 9_999;
/** A role key: a letter, then letters, digits, `_`, `-` and `:`. */
export const ROLE_KEY_PATTERN = /^[A-Za-z][\w:-]*$/;

export const roleMessages = {
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
export type RoleStatus = (typeof roleStatuses)[number];
export const dataScopes = ['all', 'subtree'] as const;
export type DataScope = (typeof dataScopes)[number];
