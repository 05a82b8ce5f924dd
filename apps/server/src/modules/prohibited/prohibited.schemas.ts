import { zProhibitedIdNumber } from '@dealer-hr/shared/prohibited/contract';
import {
  PROHIBITED_SOURCES,
  PROHIBITED_STATUSES,
  prohibitedLabels,
} from '@dealer-hr/shared/prohibited/rules';
import { fieldLabels, selectMessage } from '@dealer-hr/shared/rules';
import { zRequiredSelect } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { dayRangeQuery, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the prohibited list's routes are the shared contract
// (@dealer-hr/shared/prohibited/contract); what is here reads query strings, on the server's own paging and
// day-range coercion.

export const prohibitedListQuery = z
  .object({
    ...pagingQuery,
    /** Part of the name or the phone. */
    keyword: zFilterText(prohibitedLabels.keyword),
    /** The whole ID number: matched through its blind index, never by a partial text. */
    id_number: zFilterText(fieldLabels.idNumber, 30),
    status: z.enum(PROHIBITED_STATUSES, { error: selectMessage(prohibitedLabels.status) }).optional(),
    source: z.enum(PROHIBITED_SOURCES, { error: selectMessage(prohibitedLabels.source) }).optional(),
    /** Days the entries were added, in the caller's time zone. */
    ...dayRangeQuery,
  })
  .superRefine(refineDayRange);
export type ProhibitedListQuery = z.infer<typeof prohibitedListQuery>;

export const prohibitedIdQuery = z.object({ id: zRequiredSelect(prohibitedLabels.entry) });

export const prohibitedCheckQuery = z.object({ id_number: zProhibitedIdNumber });
