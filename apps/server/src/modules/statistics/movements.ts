import { sql, type SQL } from 'drizzle-orm';
import {
  NEW_EMPLOYEE_MONTHS,
  type Period,
  type TurnoverCounts,
  type TurnoverDimension,
} from '@dealer-hr/shared/statistics/rules';
import { VOLUNTARY_RESIGNATION_TYPES } from '@dealer-hr/shared/resignation/rules';
import { addDays } from '../../core/clock';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { underNode, type StatisticsNode } from './node';

// docs/statistics.md: every headcount, hire and leaver is read from the main assignments, effective-dated and
// counted where the assignment was. A dispatch or part-time post is not main, so nobody counts twice; a
// transfer ends one main assignment the day before the next starts, so it is neither a hire nor a leaver.

const voluntaryTypes = sql.join(
  VOLUNTARY_RESIGNATION_TYPES.map((type) => sql`${type}`),
  sql`, `,
);

/** The group column of each dimension, over `a` (assignments) and `d` (its department). */
const groupColumn: Record<TurnoverDimension, SQL> = {
  none: sql`0`,
  // The top unit under the group: a region, or a head-office department.
  region: sql`nullif(split_part(d.path, '/', 3), '')::int`,
  store: sql`a.store_id`,
  department: sql`a.department_id`,
  post: sql`a.post_id`,
};

export interface MovementOptions {
  dimension: TurnoverDimension;
  /** A move to another store counts as a leaver of the store left. */
  transferOut: boolean;
}

/** The counts of each period (in `periods`' order), per group id (null: no group, e.g. head office). */
export type MovementsByGroup = Map<number | null, TurnoverCounts[]>;

/** A count of one grouping set: its bucket in the event's column, the others null (or all null: no event). */
interface BucketRow {
  grp: number | null;
  s: number | null;
  e: number | null;
  l: number | null;
  n: number;
  hires: number;
  left_before: number;
  voluntary: number;
  fresh: number;
}
const EVENTS = ['s', 'e', 'l'] as const;

const emptyCounts = (): TurnoverCounts => ({
  headcount_start: 0,
  headcount_end: 0,
  hires: 0,
  leavers: 0,
  voluntary_leavers: 0,
  new_leavers: 0,
});

/**
 * Headcounts, hires and leavers of contiguous periods inside a node, in one pass over the main assignments.
 * The periods' first days and the day after the last are the boundaries B1..Bn+1; every assignment's start
 * and end (+1 day) falls into a bucket between two boundaries (width_bucket), so the people on staff on the
 * day before Bk are the starts before it less the ends before it.
 *
 * Headcount at a period's end is of its last day, less the people whose employment ended that day: they are
 * the period's leavers, and leavers / (leavers + headcount at the end) must not count them twice. Someone
 * transferred on the next day is still counted where they were (unless a transfer out counts as leaving).
 * Headcount at a period's start is the previous day's at its end, so periods chain: a hire on the first day
 * is a hire, not someone already there.
 *
 * Whether an assignment is a hire, a leaver or a move to another store is read from the marks kept on it
 * (db/stints.ts), not from its neighbours: one pass, no lookup per row but the voluntary leavers' resignation.
 */
export async function movements(
  db: Database,
  node: StatisticsNode,
  periods: readonly Period[],
  { dimension, transferOut }: MovementOptions,
): Promise<MovementsByGroup> {
  const bounds = [...periods.map((period) => period.from), addDays(periods[periods.length - 1]!.to, 1)];
  const boundsArray = sql`array[${sql.join(
    bounds.map((bound) => sql`${bound}`),
    sql`, `,
  )}]::date[]`;
  const last = bounds.length;
  // The whole group, unless grouped by region, needs no department: a join less over every assignment.
  const departmentJoin =
    node.paths === null && dimension !== 'region' ? sql`` : sql`join departments d on d.id = a.department_id`;
  const leaving = transferOut ? sql`(a.ends_employment or a.moves_store)` : sql`a.ends_employment`;
  // Over the whole group most people stay on one main assignment through the range: each only adds one to the
  // headcount before the first boundary (bucket 0 of the starts), so they are counted apart, by group alone, and
  // the grouping sets below skip them. A node's assignments are found through the department index instead,
  // where a second lookup costs more than the lighter grouping saves.
  const stayingApart = node.paths === null;
  const staying = sql`
    select ${groupColumn[dimension]} as grp, 0 as s, null::int as e, null::int as l, count(*)::int as n,
      0 as hires, 0 as left_before, 0 as voluntary, 0 as fresh
    from assignments a ${departmentJoin}, b
    where a.is_main and ${underNode(node, sql`d.path`)}
      and a.start_date < b.bounds[1] and (a.end_date is null or a.end_date >= b.bounds[${last}])
    group by 1
    union all`;
  // Each main assignment is read once, into three buckets: its start's (hires are counted there too), its end's
  // (the day after it; so are leavers on the eve of a boundary) and its leave's, null when outside the range or
  // not that event. One grouping set per bucket counts them, all in the same pass over the rows. The bounds stay
  // inlined where `staying` reads them too: a materialized CTE would hide them from the planner, which then
  // scanned the department index over every assignment instead of the table (115 000 buffers against 3 400).
  const result = await db.execute(sql`
    with b as not materialized (select ${boundsArray} as bounds)
    ${stayingApart ? staying : sql``}
    select grp, s, e, l, count(*)::int as n, (count(*) filter (where hire))::int as hires,
      (count(*) filter (where left_before))::int as left_before,
      (count(*) filter (where voluntary))::int as voluntary, (count(*) filter (where fresh))::int as fresh
    from (
      select ${groupColumn[dimension]} as grp,
        width_bucket(a.start_date, b.bounds) as s,
        a.start_date >= b.bounds[1] and a.start_date = a.stint_start as hire,
        case when a.end_date + 1 <= b.bounds[${last}] then width_bucket(a.end_date + 1, b.bounds) end as e,
        -- Left on the last day before a boundary: not in the headcount at that boundary.
        ${leaving} and a.end_date + 1 = any(b.bounds) as left_before,
        -- From the day before the first period, whose leavers are not in the first headcount.
        case when ${leaving} and a.end_date >= b.bounds[1] and a.end_date < b.bounds[${last}]
          then width_bucket(a.end_date, b.bounds) end as l,
        a.ends_employment and exists (
          select 1 from resignations r
          where r.employee_id = a.employee_id and r.last_day = a.end_date
            and r.status = 'completed' and r.type in (${voluntaryTypes})
            -- Only the leavers of the range are asked about: the resignations of years before stay unread.
            and r.last_day >= b.bounds[1] and r.last_day < b.bounds[${last}]
        ) as voluntary,
        a.ends_employment
          and a.end_date + 1 < a.stint_start + make_interval(months => ${NEW_EMPLOYEE_MONTHS}::int) as fresh
      from assignments a ${departmentJoin}, b
      where a.is_main and ${underNode(node, sql`d.path`)}
        and a.start_date < b.bounds[${last}]
        -- Started and ended before the first boundary: +1 and -1 to every headcount, so left out.
        and (a.end_date is null or a.end_date + 1 >= b.bounds[1])
        ${stayingApart ? sql`and (a.start_date >= b.bounds[1] or a.end_date < b.bounds[${last}])` : sql``}
    ) m
    group by grouping sets ((grp, s), (grp, e), (grp, l))
  `);
  const byGroup: MovementsByGroup = new Map();
  const starts = new Map<number | null, number[]>();
  const ends = new Map<number | null, number[]>();
  const leftBefore = new Map<number | null, number[]>();
  const series = (map: Map<number | null, number[]>, group: number | null) => {
    let values = map.get(group);
    if (!values) map.set(group, (values = Array<number>(last + 1).fill(0)));
    return values;
  };
  const add = (map: Map<number | null, number[]>, group: number | null, bucket: number, value: number) => {
    const values = series(map, group);
    values[bucket] = values[bucket]! + value;
  };
  for (const row of rowsOf<BucketRow>(result)) {
    const kind = EVENTS.find((event) => row[event] !== null);
    if (kind === undefined) continue;
    const group = row.grp === null ? null : Number(row.grp);
    const bucket = Number(row[kind]);
    if (!byGroup.has(group)) byGroup.set(group, periods.map(emptyCounts));
    const counts = byGroup.get(group)!;
    if (kind === 's') {
      add(starts, group, bucket, Number(row.n));
      // A hire starts on or after the first boundary, so in a period's bucket.
      if (Number(row.hires) > 0) counts[bucket - 1]!.hires += Number(row.hires);
    } else if (kind === 'e') {
      // The end of the last period's last day changes no headcount the periods show.
      add(ends, group, bucket, Number(row.n));
      add(leftBefore, group, bucket, Number(row.left_before));
    } else {
      const period = counts[bucket - 1]!;
      period.leavers += Number(row.n);
      period.voluntary_leavers += Number(row.voluntary);
      period.new_leavers += Number(row.fresh);
    }
  }
  for (const [group, counts] of byGroup) {
    const started = series(starts, group);
    const ended = series(ends, group);
    const left = series(leftBefore, group);
    // On the day before boundary k: starts and ends (day after) in buckets below k, less that day's leavers.
    let running = 0;
    const headcountBefore: number[] = [];
    for (let k = 0; k <= last; k += 1) {
      headcountBefore.push(running - left[k]!);
      running += started[k]! - ended[k]!;
    }
    counts.forEach((period, index) => {
      period.headcount_start = headcountBefore[index + 1]!;
      period.headcount_end = headcountBefore[index + 2]!;
    });
  }
  return byGroup;
}

/** The counts of all groups together, period by period. */
export function summed(byGroup: MovementsByGroup, periodCount: number): TurnoverCounts[] {
  const total = Array.from({ length: periodCount }, emptyCounts);
  for (const counts of byGroup.values())
    counts.forEach((period, index) => {
      const sum = total[index]!;
      for (const key of Object.keys(sum) as (keyof TurnoverCounts)[]) sum[key] += period[key];
    });
  return total;
}

/**
 * Whether the main assignment `a` counts in the headcount at the end of `day`: open on it, unless the person's
 * employment ended that day (someone moving elsewhere the next day still counts here). The same definition as
 * `movements` reads period by period.
 */
export const onStaffAt = (day: string): SQL => sql`(a.is_main and a.start_date <= ${day}
  and (a.end_date is null or a.end_date > ${day} or (a.end_date = ${day} and not a.ends_employment)))`;
