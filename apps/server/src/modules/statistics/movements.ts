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

interface BucketRow {
  grp: number | null;
  kind: 's' | 'e' | 'h' | 'l' | 'x';
  bucket: number;
  n: number;
  voluntary: number;
  fresh: number;
}

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
  const result = await db.execute(sql`
    with b as (select ${boundsArray} as bounds),
    m as materialized (
      select a.id, a.employee_id, a.store_id, a.start_date, a.end_date, ${groupColumn[dimension]} as grp
      from assignments a join departments d on d.id = a.department_id, b
      where a.is_main and ${underNode(node, sql`d.path`)}
        and a.start_date < b.bounds[${last}]
        -- Started and ended before the first boundary: +1 and -1 to every headcount, so left out.
        and (a.end_date is null or a.end_date + 1 >= b.bounds[1])
    ),
    ended as (
      select m.*, next.id is null or (${transferOut}::boolean and next.store_id is distinct from m.store_id)
        as leaving, next.id is null as left_employment
      from m cross join b
      left join lateral (
        select p.id, p.store_id from assignments p
        where p.employee_id = m.employee_id and p.is_main and p.start_date = m.end_date + 1
        limit 1
      ) next on true
      -- From the day before the first period, whose leavers are not in the first headcount.
      where m.end_date + 1 >= b.bounds[1] and m.end_date < b.bounds[${last}]
    ),
    leavers as (
      select e.grp, e.end_date,
        e.left_employment and exists (
          select 1 from resignations r
          where r.employee_id = e.employee_id and r.last_day = e.end_date
            and r.status = 'completed' and r.type in (${voluntaryTypes})
        ) as voluntary,
        e.left_employment and e.end_date + 1 < (
          -- The start of this stint of employment: the latest main start with no main post the day before.
          select max(h.start_date) from assignments h
          where h.employee_id = e.employee_id and h.is_main and h.start_date <= e.end_date
            and not exists (
              select 1 from assignments q
              where q.employee_id = h.employee_id and q.is_main and q.end_date = h.start_date - 1
            )
        ) + make_interval(months => ${NEW_EMPLOYEE_MONTHS}::int) as fresh
      from ended e, b
      where e.leaving and e.end_date >= b.bounds[1]
    )
    select grp, 's' as kind, width_bucket(start_date, bounds) as bucket, count(*)::int as n,
      0 as voluntary, 0 as fresh
      from m, b group by grp, bucket
    union all
    select grp, 'e', width_bucket(end_date + 1, bounds), count(*)::int, 0, 0
      from m, b where end_date + 1 < b.bounds[${last}] group by grp, 3
    union all
    select grp, 'h', width_bucket(start_date, bounds), count(*)::int, 0, 0
      from m, b
      where start_date >= b.bounds[1]
        and not exists (
          select 1 from assignments p
          where p.employee_id = m.employee_id and p.is_main and p.end_date = m.start_date - 1
        )
      group by grp, 3
    union all
    select grp, 'l', width_bucket(end_date, bounds), count(*)::int,
      (count(*) filter (where voluntary))::int, (count(*) filter (where fresh))::int
      from leavers, b group by grp, 3
    union all
    -- Left on the last day before a boundary: not in the headcount at that boundary.
    select grp, 'x', width_bucket(end_date + 1, bounds), count(*)::int, 0, 0
      from ended, b where leaving and end_date + 1 = any(b.bounds) group by grp, 3
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
  for (const row of rowsOf<BucketRow>(result)) {
    const group = row.grp === null ? null : Number(row.grp);
    const bucket = Number(row.bucket);
    if (!byGroup.has(group)) byGroup.set(group, periods.map(emptyCounts));
    const counts = byGroup.get(group)!;
    if (row.kind === 's' || row.kind === 'e' || row.kind === 'x') {
      const values = series(row.kind === 's' ? starts : row.kind === 'e' ? ends : leftBefore, group);
      values[bucket] = values[bucket]! + Number(row.n);
    } else if (row.kind === 'h') counts[bucket - 1]!.hires += Number(row.n);
    else {
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
  and (a.end_date is null or a.end_date > ${day} or (a.end_date = ${day} and a.employee_id = any(array(
    -- Asked once per statement, not per row: the people starting another main post the next day.
    select n.employee_id from assignments n where n.is_main and n.start_date = ${day}::date + 1
  )))))`;
