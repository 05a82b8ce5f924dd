import { zPostStatus } from '@dealer-hr/shared/posts/contract';
import { postLabels, postMessages } from '@dealer-hr/shared/posts/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the posts routes are the shared contract (@dealer-hr/shared/posts/contract);
// what is here reads the list's query string, on the server's own paging coercion.

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
  status: zPostStatus.optional(),
});
export type PostListQuery = z.infer<typeof postListQuery>;
