// The posts routes' request and answer schemas (`/api/auth/posts/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle. The list's
// query string is the server's own: it is built on its query-string coercion.
import { maxLengthMessage, requiredMessage, selectMessage } from '../rules';
import { zId, zRequiredString } from '../validation';
import { z } from 'zod';
import {
  CODE_MAX,
  DESCRIPTION_MAX,
  NAME_MAX,
  POST_CODE_PATTERN,
  SORT_MAX,
  postLabels,
  postMessages,
  postStatuses,
} from './rules';

/** An optional dictionary item: absent or null clears it. */
const zOptionalId = (label: string) => zId(label).nullable().optional();

const zCode = zRequiredString(postLabels.code, { max: CODE_MAX }).refine(
  (value) => POST_CODE_PATTERN.test(value),
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
) as z.ZodType<number, number | string>;
export const zPostStatus = z.enum(postStatuses, { error: selectMessage(postLabels.status) });
const zIsMain = z.boolean({ error: postMessages.isMainInvalid });

/** A row of `GET posts/index`. */
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
  status: zPostStatus.optional().default('active'),
  description: zDescription.optional().default(''),
});
export type PostStoreInput = z.input<typeof postStoreBody>;
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
  status: zPostStatus.optional(),
  description: zDescription.optional(),
});
export type PostUpdateInput = z.input<typeof postUpdateBody>;
export type PostUpdateBody = z.infer<typeof postUpdateBody>;

export const postIdBody = z.object({ id: zId(postLabels.post) });
