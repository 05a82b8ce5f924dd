/**
 * Mutual-exclusion rules: named people (relatives, for instance) who may not work in the same store or
 * department, and pairs of posts one person may not hold together. Checked at onboarding and transfer. The
 * kinds, limits, labels and messages as plain constants, free of zod, so the web imports them directly; the zod
 * schemas built on them are in ./contract.
 */

export const EXCLUSION_KINDS = ['people', 'posts'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/** Where named people may not meet. */
export const EXCLUSION_SCOPES = ['store', 'department'] as const;
export type ExclusionScope = (typeof EXCLUSION_SCOPES)[number];

export const EXCLUSION_STATUSES = ['active', 'disabled'] as const;
export type ExclusionStatus = (typeof EXCLUSION_STATUSES)[number];

export const EXCLUSION_MEMBERS_MAX = 20;
/** The fewest people a people rule names. */
export const EXCLUSION_MEMBERS_MIN = 2;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 200;

export const exclusionLabels = {
  rule: '互斥规则',
  name: '规则名称',
  kind: '规则类型',
  scope: '互斥范围',
  firstPost: '岗位一',
  secondPost: '岗位二',
  members: '互斥人员',
  description: '说明',
  status: '状态',
  keyword: '关键字',
  store: '门店',
  department: '部门',
  post: '岗位',
} as const;

export const exclusionMessages = {
  notFound: '互斥规则不存在',
  membersTooFew: '人员互斥规则至少需要两名人员',
  membersTooMany: `互斥人员不能超过${EXCLUSION_MEMBERS_MAX}名`,
  memberRepeated: '同一证件号码不能重复添加',
  postsSame: '请选择两个不同的岗位',
  postInvalid: '岗位不存在',
  nameTaken: '互斥规则名称已存在',
  /** Why a person may not be placed: the other person, the rule, and where they would meet. */
  peopleBlocked: (other: string, rule: string, scope: ExclusionScope) =>
    `与${other}存在互斥关系（${rule}），不能在同一${scope === 'store' ? '门店' : '部门'}任职`,
  postsBlocked: (first: string, second: string, rule: string) =>
    `岗位“${first}”与“${second}”互斥（${rule}），不能由同一人兼任`,
} as const;
