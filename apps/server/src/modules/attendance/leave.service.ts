import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import {
  BALANCE_LEAVE_TYPES,
  DEFAULT_HOURLY_LEAVE_TYPES,
  LEAVE_DAYS_MAX,
  daysOfLeaveMinutes,
  isHourlyType,
  timeOfMinute,
  windowHours,
  windowText,
  annualLeaveFor,
  daysOfRange,
  leaveDays,
  leaveMessages,
  leaveQuotaOf,
  leaveTypeNames,
  leaveTypeRules,
  type LeaveRange,
  type LeaveType,
} from '@dealer-hr/shared/attendance/leave';
import type {
  LeaveAdjustBody,
  LeaveBalance,
  LeavePerson,
  LeaveRequest,
  LeaveRequestBody,
} from '@dealer-hr/shared/attendance/leave-contract';
import { dayKindOf, halvesOfShift, shiftEnd } from '@dealer-hr/shared/attendance/day';
import type { DayKind } from '@dealer-hr/shared/attendance/rules';
import type { Today } from '../../core/clock';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { staffChoices } from '../../core/staff-choices';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import {
  approvalInstances,
  attendanceSchedules,
  employees,
  holidayCalendar,
  leaveLedger,
  leaveRequests,
  stores,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, fieldConflict, notFound } from '../../lib/errors';
import { offsetOf, type Paging } from '../../lib/paging';
import type { ApprovalEngine } from '../approvals';
import { employeeOfUser } from './abnormal.service';
import { loadRulebook, placementsOn, type Group, type Shift } from './day-context';
import { computeDays, isMonthLocked } from './days.build';
import { carriedLapsingBefore } from './leave-carry';
import { lockPersonsLeave } from './leave-lock';
import { addMonths } from './punch-partitions';

export const LEAVE = 'leave' as const;

export { lockPersonsLeave } from './leave-lock';

/**
 * The person's attendance group and what each day of a range is for them: the group's week and the holiday
 * calendar (a shift group: a day with a shift scheduled is due, any other is a rest day or, as the calendar
 * says, a holiday). Without a group, Monday to Friday. `statutoryOn` tells a statutory holiday, whatever the
 * person's schedule.
 */
/** The attendance group of the person's place on `day` (undefined without one), with the rules it was read from. */
async function groupOn(db: Database, employeeId: number, day: string) {
  const [placement] = await placementsOn(db, [employeeId], day);
  const book = await loadRulebook(db);
  return { book, group: placement ? book.groupOf(placement) : undefined };
}

export async function dayKindsOf(
  db: Database,
  employeeId: number,
  range: { startDay: string; endDay: string },
): Promise<{
  group: Group | undefined;
  kindOf: (day: string) => DayKind;
  statutoryOn: (day: string) => boolean;
  /** The shift due on a working day (undefined without a group). */
  shiftOn: (day: string) => Shift | undefined;
}> {
  const { book, group } = await groupOn(db, employeeId, range.startDay);
  const entries = await db
    .select()
    .from(holidayCalendar)
    .where(and(gte(holidayCalendar.day, range.startDay), lte(holidayCalendar.day, range.endDay)));
  const calendar = new Map(entries.map((entry) => [entry.day, entry.kind] as const));
  const statutory = new Set(entries.filter((entry) => entry.statutory).map((entry) => entry.day));
  const statutoryOn = (day: string) => statutory.has(day);
  if (group?.kind === 'shift') {
    const scheduled = await db
      .select({ day: attendanceSchedules.day, shiftId: attendanceSchedules.shiftId })
      .from(attendanceSchedules)
      .where(
        and(
          eq(attendanceSchedules.employeeId, employeeId),
          gte(attendanceSchedules.day, range.startDay),
          lte(attendanceSchedules.day, range.endDay),
          sql`${attendanceSchedules.shiftId} is not null`,
        ),
      );
    const shiftByDay = new Map(scheduled.map((row) => [row.day, row.shiftId] as const));
    return {
      group,
      kindOf: (day) =>
        shiftByDay.has(day) ? 'workday' : calendar.get(day) === 'holiday' ? 'holiday' : 'restday',
      statutoryOn,
      shiftOn: (day) => book.shift(shiftByDay.get(day) ?? null),
    };
  }
  const week = group?.workdays ?? [1, 2, 3, 4, 5];
  return {
    group,
    kindOf: (day) => dayKindOf(day, week, calendar.get(day)),
    statutoryOn,
    shiftOn: () => (group ? book.shift(group.shiftId) : undefined),
  };
}

/** What counting a request's days needs of it. */
type LeaveShape = Omit<LeaveRequestBody, 'reason'>;

const rangeOf = (body: LeaveShape): LeaveRange => ({
  startDay: body.start_day,
  startHalf: body.start_half,
  endDay: body.end_day,
  endHalf: body.end_half,
});

/**
 * How many days the range takes for the person, refused when it takes none or too many, or more than one leave
 * of its type may (the statutory length with the province's days the person's group adds). Leave by the hour
 * takes an eighth of a day an hour, on a working day, of a type the group lets go by the hour, within the
 * day's shift (a free-hours group's day has no set hours); on a night shift the hours after midnight are the
 * shift's (the window is then kept in minutes past the day's 24:00). Answers the days, the window as kept and
 * the shift of each day (for telling what a half day takes).
 */
async function counted(db: Database, employeeId: number, body: LeaveShape) {
  const range = rangeOf(body);
  const { group, kindOf, shiftOn } = await dayKindsOf(db, employeeId, range);
  if (body.start_minute !== null && body.end_minute !== null) {
    const allowed: readonly string[] = group?.hourlyLeaveTypes ?? DEFAULT_HOURLY_LEAVE_TYPES;
    if (!isHourlyType(body.type) || !allowed.includes(body.type))
      throw fieldConflict('type', leaveMessages.notHourly(leaveTypeNames[body.type]));
    if (kindOf(body.start_day) !== 'workday') throw fieldConflict('start_day', leaveMessages.hoursNotWorkday);
    const shift = shiftOn(body.start_day);
    let window = { from: body.start_minute, to: body.end_minute };
    if (shift && group?.kind !== 'free') {
      const end = shiftEnd({ start: shift.startMinute, end: shift.endMinute });
      if (end > 1440 && window.to <= shift.startMinute)
        window = { from: window.from + 1440, to: window.to + 1440 };
      if (window.from < shift.startMinute || window.to > end)
        throw fieldConflict(
          'start_time',
          leaveMessages.hoursOutsideShift(timeOfMinute(shift.startMinute), timeOfMinute(end)),
        );
    }
    return { days: daysOfLeaveMinutes(window.to - window.from), window, shiftOn };
  }
  const days = leaveDays(range, (day) => kindOf(day) === 'workday', leaveTypeRules[body.type].calendar);
  if (days === 0) throw conflict(leaveMessages.noDays);
  if (days > LEAVE_DAYS_MAX) throw conflict(leaveMessages.tooLong);
  const quota = leaveQuotaOf(body.type, group?.leaveTopUps ?? {}, {
    difficultBirth: body.difficult_birth,
    extraBabies: body.extra_babies,
  });
  if (quota !== null && days > quota)
    throw conflict(leaveMessages.overQuota(leaveTypeNames[body.type], quota));
  return { days, window: null, shiftOn };
}

/** `GET clock/leave/options`: the types the caller's group (on `day`) lets go by the hour. */
export async function leaveOptions(db: Database, userId: number, day: string) {
  const { group } = await groupOn(db, await employeeOfUser(db, userId), day);
  return { hourly_leave_types: [...(group?.hourlyLeaveTypes ?? DEFAULT_HOURLY_LEAVE_TYPES)] };
}

/** `GET clock/leave/preview`: the days a range would take, before asking. */
export async function previewLeave(db: Database, userId: number, body: LeaveShape) {
  return { days: (await counted(db, await employeeOfUser(db, userId), body)).days };
}

/**
 * The year's annual leave is granted once to each person, the first time their balance is read: the statutory
 * entitlement for the years since joining, pro rata in the joining and leaving years.
 */
export async function grantAnnualLeave(tx: Database, employeeIds: readonly number[], year: number) {
  if (employeeIds.length === 0) return;
  const people = await tx
    .select({ id: employees.id, entryDate: employees.entryDate, leftOn: employees.leftOn })
    .from(employees)
    .where(inArray(employees.id, [...employeeIds]));
  if (people.length === 0) return;
  await tx
    .insert(leaveLedger)
    .values(
      people.map((person) => ({
        employeeId: person.id,
        year,
        type: 'annual' as const,
        kind: 'grant' as const,
        days: annualLeaveFor(year, person.entryDate, person.leftOn),
        note: `${year} 年法定年假`,
      })),
    )
    .onConflictDoNothing();
}

/** The person's balances of the year, with their ledgers and what waits in approval. */
export async function balancesOf(db: Database, employeeId: number, year: number): Promise<LeaveBalance[]> {
  await grantAnnualLeave(db, [employeeId], year);
  const [ledger, pending] = await Promise.all([
    db
      .select()
      .from(leaveLedger)
      .where(and(eq(leaveLedger.employeeId, employeeId), eq(leaveLedger.year, year)))
      .orderBy(asc(leaveLedger.createdAt), asc(leaveLedger.id)),
    db
      .select({ type: leaveRequests.type, days: sql<number>`sum(${leaveRequests.days})::float8` })
      .from(leaveRequests)
      .where(
        and(
          eq(leaveRequests.employeeId, employeeId),
          eq(leaveRequests.status, 'approving'),
          gte(leaveRequests.startDay, `${year}-01-01`),
          lte(leaveRequests.startDay, `${year}-12-31`),
        ),
      )
      .groupBy(leaveRequests.type),
  ]);
  return BALANCE_LEAVE_TYPES.map((type) => {
    const rows = ledger.filter((row) => row.type === type);
    const granted = rows
      .filter((row) => row.kind === 'grant' || row.kind === 'adjust' || row.kind === 'earn')
      .reduce((sum, row) => sum + row.days, 0);
    const left = rows.reduce((sum, row) => sum + row.days, 0);
    const expired = -rows.filter((row) => row.kind === 'expire').reduce((sum, row) => sum + row.days, 0);
    const carries = rows.filter((row) => row.kind === 'carry');
    const carriedIn = carries.filter((row) => row.days > 0);
    const carriedInDays = carriedIn.reduce((sum, row) => sum + row.days, 0);
    const carriedOut = -carries.filter((row) => row.days < 0).reduce((sum, row) => sum + row.days, 0);
    return {
      year,
      type,
      granted,
      used: granted + carriedInDays - left - expired - carriedOut,
      expired,
      carried_in: carriedInDays,
      carried_until: carriedIn
        .map((row) => row.expiresOn)
        .reduce<string | null>(
          (latest, until) => (until && (!latest || until > latest) ? until : latest),
          null,
        ),
      carried_out: carriedOut,
      pending: pending.find((row) => row.type === type)?.days ?? 0,
      left,
      ledger: rows.map((row) => ({
        kind: row.kind,
        days: row.days,
        note: row.note,
        created_at: row.createdAt.toISOString(),
      })),
    };
  });
}

const requestQuery = (db: Database) =>
  db
    .select({
      request: leaveRequests,
      employeeName: employees.name,
      employeeNo: employees.employeeNo,
      storeName: stores.name,
      approvalId: sql<number | null>`(
        select ${approvalInstances.id} from ${approvalInstances}
        where ${approvalInstances.businessType} = ${LEAVE} and ${approvalInstances.businessId} = ${leaveRequests.id}
        order by ${approvalInstances.id} desc limit 1)`,
    })
    .from(leaveRequests)
    .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
    .leftJoin(stores, eq(stores.id, employees.mainStoreId));

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

const requestOf = ({
  request,
  employeeName,
  employeeNo,
  storeName,
  approvalId,
}: RequestRow): LeaveRequest => ({
  id: request.id,
  employee_id: request.employeeId,
  employee_name: employeeName,
  employee_no: employeeNo,
  store_name: storeName,
  type: request.type,
  start_day: request.startDay,
  start_half: request.startHalf,
  end_day: request.endDay,
  end_half: request.endHalf,
  unit: request.unit,
  start_time: request.startMinute === null ? null : timeOfMinute(request.startMinute),
  end_time: request.endMinute === null ? null : timeOfMinute(request.endMinute),
  hours:
    request.startMinute === null || request.endMinute === null
      ? null
      : windowHours(request.startMinute, request.endMinute),
  days: request.days,
  reason: request.reason,
  status: request.status,
  approval_id: approvalId,
  created_at: request.createdAt.toISOString(),
});

export async function leaveRequestById(db: Database, id: number) {
  const [row] = await requestQuery(db).where(eq(leaveRequests.id, id));
  return row ? requestOf(row) : undefined;
}

export interface LeaveListQuery extends Paging {
  mine?: boolean;
  type?: LeaveType | undefined;
  status?: LeaveRequest['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
  store_id?: number | undefined;
}

/** `GET clock/leave/index`: requests overlapping the days asked, newest first, in scope or the caller's own. */
export async function listLeave(db: Database, scope: Scope, userId: number, query: LeaveListQuery) {
  const own = query.mine ? await employeeOfUser(db, userId) : undefined;
  const where = and(
    own === undefined ? inScope(scope, employees.mainDepartmentId) : eq(leaveRequests.employeeId, own),
    query.type ? eq(leaveRequests.type, query.type) : undefined,
    query.status ? eq(leaveRequests.status, query.status) : undefined,
    query.from ? gte(leaveRequests.endDay, query.from) : undefined,
    query.to ? lte(leaveRequests.startDay, query.to) : undefined,
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
    query.store_id ? eq(employees.mainStoreId, query.store_id) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    requestQuery(db)
      .where(where)
      .orderBy(desc(leaveRequests.startDay), desc(leaveRequests.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(leaveRequests)
      .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
      .where(where),
  ]);
  return { data: rows.map(requestOf), total: counted?.total ?? 0 };
}

/** `GET clock/leave/calendar`: approved leave overlapping a month, of a store or the caller's scope. */
export async function leaveCalendar(db: Database, scope: Scope, month: string, storeId: number | undefined) {
  const rows = await requestQuery(db)
    .where(
      and(
        eq(leaveRequests.status, 'approved'),
        inScope(scope, employees.mainDepartmentId),
        storeId ? eq(employees.mainStoreId, storeId) : undefined,
        lt(leaveRequests.startDay, `${addMonths(month, 1)}-01`),
        gte(leaveRequests.endDay, `${month}-01`),
      ),
    )
    .orderBy(asc(leaveRequests.startDay))
    .limit(500);
  return rows.map(requestOf);
}

/** The months a range touches are all open: leave of a closed month would change its sheet. */
async function assertMonthsOpen(tx: Database, range: LeaveRange) {
  for (let month = range.startDay.slice(0, 7); month <= range.endDay.slice(0, 7); month = addMonths(month, 1))
    if (await isMonthLocked(tx, `${month}-01`)) throw conflict(leaveMessages.monthLocked(month));
}

/**
 * `POST clock/leave/store`: the employee's request, counted in days (half days, the group's working days or
 * the calendar's), refused where it overlaps another, passes its type's length, or takes more than is left
 * of a balance (counting what is already in approval); then through the `leave` flow, `days` in its form.
 */
export async function requestLeave(
  db: Database,
  approvals: ApprovalEngine,
  actor: AuditActor & { userId: number },
  body: LeaveRequestBody,
): Promise<LeaveRequest> {
  const employeeId = await employeeOfUser(db, actor.userId);
  const id = await db.transaction(async (tx) => {
    await lockPersonsLeave(tx, employeeId);
    await assertMonthsOpen(tx, rangeOf(body));
    const { days, window, shiftOn } = await counted(tx, employeeId, body);
    const overlapping = await tx
      .select({ request: leaveRequests })
      .from(leaveRequests)
      .where(
        and(
          eq(leaveRequests.employeeId, employeeId),
          inArray(leaveRequests.status, ['approving', 'approved']),
          lte(leaveRequests.startDay, body.end_day),
          gte(leaveRequests.endDay, body.start_day),
        ),
      );
    const takes = (request: Parameters<typeof occupied>[0]) => occupied(request, shiftOn);
    const mine = takes({
      ...rangeOf(body),
      startMinute: window?.from ?? null,
      endMinute: window?.to ?? null,
    });
    if (overlapping.some(({ request }) => clashes(mine, takes(request))))
      throw conflict(leaveMessages.overlaps);
    if (leaveTypeRules[body.type].balance) {
      const year = Number(body.start_day.slice(0, 4));
      const balance = (await balancesOf(tx, employeeId, year)).find((row) => row.type === body.type)!;
      // Days carried in that lapse before the leave starts are not there for it.
      const lapsing =
        body.type === 'annual' ? await carriedLapsingBefore(tx, employeeId, year, body.start_day) : 0;
      const left = Math.max(0, balance.left - balance.pending - lapsing);
      if (days > left) throw conflict(leaveMessages.overBalance(leaveTypeNames[body.type], left));
    }
    const [request] = await tx
      .insert(leaveRequests)
      .values({
        employeeId,
        type: body.type,
        startDay: body.start_day,
        startHalf: body.start_half,
        endDay: body.end_day,
        endHalf: body.end_half,
        unit: body.unit,
        startMinute: window?.from ?? null,
        endMinute: window?.to ?? null,
        days,
        reason: body.reason,
        status: 'approving',
        createdByUserId: actor.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'leave_request',
      entityId: request!.id,
      action: 'submit',
      after: {
        type: body.type,
        startDay: body.start_day,
        endDay: body.end_day,
        ...(body.unit === 'hour' ? { startTime: body.start_time, endTime: body.end_time } : {}),
        days,
        reason: body.reason,
      },
    });
    const [person] = await tx
      .select({ name: employees.name, departmentId: employees.mainDepartmentId })
      .from(employees)
      .where(eq(employees.id, employeeId));
    await approvals.submit(tx, {
      businessType: LEAVE,
      businessId: request!.id,
      title: window
        ? `${person!.name} ${leaveTypeNames[body.type]} ${windowHours(window.from, window.to)} 小时（${body.start_day} ${windowText(window.from, window.to)}）`
        : `${person!.name} ${leaveTypeNames[body.type]} ${days} 天（${body.start_day} 至 ${body.end_day}）`,
      applicantUserId: actor.userId,
      departmentId: person!.departmentId!,
      form: { days },
      actor,
    });
    return request!.id;
  });
  return (await leaveRequestById(db, id))!;
}

/**
 * The time a request takes, per day, in minutes after midnight: leave by the hour its window; a half day that
 * half of the day's shift (its middle parts them, as the day table reads them), the whole day all of it.
 */
function occupied(
  request: LeaveRange & { startMinute: number | null; endMinute: number | null },
  shiftOn: (day: string) => Shift | undefined,
) {
  if (request.startMinute !== null && request.endMinute !== null)
    return [{ day: request.startDay, from: request.startMinute, to: request.endMinute }];
  return daysOfRange(request).map(({ day, span }) => {
    const shift = shiftOn(day);
    if (span === 'full') return { day, from: 0, to: 2 * 1440 };
    // Without a shift (no group), the day parts at noon.
    const halves = shift
      ? halvesOfShift({ start: shift.startMinute, end: shift.endMinute })
      : { am: { from: 0, to: 720 }, pm: { from: 720, to: 2 * 1440 } };
    return { day, ...halves[span] };
  });
}

const clashes = (mine: ReturnType<typeof occupied>, theirs: ReturnType<typeof occupied>) =>
  mine.some((one) =>
    theirs.some((other) => other.day === one.day && other.from < one.to && one.from < other.to),
  );

/**
 * Withdraws, through the engine, the pending approval of a record its applicant takes back (its business then
 * hands the record back); false when none is pending.
 */
export async function withdrawPending(
  tx: Database,
  approvals: ApprovalEngine,
  actor: AuditActor & { userId: number },
  businessType: string,
  businessId: number,
): Promise<boolean> {
  const [instance] = await tx
    .select({ id: approvalInstances.id })
    .from(approvalInstances)
    .where(
      and(
        eq(approvalInstances.businessType, businessType),
        eq(approvalInstances.businessId, businessId),
        eq(approvalInstances.status, 'pending'),
      ),
    );
  if (!instance) return false;
  await approvals.withdraw(tx, actor, instance.id, null);
  return true;
}

/** The past days of a request in open months, computed again after its approval or cancel. */
export async function recomputeLeaveDays(
  tx: Database,
  today: Today,
  timeZone: string,
  request: LeaveRange & { employeeId: number },
) {
  for (const { day } of daysOfRange(request)) {
    if (day >= today() || (await isMonthLocked(tx, day))) continue;
    await computeDays(tx, [request.employeeId], day, timeZone);
  }
}

/**
 * `PUT clock/leave/cancel`: the employee takes back their own request. One in approval is withdrawn through
 * the engine; an approved one is cancelled, its days restored to the balance and the past days recomputed.
 */
export async function cancelLeave(
  db: Database,
  approvals: ApprovalEngine,
  deps: { today: Today; timeZone: string },
  actor: AuditActor & { userId: number },
  id: number,
): Promise<LeaveRequest> {
  const employeeId = await employeeOfUser(db, actor.userId);
  await db.transaction(async (tx) => {
    const own = and(eq(leaveRequests.id, id), eq(leaveRequests.employeeId, employeeId));
    const [asked] = await tx.select({ status: leaveRequests.status }).from(leaveRequests).where(own);
    if (!asked) throw notFound(leaveMessages.notFound);
    // In approval: withdrawn through the engine, which locks its instance before the request, as an approval
    // does (the other order could deadlock with an approval deciding at the same moment).
    if (asked.status === 'approving' && (await withdrawPending(tx, approvals, actor, LEAVE, id))) return;
    const [request] = await tx.select().from(leaveRequests).where(own).for('update');
    if (!request || request.status !== 'approved') throw conflict(leaveMessages.notCancellable);
    await assertMonthsOpen(tx, request);
    await tx.update(leaveRequests).set({ status: 'cancelled' }).where(eq(leaveRequests.id, id));
    if (leaveTypeRules[request.type].balance)
      await tx.insert(leaveLedger).values({
        employeeId,
        year: Number(request.startDay.slice(0, 4)),
        type: request.type,
        kind: 'restore',
        days: request.days,
        requestId: id,
        note: '撤销请假',
      });
    await writeAudit(tx, actor, { entity: 'leave_request', entityId: id, action: 'cancel' });
    await recomputeLeaveDays(tx, deps.today, deps.timeZone, request);
  });
  return (await leaveRequestById(db, id))!;
}

/** HR's reading of a person in their scope (a person outside it is not found). */
async function assertPersonInScope(db: Database, scope: Scope, employeeId: number) {
  const [person] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), inScope(scope, employees.mainDepartmentId)));
  if (!person) throw notFound(leaveMessages.personNotFound);
}

/** `GET clock/leave/balance/person`: a person's balances of a year, for HR. */
export async function personBalances(db: Database, scope: Scope, employeeId: number, year: number) {
  await assertPersonInScope(db, scope, employeeId);
  return balancesOf(db, employeeId, year);
}

/**
 * `POST clock/leave/adjust`: days added to or taken from a person's balance by HR (a correction, time off in lieu
 * agreed outside a request; carry-over is the year-end job's), as an `adjust` line of the ledger with its reason.
 * A balance never goes below zero.
 */
export async function adjustBalance(db: Database, scope: Scope, actor: AuditActor, body: LeaveAdjustBody) {
  await assertPersonInScope(db, scope, body.employee_id);
  return db.transaction(async (tx) => {
    await lockPersonsLeave(tx, body.employee_id);
    const balance = (await balancesOf(tx, body.employee_id, body.year)).find(
      (each) => each.type === body.type,
    )!;
    // Days in approval come out at the approval: they must still be there then.
    const free = balance.left - balance.pending;
    if (free + body.days < 0) throw conflict(leaveMessages.adjustBelowZero(leaveTypeNames[body.type], free));
    const [line] = await tx
      .insert(leaveLedger)
      .values({
        employeeId: body.employee_id,
        year: body.year,
        type: body.type,
        kind: 'adjust',
        days: body.days,
        note: body.note,
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'leave_ledger',
      entityId: line!.id,
      action: 'create',
      after: {
        employeeId: body.employee_id,
        year: body.year,
        type: body.type,
        days: body.days,
        note: body.note,
      },
    });
    return (await balancesOf(tx, body.employee_id, body.year)).find((balance) => balance.type === body.type)!;
  });
}

/** `GET clock/leave/people`: the person picker of an adjustment, staff of the caller's scope (at most 20). */
export async function leavePeople(
  db: Database,
  scope: Scope,
  keyword: string | undefined,
): Promise<LeavePerson[]> {
  const people = await staffChoices(db, scope, keyword, sql<null>`null`);
  return people.map((person) => ({
    id: person.id,
    employee_no: person.employee_no,
    name: person.name,
    store_name: person.home.store_name,
    department_name: person.home.department_name,
  }));
}
