// The statistics and workbench routes' query and answer schemas (`/api/auth/statistic/*`,
// `/api/auth/home/index/*`). The server validates and documents with them; the web imports their types only.
import { z } from 'zod';
import { zQueryId } from '../validation';
import {
  GRANULARITIES,
  MAX_PERIOD_MONTHS,
  POLYLINE_SPANS,
  TURNOVER_DIMENSIONS,
  monthsBetween,
  statisticsLabels,
  statisticsMessages,
  type TurnoverFigures,
  type TurnoverGroupColumns,
} from './rules';

const zStatMonth = z
  .string({ error: statisticsMessages.month })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: statisticsMessages.month });

/** A query-string switch: 'true' / '1' on, 'false' / '0' / absent off. */
const zFlag = z
  .enum(['true', 'false', '1', '0'], { error: statisticsMessages.flag })
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A range of months ends on or after its start and spans at most MAX_PERIOD_MONTHS. */
function checkMonthRange(query: { start?: string; end?: string }, context: z.RefinementCtx) {
  if (!query.start || !query.end) return;
  if (query.end < query.start)
    context.addIssue({ code: 'custom', path: ['end'], message: statisticsMessages.range });
  else if (monthsBetween(query.start, query.end).length > MAX_PERIOD_MONTHS)
    context.addIssue({ code: 'custom', path: ['end'], message: statisticsMessages.tooLong });
}

/** Every statistics query: a department node of the tree (the caller's whole scope when absent). */
export const nodeQuery = z.object({ department_id: zQueryId(statisticsLabels.department) });
export type NodeQuery = z.infer<typeof nodeQuery>;

/** A node and a range of months; absent months mean this year up to this month. */
export const periodQuery = nodeQuery
  .extend({ start: zStatMonth.optional(), end: zStatMonth.optional() })
  .superRefine(checkMonthRange);
export type PeriodQuery = z.infer<typeof periodQuery>;

export const turnoverQuery = nodeQuery
  .extend({
    start: zStatMonth.optional(),
    end: zStatMonth.optional(),
    granularity: z.enum(GRANULARITIES, { error: statisticsMessages.granularity }).default('month'),
    dimension: z.enum(TURNOVER_DIMENSIONS, { error: statisticsMessages.dimension }).default('none'),
    /** Count a transfer to another store as a leaver of the store it left (store-level turnover). */
    transfer_out: zFlag,
  })
  .superRefine(checkMonthRange);
export type TurnoverQuery = z.infer<typeof turnoverQuery>;

export const polylineQuery = nodeQuery.extend({
  end: zStatMonth.optional(),
  months: z
    .enum(POLYLINE_SPANS.map(String) as [string, ...string[]], { error: statisticsMessages.months })
    .default('12')
    .transform(Number),
});
export type PolylineQuery = z.infer<typeof polylineQuery>;

export const yearQuery = nodeQuery.extend({
  year: z.coerce
    .number({ error: statisticsMessages.year })
    .int({ error: statisticsMessages.year })
    .min(2000, { error: statisticsMessages.year })
    .max(2100, { error: statisticsMessages.year })
    .optional(),
});
export type YearQuery = z.infer<typeof yearQuery>;

/** A distribution is of the people on staff at a date (today when absent). */
export const distributionQuery = nodeQuery.extend({
  date: z.iso.date({ error: statisticsMessages.date }).optional(),
});
export type DistributionQuery = z.infer<typeof distributionQuery>;

const count = z.number().int();
const ratio = z.number().nullable();

/** The node the figures are of, and the range they cover. */
const about = z.object({
  department_id: z.number().int().nullable(),
  department_name: z.string(),
  from: z.string(),
  to: z.string(),
});

export const turnoverRow = z.object({
  period: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string(),
  headcount_start: count,
  headcount_end: count,
  hires: count,
  leavers: count,
  voluntary_leavers: count,
  new_leavers: count,
  average_headcount: z.number(),
  rate_end: ratio,
  rate_average: ratio,
  voluntary_rate_end: ratio,
  voluntary_rate_average: ratio,
  new_employee_rate: ratio,
}) satisfies z.ZodType<TurnoverFigures>;
/** A group's counts per period (in the order of the answer's periods); `turnoverGroupRows` adds the rates. */
export const turnoverGroup = z.object({
  group_id: z.number().int().nullable(),
  group_name: z.string(),
  headcount_start: z.array(count),
  headcount_end: z.array(count),
  hires: z.array(count),
  leavers: z.array(count),
  voluntary_leavers: z.array(count),
  new_leavers: z.array(count),
}) satisfies z.ZodType<TurnoverGroupColumns>;
export const turnoverAnswer = about.extend({
  periods: z.array(z.object({ key: z.string(), from: z.string(), to: z.string() })),
  /** One row per period for the whole node. */
  totals: z.array(turnoverRow),
  /** With a dimension, each group's counts per period, in name order; none without one. */
  groups: z.array(turnoverGroup),
  transfer_out: z.boolean(),
});
export type TurnoverRow = z.infer<typeof turnoverRow>;
export type TurnoverAnswer = z.infer<typeof turnoverAnswer>;

const vacancyFigures = {
  planned: count,
  held: count,
  vacancy: count,
  /** Held beyond the plan. */
  over: count,
  vacancy_rate: ratio,
  fill_rate: ratio,
};
export const vacancyCell = z.object({ post_id: z.number().int(), ...vacancyFigures });
export const vacancyRow = z.object({
  store_id: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  region_id: z.number().int(),
  region_name: z.string(),
  department_id: z.number().int(),
  cells: z.array(vacancyCell),
  ...vacancyFigures,
});
export const vacancyAnswer = z.object({
  department_id: z.number().int().nullable(),
  department_name: z.string(),
  date: z.string(),
  posts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  rows: z.array(vacancyRow),
  /** Column totals, in the order of `posts`. */
  totals: z.array(vacancyCell),
  ...vacancyFigures,
});
export type VacancyCell = z.infer<typeof vacancyCell>;
export type VacancyRow = z.infer<typeof vacancyRow>;
export type VacancyAnswer = z.infer<typeof vacancyAnswer>;

/** One bar or slice: a key (a dictionary item's id as a string, or a band's key) and its count. */
export const countItem = z.object({ key: z.string(), name: z.string(), count });
export type CountItem = z.infer<typeof countItem>;
const monthCount = z.object({ month: z.string(), count });

export const resignAnswer = about.extend({
  total: count,
  by_reason: z.array(countItem),
  by_destination: z.array(countItem),
  by_type: z.array(countItem),
  by_tenure: z.array(countItem),
  by_month: z.array(monthCount),
});
export type ResignAnswer = z.infer<typeof resignAnswer>;

export const transferAnswer = about.extend({
  total: count,
  by_type: z.array(countItem),
  between_stores: z.array(
    z.object({
      from_store_id: z.number().int().nullable(),
      from_store_name: z.string(),
      to_store_id: z.number().int().nullable(),
      to_store_name: z.string(),
      count,
    }),
  ),
  by_month: z.array(monthCount),
});
export type TransferAnswer = z.infer<typeof transferAnswer>;

export const prohibitedAnswer = z.object({
  from: z.string(),
  to: z.string(),
  added: count,
  lifted: count,
  by_month: z.array(z.object({ month: z.string(), added: count, lifted: count })),
  by_source: z.array(countItem),
});
export type ProhibitedAnswer = z.infer<typeof prohibitedAnswer>;

export const polylinePoint = z.object({
  month: z.string(),
  /** At the month's end. */
  headcount: count,
  hires: count,
  leavers: count,
  rate_end: ratio,
  rate_average: ratio,
});
export const polylineAnswer = about.extend({ points: z.array(polylinePoint) });
export type PolylinePoint = z.infer<typeof polylinePoint>;
export type PolylineAnswer = z.infer<typeof polylineAnswer>;

export const yearAnswer = about.extend({
  year: count,
  hires: count,
  leavers: count,
  months: z.array(z.object({ month: z.string(), hires: count, leavers: count })),
});
export type YearAnswer = z.infer<typeof yearAnswer>;

export const distributionAnswer = z.object({
  department_id: z.number().int().nullable(),
  department_name: z.string(),
  date: z.string(),
  total: count,
  items: z.array(countItem),
});
export type DistributionAnswer = z.infer<typeof distributionAnswer>;

export interface PostTreeNode {
  id: number;
  name: string;
  kind: string;
  headcount: number;
  planned: number;
  vacancy: number;
  /** At a store: its posts with a plan or a holder. */
  posts: { post_id: number; name: string; planned: number; held: number; vacancy: number }[];
  children: PostTreeNode[];
}
const postTreeNode: z.ZodType<PostTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.string(),
    headcount: count,
    planned: count,
    vacancy: count,
    posts: z.array(
      z.object({ post_id: z.number().int(), name: z.string(), planned: count, held: count, vacancy: count }),
    ),
    children: z.array(postTreeNode),
  }),
);
export const postTreeAnswer = z.object({ date: z.string(), nodes: z.array(postTreeNode) });
export type PostTreeAnswer = z.infer<typeof postTreeAnswer>;

/** The workbench's to-do counts, each linking to the page that lists them. */
export const WORKBENCH_TASKS = [
  'approvals_waiting',
  'onboarding_in_progress',
  'resignations_in_progress',
  'handovers_stuck',
  'exports_ready',
  'abnormal_awaiting',
] as const;
export type WorkbenchTask = (typeof WORKBENCH_TASKS)[number];

export const workbenchAnswer = z.object({
  today: z.string(),
  /** Whose figures: the whole group, or the caller's departments (a store manager's store). */
  scope: z.object({ all: z.boolean(), names: z.array(z.string()) }),
  /** With a statistics permission: this month's people figures in the caller's scope, and their trend. */
  people: z
    .object({
      month: z.string(),
      headcount: count,
      hires: count,
      leavers: count,
      rate_end: ratio,
      rate_average: ratio,
      planned: count,
      vacancy: count,
      vacancy_rate: ratio,
      trend: z.array(polylinePoint),
    })
    .nullable(),
  /** Only the counts the caller may open the page of. */
  tasks: z.array(z.object({ key: z.enum(WORKBENCH_TASKS), count, path: z.string() })),
  /** With the attendance records permission and a store-bound scope: the people due today and how they stand. */
  attendance_today: z
    .object({ due: count, present: count, late: count, absent: count, on_leave: count, not_yet: count })
    .nullable(),
  /** For a caller who is an employee: their own day, leave and requests. */
  me: z
    .object({
      clocked_in: z.string().nullable(),
      clocked_out: z.string().nullable(),
      workday: z.boolean(),
      annual_leave_left: z.number().nullable(),
      requests_open: count,
      messages_unread: count,
    })
    .nullable(),
});
export type WorkbenchAnswer = z.infer<typeof workbenchAnswer>;
