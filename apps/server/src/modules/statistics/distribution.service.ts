import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { CountItem, DistributionAnswer, DistributionQuery } from '@dealer-hr/shared/statistics/contract';
import {
  AGE_BANDS,
  TENURE_BANDS,
  UNKNOWN_KEY,
  UNKNOWN_NAME,
  ageBandNames,
  sexNames,
  tenureBandNames,
} from '@dealer-hr/shared/statistics/rules';
import type { Today } from '../../core/clock';
import type { Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dictionaryItems } from '../../db/schema';
import { onStaffAt } from './movements';
import { resolveNode, underNode } from './node';

/** What the people on staff are counted by: `GET statistic/{education,sex,age,tenure}`. */
export const DISTRIBUTIONS = ['education', 'sex', 'age', 'tenure'] as const;
export type Distribution = (typeof DISTRIBUTIONS)[number];

/** A person's value of each distribution, over `e` (employees) at the date `day`. */
const valueOf = (day: string): Record<Distribution, SQL> => ({
  education: sql`e.education_id`,
  sex: sql`e.gender`,
  age: sql`extract(year from age(${day}::date, e.birth_date))::int`,
  tenure: sql`greatest((extract(year from age(${day}::date + 1, e.entry_date)) * 12
    + extract(month from age(${day}::date + 1, e.entry_date)))::int, 0)`,
});

type Band = { key: string; from: number; to: number | null };
const bandItems = (
  bands: readonly Band[],
  names: Record<string, string>,
  counts: { key: string | null; n: number }[],
): CountItem[] => {
  const items = bands.map((band) => ({ key: band.key, name: names[band.key]!, count: 0 }));
  let unknown = 0;
  for (const row of counts) {
    const value = row.key === null ? null : Number(row.key);
    const index =
      value === null
        ? -1
        : bands.findIndex((band) => value >= band.from && (band.to === null || value < band.to));
    if (index < 0) unknown += Number(row.n);
    else items[index]!.count += Number(row.n);
  }
  return unknown > 0 ? [...items, { key: UNKNOWN_KEY, name: UNKNOWN_NAME, count: unknown }] : items;
};

async function educationItems(
  db: Database,
  counts: { key: string | null; n: number }[],
): Promise<CountItem[]> {
  const ids = counts.filter((row) => row.key !== null).map((row) => Number(row.key));
  const items =
    ids.length === 0
      ? []
      : await db
          .select({ id: dictionaryItems.id, name: dictionaryItems.name })
          .from(dictionaryItems)
          .where(inArray(dictionaryItems.id, ids))
          .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id));
  const found: CountItem[] = items.map((item) => ({
    key: String(item.id),
    name: item.name,
    count: Number(counts.find((row) => Number(row.key) === item.id)!.n),
  }));
  const unknown = counts.find((row) => row.key === null);
  return unknown ? [...found, { key: UNKNOWN_KEY, name: UNKNOWN_NAME, count: Number(unknown.n) }] : found;
}

/** The people on staff at a date (their main assignment open on it) inside the node, by one attribute. */
export async function distribution(
  db: Database,
  scope: Scope,
  today: Today,
  query: DistributionQuery,
  of: Distribution,
): Promise<DistributionAnswer> {
  const node = await resolveNode(db, scope, query.department_id);
  const day = query.date ?? today();
  const result = await db.execute(sql`
    select ${valueOf(day)[of]}::text as key, count(*)::int as n
    from assignments a
    join departments d on d.id = a.department_id
    join employees e on e.id = a.employee_id
    where ${onStaffAt(day)} and ${underNode(node, sql`d.path`)}
    group by 1
  `);
  const counts = rowsOf<{ key: string | null; n: number }>(result);
  const items =
    of === 'education'
      ? await educationItems(db, counts)
      : of === 'age'
        ? bandItems(AGE_BANDS, ageBandNames, counts)
        : of === 'tenure'
          ? bandItems(TENURE_BANDS, tenureBandNames, counts)
          : (['male', 'female'] as const).map((sex) => ({
              key: sex,
              name: sexNames[sex],
              count: Number(counts.find((row) => row.key === sex)?.n ?? 0),
            }));
  return {
    department_id: node.id,
    department_name: node.name,
    date: day,
    total: counts.reduce((sum, row) => sum + Number(row.n), 0),
    items,
  };
}
