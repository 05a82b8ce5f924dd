import { TRANSFER_STATUSES, transferLabels } from '@dealer-hr/shared/transfers/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { calendarDayRange, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the transfer routes are the shared contract (@dealer-hr/shared/transfers/contract);
// what is here reads query strings. The date filters are effective dates: plain calendar days.

const listFilters = {
  /** The beginning of the person's name (characters or pinyin), initials or employee number. */
  keyword: zFilterText(transferLabels.keyword),
  type_id: zId(transferLabels.type).optional(),
  from_store_id: zId(transferLabels.fromStore).optional(),
  to_store_id: zId(transferLabels.toStore).optional(),
  status: z.enum(TRANSFER_STATUSES, { error: selectMessage(transferLabels.status) }).optional(),
  /** `1`: the transfers whose approval waits for the caller now (`/processapproval/posttransfer`). */
  awaiting_me: z.enum(['1'], { error: selectMessage(transferLabels.status) }).optional(),
  ...calendarDayRange,
};

export const transferListQuery = z.object({ ...pagingQuery, ...listFilters }).superRefine(refineDayRange);
export type TransferListQuery = z.infer<typeof transferListQuery>;

/** The export's filters: the list's without paging. */
export const transferExportQuery = z.object(listFilters).superRefine(refineDayRange);
export type TransferExportQuery = z.infer<typeof transferExportQuery>;

export const transferIdQuery = z.object({ id: zId(transferLabels.transfer) });

export const transferPeopleQuery = z.object({ keyword: zFilterText(transferLabels.keyword) });

export const transferTargetQuery = z.object({
  department_id: zId(transferLabels.toDepartment),
  post_id: zId(transferLabels.toPost),
  /** The person moving: they do not count twice when they hold the post there already. */
  employee_id: zId(transferLabels.employee).optional(),
});
