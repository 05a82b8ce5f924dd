import { ROTATION_PLAN_STATUSES, rotationLabels } from '@dealer-hr/shared/rotation/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the rotation routes are the shared contract (@dealer-hr/shared/rotation/contract);
// what is here reads query strings.

export const rotationListQuery = z.object({
  ...pagingQuery,
  /** The beginning of the person's name (characters or pinyin), initials or employee number. */
  keyword: zFilterText(rotationLabels.keyword),
  /** Plans with a stage at this store. */
  store_id: zId(rotationLabels.store).optional(),
  status: z.enum(ROTATION_PLAN_STATUSES, { error: selectMessage(rotationLabels.status) }).optional(),
});
export type RotationListQuery = z.infer<typeof rotationListQuery>;

export const rotationIdQuery = z.object({ id: zId(rotationLabels.plan) });

export const rotationPeopleQuery = z.object({ keyword: zFilterText(rotationLabels.keyword) });
