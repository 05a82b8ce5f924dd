import { attendanceLabels } from '@dealer-hr/shared/attendance/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The clock-in points' bodies and answers are the shared contract (@dealer-hr/shared/attendance/contract); what
// is here reads the list's query string.

export const clockPointListQuery = z.object({
  ...pagingQuery,
  store_id: zId(attendanceLabels.store).optional(),
  /** Part of the point's or the store's name. */
  keyword: zFilterText(attendanceLabels.keyword),
});
export type ClockPointListQuery = z.infer<typeof clockPointListQuery>;
