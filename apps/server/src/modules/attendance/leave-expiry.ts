import { sql } from 'drizzle-orm';
import type { Today } from '../../core/clock';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

export const EXPIRE_LEAVE = 'attendance.expire-leave';

/**
 * A year's balances end with the year: a request draws on the balance of the year it starts in, so what is left
 * of an earlier year could never be taken. Each leftover becomes an `expire` line of its ledger, and the
 * balance reads 0. HR carries days over to the new year, where the group's policy allows it, with an
 * adjustment (`clock/leave/adjust`). A balance with a request still in approval waits until it is decided; a
 * balance that comes back later (an approved request of that year cancelled) expires at the next run. Answers
 * the balances expired.
 */
export async function expireLeave(db: Database, today: string): Promise<number> {
  const year = Number(today.slice(0, 4));
  return db.transaction(async (tx) => {
    // One run at a time (the start-up catch-up and the schedule's): two would both expire one leftover.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leave-expiry'))`);
    const expired = rowsOf<{ employee_id: number }>(
      await tx.execute(sql`
      insert into leave_ledger (employee_id, year, type, kind, days, note)
      select l.employee_id, l.year, l.type, 'expire', -sum(l.days), l.year || ' 年余额年末过期'
      from leave_ledger l
      where l.year < ${year}
        and not exists (
          select 1 from leave_requests r
          where r.employee_id = l.employee_id and r.type = l.type and r.status = 'approving'
            and r.start_day between make_date(l.year, 1, 1) and make_date(l.year, 12, 31))
      group by l.employee_id, l.year, l.type
      having sum(l.days) > 0
      returning employee_id`),
    );
    return expired.length;
  });
}

/** The schedule's job: every day, so that the first day of a year (or the first start after it) expires the last. */
export const expireLeaveJob = (db: Database, today: Today) =>
  defineJob<Record<string, never>, { expired: number }>({
    kind: EXPIRE_LEAVE,
    run: async () => ({ expired: await expireLeave(db, today()) }),
  });
