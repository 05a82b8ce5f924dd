import { TRAINING_IMPORT_KINDS, TRAINING_TYPES, trainingLabels } from '@dealer-hr/shared/training/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { calendarDayRange, refineDayRange } from '../../lib/day-range';
import { pagingQuery, zFilterText } from '../../lib/paging';

// The bodies and answers of the training routes are the shared contract (@dealer-hr/shared/training/contract);
// what is here reads query strings. The date filters are the courses' start dates: plain calendar days, so no
// time zone is read.

const zType = z.enum(TRAINING_TYPES, { error: selectMessage(trainingLabels.type) }).optional();

export const summaryQuery = z
  .object({
    type: zType,
    /** The by-store list: the stores of one region (its department id). */
    region_id: zId(trainingLabels.region).optional(),
    ...calendarDayRange,
  })
  .superRefine(refineDayRange);
export type SummaryQuery = z.infer<typeof summaryQuery>;

export const courseListQuery = z
  .object({
    ...pagingQuery,
    /** Part of the code, the name or the trainer. */
    keyword: zFilterText(trainingLabels.keyword),
    type: zType,
    /** Courses of a region's subtree (its department id): the area's own and its stores'. */
    region_id: zId(trainingLabels.region).optional(),
    /** Courses one store held (`stores.id`, as the store selects give). */
    store_id: zId(trainingLabels.store).optional(),
    ...calendarDayRange,
  })
  .superRefine(refineDayRange);
export type CourseListQuery = z.infer<typeof courseListQuery>;

export const courseIdQuery = z.object({ id: zId(trainingLabels.course) });

export const importReportQuery = z.object({
  kind: z.enum(TRAINING_IMPORT_KINDS, { error: selectMessage(trainingLabels.importKind) }),
});

export const peopleQuery = z.object({
  /** The beginning of a name (characters or pinyin) or an employee number. */
  keyword: zFilterText(trainingLabels.keyword),
});
