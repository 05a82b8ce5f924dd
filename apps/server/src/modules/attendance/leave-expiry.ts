import { sql } from 'drizzle-orm';
import { carryDeadline } from '@dealer-hr/shared/attendance/leave';
import type { Today } from '../../core/clock';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { leaveLedger } from '../../db/schema';
import { loadRulebook, placementsOn } from './day-context';
import { carriedInto, unusedOf } from './leave-carry';
import { lockPersonsLeave } from './leave-lock';
import { balancesOf } from './leave.service';

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

interface CarryRule {
  days: number;
  months: number;
}

/**
 * A year's balances end with the year: a request draws on the balance of the year it starts in, so what is left
 * of an earlier year could never be taken. Annual leave left of last year is carried into this year up to the
 * days the person's attendance group allows (its group as the year turned: someone who had left by then carries
 * nothing), to be taken by the end of the group's number of months; the rest expires, as does whatever is left
 * of time off in lieu and of any older year. Each is a line of the ledger, so the old balance reads 0 and the new
 * one shows what came in and until when. A balance with a request still in approval waits until it is decided;
 * one that comes back later (an approved request of that year cancelled) ends at the next run, carried only as
 * far as the rule's days were not carried already.
 *
 * Days carried in whose deadline has passed are settled first (so that they are never carried on themselves):
 * the annual leave approved from the year's first day to the deadline counts against the carried days first,
 * and what is left of them expires, never more than the balance keeps free of requests in approval.
 *
 * Each person is one transaction under their leave lock, as a request, a cancel and an adjustment are: a run
 * stopped half way leaves each person either done or untouched, and the next run goes on.
 */
export async function expireLeave(db: Database, today: string): Promise<LeaveExpiry> {
  const year = Number(today.slice(0, 4));
  const people = rowsOf<{ employee_id: number }>(
    await db.execute(sql`
    select employee_id from leave_ledger where year < ${year}
    group by employee_id, year, type having sum(days) > 0
    union
    select c.employee_id from leave_ledger c
    where c.kind = 'carry' and c.days > 0 and c.expires_on < ${today}
      and not exists (select 1 from leave_ledger s where s.settles_id = c.id)
    order by employee_id`),
  ).map((row) => row.employee_id);
  const rules = await carryRules(db, people, `${year}-01-01`);
  const total: LeaveExpiry = { expired: 0, carried: 0, settled: 0 };
  for (const employeeId of people) {
    const done = await db.transaction(async (tx) => {
      await lockPersonsLeave(tx, employeeId);
      const settled = await settleCarried(tx, employeeId, today);
      return { settled, ...(await endEarlierYears(tx, employeeId, year, rules.get(employeeId))) };
    });
    total.expired += done.expired;
    total.carried += done.carried;
    total.settled += done.settled;
  }
  return total;
}

/** The annual carry-over rule of each person's attendance group on `day` (none without a place or a group). */
async function carryRules(db: Database, employeeIds: readonly number[], day: string) {
  const rules = new Map<number, CarryRule>();
  if (employeeIds.length === 0) return rules;
  const book = await loadRulebook(db);
  for (let start = 0; start < employeeIds.length; start += PEOPLE_AT_ONCE)
    for (const placement of await placementsOn(db, employeeIds.slice(start, start + PEOPLE_AT_ONCE), day)) {
      const group = book.groupOf(placement);
      if (group && group.annualCarryDays > 0)
        rules.set(placement.employeeId, { days: group.annualCarryDays, months: group.annualCarryMonths });
    }
  return rules;
}

/** The person's balances of earlier years with days left: carried on by `rule` (last year's annual), or expired. */
async function endEarlierYears(tx: Database, employeeId: number, year: number, rule: CarryRule | undefined) {
  const leftovers = rowsOf<{ year: number; type: 'annual' | 'lieu'; days: number; carried_out: number }>(
    await tx.execute(sql`
    select l.year, l.type, sum(l.days)::float8 as days,
           coalesce(-sum(l.days) filter (where l.kind = 'carry' and l.days < 0), 0)::float8 as carried_out
    from leave_ledger l
    where l.employee_id = ${employeeId} and l.year < ${year}
      and not exists (
        select 1 from leave_requests r
        where r.employee_id = l.employee_id and r.type = l.type and r.status = 'approving'
          and r.start_day between make_date(l.year, 1, 1) and make_date(l.year, 12, 31))
    group by l.year, l.type
    having sum(l.days) > 0`),
  );
  const lines: (typeof leaveLedger.$inferInsert)[] = [];
  let carried = 0;
  for (const { year: of, type, days, carried_out: carriedOut } of leftovers) {
    const allowed = rule && type === 'annual' && of === year - 1 ? rule.days - carriedOut : 0;
    const carry = Math.max(0, Math.min(days, allowed));
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
  if (lines.length > 0) await tx.insert(leaveLedger).values(lines);
  return { expired: leftovers.length, carried };
}

/**
 * Settles the person's carried days whose deadline is before `today`: each line gets its `expire` line (of 0
 * days when all of it was taken in time), unless annual leave starting by the deadline is still in approval.
 */
async function settleCarried(tx: Database, employeeId: number, today: string): Promise<number> {
  const years = rowsOf<{ year: number }>(
    await tx.execute(sql`
    select distinct c.year from leave_ledger c
    where c.employee_id = ${employeeId} and c.kind = 'carry' and c.days > 0 and c.expires_on < ${today}
      and not exists (select 1 from leave_ledger s where s.settles_id = c.id)`),
  );
  let settled = 0;
  for (const { year } of years) {
    const { carries, takenBy } = await carriedInto(tx, employeeId, year);
    const taken = new Map<string, number>();
    const waiting = new Set<string>();
    for (const until of new Set(carries.map((carry) => carry.expires_on))) {
      taken.set(until, await takenBy(until, ['approved']));
      if (until < today && (await takenBy(until, ['approving'])) > 0) waiting.add(until);
    }
    const annual = (await balancesOf(tx, employeeId, year)).find((balance) => balance.type === 'annual')!;
    // Never more than the balance keeps free of requests in approval: their approval must still find the days.
    let free = Math.max(0, annual.left - annual.pending);
    for (const { carry, unused } of unusedOf(carries, (carry) => taken.get(carry.expires_on)!)) {
      if (carry.settled || carry.expires_on >= today || waiting.has(carry.expires_on)) continue;
      const expire = Math.min(unused, free);
      free -= expire;
      await tx.insert(leaveLedger).values({
        employeeId,
        year,
        type: 'annual',
        kind: 'expire',
        days: expire > 0 ? -expire : 0,
        settlesId: carry.id,
        note:
          unused > 0
            ? `${year - 1} 年结转的年假未在 ${carry.expires_on} 前休完，余下部分过期`
            : `${year - 1} 年结转的年假已在 ${carry.expires_on} 前休完`,
      });
      settled += 1;
    }
  }
  return settled;
}

/** The schedule's job: every day, so that the first day of a year (or the first start after it) ends the last. */
export const expireLeaveJob = (db: Database, today: Today) =>
  defineJob<Record<string, never>, LeaveExpiry>({
    kind: EXPIRE_LEAVE,
    run: () => expireLeave(db, today()),
  });
