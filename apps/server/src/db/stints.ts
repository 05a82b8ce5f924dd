import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Marks where each main assignment of the people sits in their employment (`stint_start`, `ends_employment`,
 * `moves_store`; docs/statistics.md): a main assignment with none of the person's the day before opens a
 * stint (a hire), one with none the day after ends it (a leaver), one followed the next day at another store
 * is a move out of that store. modules/employment marks a person's after every change of their assignments;
 * `all` marks everyone's, after rows written in bulk (the demo, a benchmark); migration 0036 marked the rows
 * there were with the same statement.
 * Only rows whose marks change are written.
 */
export async function markStints(tx: Database, people: readonly number[] | 'all'): Promise<void> {
  const whose = people === 'all' ? sql`true` : sql`a.employee_id = any(${`{${people.join(',')}}`}::int[])`;
  await tx.execute(sql`
    update assignments t
    set stint_start = marks.stint_start, ends_employment = marks.ends_employment,
      moves_store = marks.moves_store
    from (
      select a.id,
        (select max(h.start_date) from assignments h
          where h.employee_id = a.employee_id and h.is_main and h.start_date <= a.start_date
            and not exists (
              select 1 from assignments q
              where q.employee_id = h.employee_id and q.is_main and q.end_date = h.start_date - 1
            )) as stint_start,
        a.end_date is not null and next.id is null as ends_employment,
        next.id is not null and next.store_id is distinct from a.store_id as moves_store
      from assignments a
      left join lateral (
        select p.id, p.store_id from assignments p
        where p.employee_id = a.employee_id and p.is_main and p.start_date = a.end_date + 1
        limit 1
      ) next on true
      where a.is_main and ${whose}
    ) marks
    where t.id = marks.id
      and (t.stint_start, t.ends_employment, t.moves_store)
        is distinct from (marks.stint_start, marks.ends_employment, marks.moves_store)`);
}
