import { ONBOARDING_STATUSES, onboardingLabels } from '@dealer-hr/shared/onboarding/rules';
import { fieldLabels, selectMessage } from '@dealer-hr/shared/rules';
import { zRequiredSelect } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { dayRangeQuery, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the onboarding routes are the shared contract
// (@dealer-hr/shared/onboarding/contract); what is here reads query strings, on the server's own paging and
// day-range coercion.

const zId = zRequiredSelect;

export const onboardingListQuery = z
  .object({
    ...pagingQuery,
    /** The beginning of the name, or part of the phone. */
    keyword: zFilterText(onboardingLabels.keyword),
    status: z.enum(ONBOARDING_STATUSES, { error: selectMessage(fieldLabels.status) }).optional(),
    store_id: zId(fieldLabels.store).optional(),
    /** Only entries waiting for the caller's own approval (the `/processapproval/inductionfirst` page). */
    awaiting_me: z
      .enum(['1', '0', 'true', 'false'])
      .optional()
      .transform((value) => value === '1' || value === 'true'),
    /** Days the entries were started, in the caller's time zone. */
    ...dayRangeQuery,
  })
  .superRefine(refineDayRange);
export type OnboardingListQuery = z.infer<typeof onboardingListQuery>;

export const onboardingIdQuery = z.object({ id: zId(onboardingLabels.entry) });
