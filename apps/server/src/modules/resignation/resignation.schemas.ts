import {
  HANDOVER_FILTERS,
  RESIGNATION_STATUSES,
  RESIGNATION_TYPES,
  resignationLabels,
} from '@dealer-hr/shared/resignation/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { calendarDayRange, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the resignation routes are the shared contract
// (@dealer-hr/shared/resignation/contract); what is here reads query strings. `from`/`to` are last working days.

const listFilters = {
  /** The beginning of the person's name (characters or pinyin), initials or employee number. */
  keyword: zFilterText(resignationLabels.keyword),
  store_id: zId(resignationLabels.store).optional(),
  reason_id: zId(resignationLabels.reason).optional(),
  type: z.enum(RESIGNATION_TYPES, { error: selectMessage(resignationLabels.type) }).optional(),
  status: z.enum(RESIGNATION_STATUSES, { error: selectMessage(resignationLabels.status) }).optional(),
  /** `open`: customers or chats not handed over yet; `settled`: every one handed over or declined. */
  handover: z.enum(HANDOVER_FILTERS, { error: selectMessage(resignationLabels.handover) }).optional(),
  ...calendarDayRange,
};

export const resignationListQuery = z.object({ ...pagingQuery, ...listFilters }).superRefine(refineDayRange);
export type ResignationListQuery = z.infer<typeof resignationListQuery>;

/** The export's filters: the list's without paging. */
export const resignationExportQuery = z.object(listFilters).superRefine(refineDayRange);
export type ResignationExportQuery = z.infer<typeof resignationExportQuery>;

export const resignationIdQuery = z.object({ id: zId(resignationLabels.resignation) });

export const resignationPeopleQuery = z.object({ keyword: zFilterText(resignationLabels.keyword) });

/** Without `store_id`: the group's setting. */
export const resignationSettingQuery = z.object({ store_id: zId(resignationLabels.store).optional() });
