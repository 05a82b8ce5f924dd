import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { defineJob } from '../../core/jobs/queue';
import type { Today } from '../../core/clock';

export const ENSURE_PUNCH_PARTITIONS = 'attendance.ensure-punch-partitions';

/** Months created ahead of the current one, so a punch never waits for its partition. */
const MONTHS_AHEAD = 2;

/** 'YYYY-MM' moved by whole months. */
export function addMonths(month: string, months: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + number - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const partitionName = (month: string) => `clock_punches_${month.replace('-', '')}`;

/**
 * Creates the month's partition of the punches when it is missing: bounded by the month's first midnight in the
 * group's time zone (a punch at 00:30 Beijing time on the 1st is that month's, though it is the 31st in UTC).
 * Punches the default partition caught for that month are moved into it in the same transaction; PostgreSQL
 * would refuse to attach the month over them.
 */
export async function ensurePunchPartition(db: Database, month: string, timeZone: string): Promise<boolean> {
  const name = partitionName(month);
  const from = sql`(${`${month}-01 00:00`}::timestamp at time zone ${timeZone})`;
  const to = sql`(${`${addMonths(month, 1)}-01 00:00`}::timestamp at time zone ${timeZone})`;
  return db.transaction(async (tx) => {
    // Two instances creating the same month take turns; the second finds it made.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clock_punches_partitions'))`);
    const existing = rowsOf(await tx.execute(sql`select 1 from pg_class where relname = ${name}`));
    if (existing.length > 0) return false;
    const [bounds] = rowsOf<{ from: string; to: string }>(
      await tx.execute(sql`select ${from}::text as "from", ${to}::text as "to"`),
    );
    const table = sql.identifier(name);
    await tx.execute(sql`create table ${table} (like clock_punches including defaults)`);
    await tx.execute(sql`
      with moved as (
        delete from clock_punches_default where punched_at >= ${from} and punched_at < ${to} returning *
      )
      insert into ${table} select * from moved`);
    // Partition bounds are literals: the instants read above, with their offsets.
    await tx.execute(
      sql.raw(
        `alter table clock_punches attach partition "${name}" ` +
          `for values from ('${bounds!.from}') to ('${bounds!.to}')`,
      ),
    );
    return true;
  });
}

/** The months from `first` to `last` ('YYYY-MM'), each created when missing. */
export async function ensurePunchPartitions(db: Database, first: string, last: string, timeZone: string) {
  let created = 0;
  for (let month = first; month <= last; month = addMonths(month, 1))
    if (await ensurePunchPartition(db, month, timeZone)) created += 1;
  return created;
}

/** The schedule's job: this month and the next two. */
export const ensurePunchPartitionsJob = (db: Database, today: Today, timeZone: string) =>
  defineJob<Record<string, never>, { created: number }>({
    kind: ENSURE_PUNCH_PARTITIONS,
    async run() {
      const month = today().slice(0, 7);
      return { created: await ensurePunchPartitions(db, month, addMonths(month, MONTHS_AHEAD), timeZone) };
    },
  });
