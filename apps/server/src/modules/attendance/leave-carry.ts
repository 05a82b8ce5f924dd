import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

// Annual leave carried into a year (结转): its lines, and the annual leave taken against them by their deadline.
// The year-end job settles them (leave-expiry.ts); a request after a deadline cannot count on what lapses.

export interface CarryIn {
  id: number;
  year: number;
  days: number;
  expires_on: string;
  settled: boolean;
}

/** The person's annual days carried into `year`, oldest first, and the annual leave taken against them. */
export async function carriedInto(tx: Database, employeeId: number, year: number) {
  const carries = rowsOf<CarryIn>(
    await tx.execute(sql`
    select c.id, c.year, c.days, c.expires_on::text as expires_on,
           exists (select 1 from leave_ledger s where s.settles_id = c.id) as settled
    from leave_ledger c
    where c.employee_id = ${employeeId} and c.year = ${year} and c.type = 'annual' and c.kind = 'carry' and c.days > 0
    order by c.id`),
  );
  /** Annual leave of `statuses` starting from the year's first day to `until`. */
  const takenBy = async (until: string, statuses: readonly string[]) =>
    rowsOf<{ days: number }>(
      await tx.execute(sql`
      select coalesce(sum(days), 0)::float8 as days from leave_requests
      where employee_id = ${employeeId} and type = 'annual'
        and status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
        and start_day between ${`${year}-01-01`} and ${until}`),
    )[0]!.days;
  return { carries, takenBy };
}

/**
 * The carried days of each carry line the leave taken by its deadline did not use, the oldest line using the
 * leave first (a line settled earlier took its share then too).
 */
export function unusedOf(carries: readonly CarryIn[], taken: (carry: CarryIn) => number) {
  let used = 0;
  return carries.map((carry) => {
    const share = Math.max(0, Math.min(carry.days, taken(carry) - used));
    used += share;
    return { carry, unused: carry.days - share };
  });
}

/**
 * The annual days carried into `year` that lapse before `day` and that no leave by their deadline uses (approved
 * or in approval): a request starting after the deadline cannot count on them.
 */
export async function carriedLapsingBefore(tx: Database, employeeId: number, year: number, day: string) {
  const { carries, takenBy } = await carriedInto(tx, employeeId, year);
  if (!carries.some((carry) => !carry.settled && carry.expires_on < day)) return 0;
  const taken = new Map<string, number>();
  for (const until of new Set(carries.map((carry) => carry.expires_on)))
    taken.set(until, await takenBy(until, ['approved', 'approving']));
  return unusedOf(carries, (carry) => taken.get(carry.expires_on)!)
    .filter(({ carry }) => !carry.settled && carry.expires_on < day)
    .reduce((sum, { unused }) => sum + unused, 0);
}
