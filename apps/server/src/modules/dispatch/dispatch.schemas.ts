import { DISPATCH_STATUSES, dispatchLabels } from '@dealer-hr/shared/dispatch/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { calendarDayRange, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the dispatch routes are the shared contract (@dealer-hr/shared/dispatch/contract);
// what is here reads query strings. `from`/`to` select the dispatches whose period meets that range.

export const dispatchListQuery = z
  .object({
    ...pagingQuery,
    /** The beginning of the person's name (characters or pinyin), initials or employee number. */
    keyword: zFilterText(dispatchLabels.keyword),
    home_store_id: zId(dispatchLabels.homeStore).optional(),
    host_store_id: zId(dispatchLabels.hostStore).optional(),
    status: z.enum(DISPATCH_STATUSES, { error: selectMessage(dispatchLabels.status) }).optional(),
    ...calendarDayRange,
  })
  .superRefine(refineDayRange);
export type DispatchListQuery = z.infer<typeof dispatchListQuery>;

export const dispatchIdQuery = z.object({ id: zId(dispatchLabels.dispatch) });

export const dispatchPeopleQuery = z.object({ keyword: zFilterText(dispatchLabels.keyword) });

export const dispatchHostQuery = z.object({ store_id: zId(dispatchLabels.hostStore) });
