import { inArray } from 'drizzle-orm';
import type {
  PolylineAnswer,
  PolylinePoint,
  PolylineQuery,
  TurnoverAnswer,
  TurnoverQuery,
  YearAnswer,
  YearQuery,
} from '@dealer-hr/shared/statistics/contract';
import {
  MAX_PERIOD_MONTHS,
  addMonths,
  monthsBetween,
  periodsOf,
  turnoverFigures,
  turnoverRates,
  type Period,
  type TurnoverCounts,
  type TurnoverDimension,
  type TurnoverGroupColumns,
} from '@dealer-hr/shared/statistics/rules';
import type { Today } from '../../core/clock';
import type { Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { departments, posts, stores } from '../../db/schema';
import { movements, summed } from './movements';
import { resolveNode, type StatisticsNode } from './node';

/** One collator for every sort: `localeCompare` with a locale builds one per comparison (10 ms a store list). */
const byChineseName = new Intl.Collator('zh');

/** What a group id of a dimension is called; null ids are outside any store (head office). */
async function groupNames(
  db: Database,
  dimension: TurnoverDimension,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0 || dimension === 'none') return new Map();
  const table = dimension === 'store' ? stores : dimension === 'post' ? posts : departments;
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Names the web shows for a group that has none: people outside any store, or any region. */
export const NO_GROUP_NAME = '总部';

/** A group's counts of each period as one column per count. */
function groupColumns(
  id: number | null,
  name: string,
  counts: readonly TurnoverCounts[],
): TurnoverGroupColumns {
  const column = (key: keyof TurnoverCounts) => counts.map((period) => period[key]);
  return {
    group_id: id,
    group_name: name,
    headcount_start: column('headcount_start'),
    headcount_end: column('headcount_end'),
    hires: column('hires'),
    leavers: column('leavers'),
    voluntary_leavers: column('voluntary_leavers'),
    new_leavers: column('new_leavers'),
  };
}

const thisMonth = (today: Today) => today().slice(0, 7);

/** This year up to this month, unless the query says otherwise. */
export function monthRange(today: Today, start?: string, end?: string): { start: string; end: string } {
  const last = end ?? thisMonth(today);
  let first = start ?? `${last.slice(0, 4)}-01`;
  if (first > last) return { start: first, end: first };
  // A start asked without an end: the range ends this month, and is no longer than a query may ask.
  if (monthsBetween(first, last).length > MAX_PERIOD_MONTHS) first = addMonths(last, 1 - MAX_PERIOD_MONTHS);
  return { start: first, end: last };
}

/** `GET statistic/turnover`: headcounts, hires, leavers and both turnover forms, per period (and group). */
export async function turnover(
  db: Database,
  scope: Scope,
  today: Today,
  query: TurnoverQuery,
): Promise<TurnoverAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const { start, end } = monthRange(today, query.start, query.end);
  const periods = periodsOf(start, end, query.granularity);
  const byGroup = await movements(db, node, periods, {
    dimension: query.dimension,
    transferOut: query.transfer_out,
  });
  const totals = summed(byGroup, periods.length).map((counts, index) =>
    turnoverFigures(periods[index]!.key, null, node.name, counts),
  );
  const groups: TurnoverGroupColumns[] = [];
  if (query.dimension !== 'none') {
    const ids = [...byGroup.keys()].filter((id): id is number => id !== null);
    const names = await groupNames(db, query.dimension, ids);
    const nameOf = (id: number | null) => (id === null ? NO_GROUP_NAME : (names.get(id) ?? ''));
    for (const [id, counts] of byGroup) groups.push(groupColumns(id, nameOf(id), counts));
    // By name, head office (no group) first.
    groups.sort((a, b) =>
      byChineseName.compare(a.group_id === null ? '' : a.group_name, b.group_id === null ? '' : b.group_name),
    );
  }
  return {
    department_id: node.id,
    department_name: node.name,
    from: periods[0]!.from,
    to: periods[periods.length - 1]!.to,
    periods,
    totals,
    groups,
    transfer_out: query.transfer_out,
  };
}

/** The whole node's counts of each period, ungrouped. */
export async function nodeCounts(db: Database, node: StatisticsNode, periods: readonly Period[]) {
  const byGroup = await movements(db, node, periods, { dimension: 'none', transferOut: false });
  return summed(byGroup, periods.length);
}

/** A month of a trend line: its end headcount, hires, leavers and both turnover forms. */
export function trendPoint(period: Period, month: TurnoverCounts): PolylinePoint {
  const rates = turnoverRates(month);
  return {
    month: period.key,
    headcount: month.headcount_end,
    hires: month.hires,
    leavers: month.leavers,
    rate_end: rates.rate_end,
    rate_average: rates.rate_average,
  };
}

/** `GET statistic/polyline`: month by month, headcount at each month's end, hires, leavers and rates. */
export async function polyline(
  db: Database,
  scope: Scope,
  today: Today,
  query: PolylineQuery,
): Promise<PolylineAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const end = query.end ?? thisMonth(today);
  const periods = periodsOf(addMonths(end, 1 - query.months), end, 'month');
  const counts = await nodeCounts(db, node, periods);
  return {
    department_id: node.id,
    department_name: node.name,
    from: periods[0]!.from,
    to: periods[periods.length - 1]!.to,
    points: counts.map((month, index) => trendPoint(periods[index]!, month)),
  };
}

/** `GET statistic/year`: a year's hires and leavers by month. */
export async function yearView(
  db: Database,
  scope: Scope,
  today: Today,
  query: YearQuery,
): Promise<YearAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const year = query.year ?? Number(today().slice(0, 4));
  const periods = periodsOf(`${year}-01`, `${year}-12`, 'month');
  const counts = await nodeCounts(db, node, periods);
  return {
    department_id: node.id,
    department_name: node.name,
    from: periods[0]!.from,
    to: periods[11]!.to,
    year,
    hires: counts.reduce((sum, month) => sum + month.hires, 0),
    leavers: counts.reduce((sum, month) => sum + month.leavers, 0),
    months: counts.map((month, index) => ({
      month: periods[index]!.key,
      hires: month.hires,
      leavers: month.leavers,
    })),
  };
}
