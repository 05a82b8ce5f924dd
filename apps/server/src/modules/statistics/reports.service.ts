import { inArray, sql } from 'drizzle-orm';
import type {
  CountItem,
  PeriodQuery,
  ProhibitedAnswer,
  ResignAnswer,
  TransferAnswer,
} from '@dealer-hr/shared/statistics/contract';
import {
  TENURE_BANDS,
  TOP_STORE_PAIRS,
  firstDayOf,
  lastDayOf,
  monthsBetween,
  tenureBandNames,
} from '@dealer-hr/shared/statistics/rules';
import { PROHIBITED_SOURCES, prohibitedSourceNames } from '@dealer-hr/shared/prohibited/rules';
import { RESIGNATION_TYPES, resignationTypeNames } from '@dealer-hr/shared/resignation/rules';
import type { Today } from '../../core/clock';
import type { Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dictionaryItems, stores } from '../../db/schema';
import { resolveNode, underNode } from './node';
import { monthRange } from './statistics.service';

interface Range {
  from: string;
  to: string;
  months: string[];
}

function rangeOf(today: Today, query: Pick<PeriodQuery, 'start' | 'end'>): Range {
  const { start, end } = monthRange(today, query.start, query.end);
  return { from: firstDayOf(start), to: lastDayOf(end), months: monthsBetween(start, end) };
}

/** Every month of the range, with the counts found (0 for the months without). */
const fillMonths = <Row extends { month: string }>(
  months: string[],
  found: Row[],
  empty: (month: string) => Row,
): Row[] => months.map((month) => found.find((row) => row.month === month) ?? empty(month));

async function dictionaryNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: dictionaryItems.id, name: dictionaryItems.name })
    .from(dictionaryItems)
    .where(inArray(dictionaryItems.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const byCountDesc = (a: CountItem, b: CountItem) => b.count - a.count || a.key.localeCompare(b.key);

interface DimensionRow {
  dim: string;
  key: string | null;
  n: number;
}

/** `GET statistic/resign`: the completed resignations whose last day falls in the range, counted where filed. */
export async function resignReport(
  db: Database,
  scope: Scope,
  today: Today,
  query: PeriodQuery,
): Promise<ResignAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const range = rangeOf(today, query);
  const result = await db.execute(sql`
    with r as materialized (
      select r.reason_id, r.destination_id, r.type, to_char(r.last_day, 'YYYY-MM') as month,
        -- Completed months of service at the last day (the day after it completes the last month).
        greatest(
          (extract(year from age(r.last_day + 1, e.entry_date)) * 12
            + extract(month from age(r.last_day + 1, e.entry_date)))::int,
          0
        ) as tenure
      from resignations r
      join employees e on e.id = r.employee_id
      left join departments d on d.id = r.department_id
      where r.status = 'completed' and r.last_day between ${range.from} and ${range.to}
        and ${underNode(node, sql`d.path`)}
    )
    select 'reason' as dim, reason_id::text as key, count(*)::int as n from r group by 2
    union all select 'destination', destination_id::text, count(*)::int from r group by 2
    union all select 'type', type, count(*)::int from r group by 2
    union all select 'month', month, count(*)::int from r group by 2
    union all select 'tenure', tenure::text, count(*)::int from r group by 2
  `);
  const rows = rowsOf<DimensionRow>(result);
  const of = (dim: string) => rows.filter((row) => row.dim === dim);
  const names = await dictionaryNames(db, [
    ...new Set(
      rows.filter((row) => row.dim === 'reason' || row.dim === 'destination').map((row) => Number(row.key)),
    ),
  ]);
  const dictionaryItemsOf = (dim: string): CountItem[] =>
    of(dim)
      .map((row) => ({ key: row.key!, name: names.get(Number(row.key)) ?? '', count: Number(row.n) }))
      .sort(byCountDesc);
  const byTenure = new Map<string, number>();
  for (const row of of('tenure')) {
    // A band from completed months: the band of a day that many months after an arbitrary start.
    const band = TENURE_BANDS.find(
      (candidate) =>
        Number(row.key) >= candidate.from && (candidate.to === null || Number(row.key) < candidate.to),
    )!.key;
    byTenure.set(band, (byTenure.get(band) ?? 0) + Number(row.n));
  }
  return {
    department_id: node.id,
    department_name: node.name,
    from: range.from,
    to: range.to,
    total: of('type').reduce((sum, row) => sum + Number(row.n), 0),
    by_reason: dictionaryItemsOf('reason'),
    by_destination: dictionaryItemsOf('destination'),
    by_type: RESIGNATION_TYPES.map((type) => ({
      key: type,
      name: resignationTypeNames[type],
      count: Number(of('type').find((row) => row.key === type)?.n ?? 0),
    })),
    by_tenure: TENURE_BANDS.map((band) => ({
      key: band.key,
      name: tenureBandNames[band.key],
      count: byTenure.get(band.key) ?? 0,
    })),
    by_month: fillMonths(
      range.months,
      of('month').map((row) => ({ month: row.key!, count: Number(row.n) })),
      (month) => ({ month, count: 0 }),
    ),
  };
}

/**
 * `GET statistic/transfer`: the transfers that took effect in the range and touch the node (left it, joined
 * it or moved inside it).
 */
export async function transferReport(
  db: Database,
  scope: Scope,
  today: Today,
  query: PeriodQuery,
): Promise<TransferAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const range = rangeOf(today, query);
  const result = await db.execute(sql`
    with t as materialized (
      select t.type_id, t.from_store_id, t.to_store_id, to_char(t.effective_date, 'YYYY-MM') as month
      from job_transfers t
      join departments f on f.id = t.from_department_id
      join departments o on o.id = t.to_department_id
      where t.status = 'effective' and t.effective_date between ${range.from} and ${range.to}
        and (${underNode(node, sql`f.path`)} or ${underNode(node, sql`o.path`)})
    )
    select 'type' as dim, type_id::text as key, null as to_key, count(*)::int as n from t group by 2
    union all select 'month', month, null, count(*)::int from t group by 2
    union all
    (select 'pair', from_store_id::text, to_store_id::text, count(*)::int from t
      where from_store_id is distinct from to_store_id group by 2, 3 order by 4 desc, 2, 3
      limit ${TOP_STORE_PAIRS})
  `);
  const rows = rowsOf<DimensionRow & { to_key: string | null }>(result);
  const of = (dim: string) => rows.filter((row) => row.dim === dim);
  const typeNames = await dictionaryNames(
    db,
    of('type').map((row) => Number(row.key)),
  );
  const pairs = of('pair');
  const storeIds = [
    ...new Set(pairs.flatMap((row) => [row.key, row.to_key]).filter((id): id is string => id !== null)),
  ].map(Number);
  const storeNames =
    storeIds.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db
              .select({ id: stores.id, name: stores.name })
              .from(stores)
              .where(inArray(stores.id, storeIds))
          ).map((store) => [store.id, store.name]),
        );
  const storeOf = (key: string | null) => (key === null ? null : Number(key));
  return {
    department_id: node.id,
    department_name: node.name,
    from: range.from,
    to: range.to,
    total: of('type').reduce((sum, row) => sum + Number(row.n), 0),
    by_type: of('type')
      .map((row) => ({ key: row.key!, name: typeNames.get(Number(row.key)) ?? '', count: Number(row.n) }))
      .sort(byCountDesc),
    between_stores: pairs.map((row) => ({
      from_store_id: storeOf(row.key),
      from_store_name: storeOf(row.key) === null ? '' : (storeNames.get(Number(row.key)) ?? ''),
      to_store_id: storeOf(row.to_key),
      to_store_name: storeOf(row.to_key) === null ? '' : (storeNames.get(Number(row.to_key)) ?? ''),
      count: Number(row.n),
    })),
    by_month: fillMonths(
      range.months,
      of('month').map((row) => ({ month: row.key!, count: Number(row.n) })),
      (month) => ({ month, count: 0 }),
    ),
  };
}

/**
 * `GET statistic/prohibited`: entries added (by source) and lifted, by month. The list is the group's; a
 * caller with a narrower scope (or asking for a node) counts the entries their resignations added.
 */
export async function prohibitedReport(
  db: Database,
  scope: Scope,
  today: Today,
  timeZone: string,
  query: PeriodQuery,
): Promise<ProhibitedAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const range = rangeOf(today, query);
  const result = await db.execute(sql`
    with p as materialized (
      select p.source, (p.created_at at time zone ${timeZone})::date as added_on,
        (p.dismissed_at at time zone ${timeZone})::date as lifted_on
      from prohibited_entries p
      where ${
        node.paths === null
          ? sql`true`
          : sql`exists (
        select 1 from resignations r join departments d on d.id = r.department_id
        where r.prohibited_entry_id = p.id and ${underNode(node, sql`d.path`)}
      )`
      }
    )
    select 'added' as dim, to_char(added_on, 'YYYY-MM') as key, count(*)::int as n from p
      where added_on between ${range.from} and ${range.to} group by 2
    union all select 'source', source, count(*)::int from p
      where added_on between ${range.from} and ${range.to} group by 2
    union all select 'lifted', to_char(lifted_on, 'YYYY-MM'), count(*)::int from p
      where lifted_on between ${range.from} and ${range.to} group by 2
  `);
  const rows = rowsOf<DimensionRow>(result);
  const countOf = (dim: string, key: string) =>
    Number(rows.find((row) => row.dim === dim && row.key === key)?.n ?? 0);
  const byMonth = range.months.map((month) => ({
    month,
    added: countOf('added', month),
    lifted: countOf('lifted', month),
  }));
  return {
    from: range.from,
    to: range.to,
    added: byMonth.reduce((sum, month) => sum + month.added, 0),
    lifted: byMonth.reduce((sum, month) => sum + month.lifted, 0),
    by_month: byMonth,
    by_source: PROHIBITED_SOURCES.map((source) => ({
      key: source,
      name: prohibitedSourceNames[source],
      count: countOf('source', source),
    })),
  };
}
