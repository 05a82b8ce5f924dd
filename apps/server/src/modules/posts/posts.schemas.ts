import { requiredMessage, selectMessage } from '@dealer-hr/shared/rules';
import { zId, zRequiredString } from '@dealer-hr/shared/validation';
import { maxLengthMessage } from '@dealer-hr/shared/rules';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

export const CODE_MAX = 50;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 200;
export const SORT_MAX = 999_999;

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

/** An optional dictionary item: absent or null clears it. */
const zOptionalId = (label: string) => zId(label).nullable().optional();

const zCode = zRequiredString(postLabels.code, { max: CODE_MAX }).refine(
  (value) => /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(value),
  { error: postMessages.codeFormat },
);
const zName = zRequiredString(postLabels.name, { max: NAME_MAX });
const zDescription = z
  .string({ error: postMessages.descriptionInvalid })
  .trim()
  .max(DESCRIPTION_MAX, { error: maxLengthMessage(postLabels.description, DESCRIPTION_MAX) });
/** A JSON number, or the digits a form may send as text. */
const zSort = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage(postLabels.sort)
          : postMessages.sortInvalid,
    })
    .int({ error: postMessages.sortInvalid })
    .min(0, { error: postMessages.sortInvalid })
    .max(SORT_MAX, { error: postMessages.sortInvalid }),
) as z.ZodType<number, unknown>;
const zStatus = z.enum(postStatuses, { error: selectMessage(postLabels.status) });
const zIsMain = z.boolean({ error: postMessages.isMainInvalid });

/** `1`/`0` (or `true`/`false`) in a query string; absent means no filter. */
const zQueryFlag = z
  .enum(['1', '0', 'true', 'false'], { error: postMessages.isMainInvalid })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === '1' || value === 'true'));

export const postListQuery = z.object({
  ...pagingQuery,
  /** Part of the name or the code. */
  keyword: zFilterText(postLabels.keyword),
  post_type_id: zId(postLabels.postType).optional(),
  category_id: zId(postLabels.category).optional(),
  is_main: zQueryFlag,
  status: zStatus.optional(),
});
export type PostListQuery = z.infer<typeof postListQuery>;

export const postRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  post_type_id: z.number().int().nullable(),
  post_type_name: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  is_main: z.boolean(),
  sort: z.number().int(),
  status: z.enum(postStatuses),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PostRow = z.infer<typeof postRow>;

export const mainPostOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type MainPostOption = z.infer<typeof mainPostOption>;

export const postStoreBody = z.object({
  code: zCode,
  name: zName,
  post_type_id: zOptionalId(postLabels.postType),
  category_id: zOptionalId(postLabels.category),
  is_main: zIsMain.optional().default(false),
  sort: zSort.optional().default(0),
  status: zStatus.optional().default('active'),
  description: zDescription.optional().default(''),
});
export type PostStoreBody = z.infer<typeof postStoreBody>;

/** Fields left out keep their value; `null` clears a dictionary field. */
export const postUpdateBody = z.object({
  id: zId(postLabels.post),
  code: zCode.optional(),
  name: zName.optional(),
  post_type_id: zOptionalId(postLabels.postType),
  category_id: zOptionalId(postLabels.category),
  is_main: zIsMain.optional(),
  sort: zSort.optional(),
  status: zStatus.optional(),
  description: zDescription.optional(),
});
export type PostUpdateBody = z.infer<typeof postUpdateBody>;

export const postIdBody = z.object({ id: zId(postLabels.post) });
