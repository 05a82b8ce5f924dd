import { sql } from 'drizzle-orm';
import { carryDeadline } from '@dealer-hr/shared/attendance/leave';
import type { Today } from '../../core/clock';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { leaveLedger } from '../../db/schema';
import { loadRulebook, placementsOn } from './day-context';

export const EXPIRE_LEAVE = 'attendance.expire-leave';

/** Placements read at once: one statement names each person. */
const PEOPLE_AT_ONCE = 1000;

export interface LeaveExpiry {
  /** Balances of earlier years ended: carried over, expired, or both. */
  expired: number;
  /** Of those, the annual balances of which days were carried into the next year. */
  carried: number;
  /** Carried days whose deadline passed, settled (what was not taken expired). */
  settled: number;
}

interface Leftover {
  employee_id: number;
  year: number;
  type: 'annual' | 'lieu';
  days: number;
}

/**
 * A year's balances end with the year: a request draws on the balance of the year it starts in, so what is left
 * of an earlier year could never be taken. Annual leave left of last year is carried into this year up to the
 * days the person's attendance group allows (its group on the last day of that year: someone who had left by
 * then carries nothing), to be taken by the end of the group's number of months; the rest expires, as does
 * whatever is left of time off in lieu and of any older year. Each is a line of the ledger, so the old
 * balance reads 0 and the new one shows what came in and until when. A balance with a request still in
 * approval waits until it is decided; a balance that comes back later (an approved request of that year
 * cancelled) expires at the next run.
 *
 * Days carried in whose deadline has passed are settled once: the carried days count as taken first by the
 * annual leave approved from the year's first day to the deadline, and what is left of them, never more than
 * the balance, expires. HR may still add days by hand (`clock/leave/adjust`).
 */
export async function expireLeave(db: Database, today: string): Promise<LeaveExpiry> {
  const year = Number(today.slice(0, 4));
  return db.transaction(async (tx) => {
    // One run at a time (the start-up catch-up and the schedule's): two would both expire one leftover.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leave-expiry'))`);
    const leftovers = rowsOf<Leftover>(
      await tx.execute(sql`
      select l.employee_id, l.year, l.type, sum(l.days)::float8 as days
      from leave_ledger l
      where l.year < ${year}
        and not exists (
          select 1 from leave_requests r
          where r.employee_id = l.employee_id and r.type = l.type and r.status = 'approving'
            and r.start_day between make_date(l.year, 1, 1) and make_date(l.year, 12, 31))
      group by l.employee_id, l.year, l.type
      having sum(l.days) > 0`),
    );
    const carryOf = await carryRules(
      tx,
      leftovers.filter((row) => row.type === 'annual' && row.year === year - 1).map((row) => row.employee_id),
      `${year - 1}-12-31`,
    );
    const lines: (typeof leaveLedger.$inferInsert)[] = [];
    let carried = 0;
    for (const { employee_id: employeeId, year: of, type, days } of leftovers) {
      const rule = type === 'annual' && of === year - 1 ? carryOf.get(employeeId) : undefined;
      const carry = Math.min(days, rule?.days ?? 0);
      if (carry > 0) {
        const until = carryDeadline(year, rule!.months);
        carried += 1;
        lines.push(
          { employeeId, year: of, type, kind: 'carry', days: -carry, note: `结转至 ${year} 年` },
          {
            employeeId,
            year,
            type,
            kind: 'carry',
            days: carry,
            expiresOn: until,
            note: `${of} 年结转，${until} 前有效`,
          },
        );
      }
      if (days > carry)
        lines.push({
          employeeId,
          year: of,
          type,
          kind: 'expire',
          days: carry - days,
          note: `${of} 年余额年末过期`,
        });
    }
    for (let start = 0; start < lines.length; start += PEOPLE_AT_ONCE)
      await tx.insert(leaveLedger).values(lines.slice(start, start + PEOPLE_AT_ONCE));
    return { expired: leftovers.length, carried, settled: await settleCarried(tx, today) };
  });
}

/** The annual carry-over rule of each person's attendance group on `day` (none without a place or a group). */
async function carryRules(tx: Database, employeeIds: readonly number[], day: string) {
  const rules = new Map<number, { days: number; months: number }>();
  if (employeeIds.length === 0) return rules;
  const book = await loadRulebook(tx);
  for (let start = 0; start < employeeIds.length; start += PEOPLE_AT_ONCE)
    for (const placement of await placementsOn(tx, employeeIds.slice(start, start + PEOPLE_AT_ONCE), day)) {
      const group = book.groupOf(placement);
      if (group && group.annualCarryDays > 0)
        rules.set(placement.employeeId, { days: group.annualCarryDays, months: group.annualCarryMonths });
    }
  return rules;
}

/**
 * The carry lines whose deadline is before `today` and not settled yet: each gets its `expire` line (of 0 days
 * when everything carried was taken in time), unless annual leave starting by the deadline is still in approval.
 */
async function settleCarried(tx: Database, today: string): Promise<number> {
  const settled = rowsOf<{ id: number }>(
    await tx.execute(sql`
    insert into leave_ledger (employee_id, year, type, kind, days, settles_id, note)
    select c.employee_id, c.year, c.type, 'expire', 0 - greatest(0, least(c.days - taken.days, balance.days)), c.id,
           case when c.days - taken.days > 0
             then c.year - 1 || ' 年结转的年假未在 ' || c.expires_on || ' 前休完，余下部分过期'
             else c.year - 1 || ' 年结转的年假已在 ' || c.expires_on || ' 前休完' end
    from leave_ledger c
    cross join lateral (
      select coalesce(sum(r.days), 0)::float8 as days from leave_requests r
      where r.employee_id = c.employee_id and r.type = c.type and r.status = 'approved'
        and r.start_day between make_date(c.year, 1, 1) and c.expires_on) taken
    cross join lateral (
      select coalesce(sum(l.days), 0)::float8 as days from leave_ledger l
      where l.employee_id = c.employee_id and l.year = c.year and l.type = c.type) balance
    where c.kind = 'carry' and c.days > 0 and c.expires_on < ${today}
      and not exists (select 1 from leave_ledger s where s.settles_id = c.id)
      and not exists (
        select 1 from leave_requests r
        where r.employee_id = c.employee_id and r.type = c.type and r.status = 'approving'
          and r.start_day between make_date(c.year, 1, 1) and c.expires_on)
    returning id`),
  );
  return settled.length;
}

/** The schedule's job: every day, so that the first day of a year (or the first start after it) ends the last. */
export const expireLeaveJob = (db: Database, today: Today) =>
  defineJob<Record<string, never>, LeaveExpiry>({
    kind: EXPIRE_LEAVE,
    run: () => expireLeave(db, today()),
  });
