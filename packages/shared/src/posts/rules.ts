// The posts domain's limits, labels and messages (docs/domain.md "Posts"): plain constants, free of zod, so
// the web imports them directly; the zod schemas built on them are in ./contract.

export const CODE_MAX = 50;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 200;
export const SORT_MAX = 999_999;

/** A post code: letters, digits, `_` and `-`, beginning with a letter or a digit. */
export const POST_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export const postLabels = {
  post: '岗位',
  code: '岗位编码',
  name: '岗位名称',
  postType: '岗位类型',
  category: '岗位类别',
  isMain: '是否主岗',
  sort: '排序',
  status: '状态',
  description: '描述',
  keyword: '关键字',
} as const;

export const postMessages = {
  codeFormat: '岗位编码只能包含字母、数字、下划线和短横线，且以字母或数字开头',
  sortInvalid: `排序必须是 0 到 ${SORT_MAX} 之间的整数`,
  isMainInvalid: '是否主岗只能是 true 或 false',
  descriptionInvalid: '描述格式不正确',
  notFound: '岗位不存在',
  codeTaken: '岗位编码已存在',
  postTypeInvalid: '岗位类型不存在或已停用',
  categoryInvalid: '岗位类别不存在或已停用',
  inUse: '岗位已被使用（存在任职记录或编制计划），不能删除，请改为停用',
} as const;

export const postStatuses = ['active', 'disabled'] as const;
export type PostStatus = (typeof postStatuses)[number];
