import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  OVERTIME_DAYS_AHEAD,
  OVERTIME_DAYS_BEHIND,
  lieuAllowedOn,
  lieuDaysFor,
  overtimeMessages,
  type OvertimeStatus,
} from '@dealer-hr/shared/attendance/overtime';
import type { OvertimeRequest, OvertimeRequestBody } from '@dealer-hr/shared/attendance/overtime-contract';
import type { DayKind } from '@dealer-hr/shared/attendance/rules';
import { addDays, type Today } from '../../core/clock';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import {
  approvalInstances,
  attendanceDays,
  employees,
  leaveLedger,
  overtimeRequests,
  stores,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, fieldConflict, notFound } from '../../lib/errors';
import { offsetOf, type Paging } from '../../lib/paging';
import type { ApprovalEngine } from '../approvals';
import { employeeOfUser } from './abnormal.service';
import { isMonthLocked } from './days.build';
import { balancesOf, dayKindsOf, lockPersonsLeave, withdrawPending } from './leave.service';

export const OVERTIME = 'overtime' as const;

const requestQuery = (db: Database) =>
  db
    .select({
      request: overtimeRequests,
      employeeName: employees.name,
      employeeNo: employees.employeeNo,
      storeName: stores.name,
      overtimeMinutes: attendanceDays.overtimeMinutes,
      approvalId: sql<number | null>`(
        select ${approvalInstances.id} from ${approvalInstances}
        where ${approvalInstances.businessType} = ${OVERTIME}
          and ${approvalInstances.businessId} = ${overtimeRequests.id}
        order by ${approvalInstances.id} desc limit 1)`,
    })
    .from(overtimeRequests)
    .innerJoin(employees, eq(employees.id, overtimeRequests.employeeId))
    .leftJoin(stores, eq(stores.id, employees.mainStoreId))
    .leftJoin(
      attendanceDays,
      and(
        eq(attendanceDays.employeeId, overtimeRequests.employeeId),
        eq(attendanceDays.day, overtimeRequests.day),
      ),
    );

/** The day table's overtime of the day in hours to one decimal. */
const punchedHours = (minutes: number | null) =>
  minutes === null ? null : Math.round((minutes / 60) * 10) / 10;

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

const requestOf = ({
  request,
  employeeName,
  employeeNo,
  storeName,
  overtimeMinutes,
  approvalId,
}: RequestRow): OvertimeRequest => ({
  id: request.id,
  employee_id: request.employeeId,
  employee_name: employeeName,
  employee_no: employeeNo,
  store_name: storeName,
  day: request.day,
  day_kind: request.dayKind,
  hours: request.hours,
  compensation: request.compensation,
  lieu_days: request.lieuDays,
  punched_hours: punchedHours(overtimeMinutes),
  reason: request.reason,
  status: request.status,
  approval_id: approvalId,
  created_at: request.createdAt.toISOString(),
});

export async function overtimeRequestById(db: Database, id: number) {
  const [row] = await requestQuery(db).where(eq(overtimeRequests.id, id));
  return row ? requestOf(row) : undefined;
}

export interface OvertimeListQuery extends Paging {
  mine?: boolean;
  status?: OvertimeStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
  store_id?: number | undefined;
}

/** `GET clock/overtime/index`: requests of the days asked, newest first, in scope or the caller's own. */
export async function listOvertime(db: Database, scope: Scope, userId: number, query: OvertimeListQuery) {
  const own = query.mine ? await employeeOfUser(db, userId) : undefined;
  const where = and(
    own === undefined ? inScope(scope, employees.mainDepartmentId) : eq(overtimeRequests.employeeId, own),
    query.status ? eq(overtimeRequests.status, query.status) : undefined,
    query.from ? gte(overtimeRequests.day, query.from) : undefined,
    query.to ? lte(overtimeRequests.day, query.to) : undefined,
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
    query.store_id ? eq(employees.mainStoreId, query.store_id) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    requestQuery(db)
      .where(where)
      .orderBy(desc(overtimeRequests.day), desc(overtimeRequests.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(overtimeRequests)
      .innerJoin(employees, eq(employees.id, overtimeRequests.employeeId))
      .where(where),
  ]);
  return { data: rows.map(requestOf), total: counted?.total ?? 0 };
}

const monthOf = (day: string) => day.slice(0, 7);

/**
 * What a day is for overtime (Labour Law art. 44): a statutory holiday whatever the person's schedule (paid
 * 300%); a day off of the calendar that is no statutory day is a weekend moved (调休), so a rest day (time off
 * in lieu or 200%); else the person's own working or rest day.
 */
function overtimeDayKind(
  { kindOf, statutoryOn }: Awaited<ReturnType<typeof dayKindsOf>>,
  day: string,
): DayKind {
  if (statutoryOn(day)) return 'holiday';
  const kind = kindOf(day);
  return kind === 'holiday' ? 'restday' : kind;
}

/**
 * `POST clock/overtime/store`: the employee's overtime of one day (worked in the last month, or planned for
 * the next), one request per day. Time off in lieu only for a rest day (a working day's and a holiday's
 * overtime is paid), and only for at least half a day's hours; then through the `overtime` flow, `hours` in
 * its form.
 */
export async function requestOvertime(
  db: Database,
  approvals: ApprovalEngine,
  today: Today,
  actor: AuditActor & { userId: number },
  body: OvertimeRequestBody,
): Promise<OvertimeRequest> {
  const employeeId = await employeeOfUser(db, actor.userId);
  if (body.day > addDays(today(), OVERTIME_DAYS_AHEAD))
    throw fieldConflict('day', overtimeMessages.tooFarAhead);
  if (body.day < addDays(today(), -OVERTIME_DAYS_BEHIND))
    throw fieldConflict('day', overtimeMessages.tooFarBehind);
  const id = await db.transaction(async (tx) => {
    await lockPersonsLeave(tx, employeeId);
    if (await isMonthLocked(tx, body.day)) throw conflict(overtimeMessages.monthLocked(monthOf(body.day)));
    const dayKind = overtimeDayKind(
      await dayKindsOf(tx, employeeId, { startDay: body.day, endDay: body.day }),
      body.day,
    );
    const lieuDays = body.compensation === 'lieu' ? lieuDaysFor(body.hours) : 0;
    if (body.compensation === 'lieu') {
      if (!lieuAllowedOn(dayKind))
        throw fieldConflict(
          'compensation',
          dayKind === 'holiday' ? overtimeMessages.lieuOnHoliday : overtimeMessages.lieuOnWorkday,
        );
      if (lieuDays === 0) throw fieldConflict('hours', overtimeMessages.lieuTooShort);
    }
    const [taken] = await tx
      .select({ id: overtimeRequests.id })
      .from(overtimeRequests)
      .where(
        and(
          eq(overtimeRequests.employeeId, employeeId),
          eq(overtimeRequests.day, body.day),
          inArray(overtimeRequests.status, ['approving', 'approved']),
        ),
      );
    if (taken) throw fieldConflict('day', overtimeMessages.duplicate);
    const [request] = await tx
      .insert(overtimeRequests)
      .values({
        employeeId,
        day: body.day,
        dayKind,
        hours: body.hours,
        compensation: body.compensation,
        lieuDays,
        reason: body.reason,
        status: 'approving',
        createdByUserId: actor.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'overtime_request',
      entityId: request!.id,
      action: 'submit',
      after: { day: body.day, hours: body.hours, compensation: body.compensation, reason: body.reason },
    });
    const [person] = await tx
      .select({ name: employees.name, departmentId: employees.mainDepartmentId })
      .from(employees)
      .where(eq(employees.id, employeeId));
    await approvals.submit(tx, {
      businessType: OVERTIME,
      businessId: request!.id,
      title: `${person!.name} 加班 ${body.hours} 小时（${body.day}）`,
      applicantUserId: actor.userId,
      departmentId: person!.departmentId!,
      form: { hours: body.hours },
      actor,
    });
    return request!.id;
  });
  return (await overtimeRequestById(db, id))!;
}

/**
 * The lieu days of an approved request as an `earn` line of the lieu ledger of `year`: at approval, the later of
 * the overtime's year and the approval's (a late-December Sunday approved in January is not lost to the year's
 * expiry); at cancel, taken back (negative) from the year they were credited to.
 */
export async function creditLieu(
  tx: Database,
  request: typeof overtimeRequests.$inferSelect,
  year: number,
  sign: 1 | -1,
) {
  if (request.lieuDays === 0) return;
  await tx.insert(leaveLedger).values({
    employeeId: request.employeeId,
    year,
    type: 'lieu',
    kind: 'earn',
    days: sign * request.lieuDays,
    overtimeRequestId: request.id,
    note: `${request.day} 加班 ${request.hours} 小时${sign === 1 ? '' : '（已撤销）'}`,
  });
}

/**
 * The year an approval on `today` credits a day's lieu to: the day's own, or `today`'s when the day's year has
 * ended (its balance expires with it).
 */
export const lieuYearOf = (day: string, today: string) =>
  Math.max(Number(day.slice(0, 4)), Number(today.slice(0, 4)));

/** The year an approved request's lieu days were credited to (none for paid overtime). */
async function creditedYear(tx: Database, requestId: number): Promise<number | undefined> {
  const [line] = await tx
    .select({ year: leaveLedger.year })
    .from(leaveLedger)
    .where(
      and(
        eq(leaveLedger.overtimeRequestId, requestId),
        eq(leaveLedger.kind, 'earn'),
        sql`${leaveLedger.days} > 0`,
      ),
    )
    .limit(1);
  return line?.year;
}

/**
 * `PUT clock/overtime/cancel`: the employee takes back their own request. One in approval is withdrawn through
 * the engine; an approved one is cancelled and its lieu days taken back, refused once they are spent (or held
 * by leave in approval).
 */
export async function cancelOvertime(
  db: Database,
  approvals: ApprovalEngine,
  today: Today,
  actor: AuditActor & { userId: number },
  id: number,
): Promise<OvertimeRequest> {
  const employeeId = await employeeOfUser(db, actor.userId);
  await db.transaction(async (tx) => {
    const own = and(eq(overtimeRequests.id, id), eq(overtimeRequests.employeeId, employeeId));
    const [asked] = await tx.select({ status: overtimeRequests.status }).from(overtimeRequests).where(own);
    if (!asked) throw notFound(overtimeMessages.notFound);
    // In approval: withdrawn through the engine, which locks its instance before the request, as an approval
    // does (the other order could deadlock with an approval deciding at the same moment).
    if (asked.status === 'approving' && (await withdrawPending(tx, approvals, actor, OVERTIME, id))) return;
    await lockPersonsLeave(tx, employeeId);
    const [request] = await tx.select().from(overtimeRequests).where(own).for('update');
    if (!request || request.status !== 'approved') throw conflict(overtimeMessages.notCancellable);
    if (await isMonthLocked(tx, request.day))
      throw conflict(overtimeMessages.monthLocked(monthOf(request.day)));
    const year = await creditedYear(tx, id);
    if (year !== undefined) {
      // An earlier year's balance has ended (leave-expiry.ts): its days can no longer be taken back.
      if (year < Number(today().slice(0, 4))) throw conflict(overtimeMessages.lieuExpired(year));
      const lieu = (await balancesOf(tx, employeeId, year)).find((balance) => balance.type === 'lieu')!;
      const free = lieu.left - lieu.pending;
      if (free < request.lieuDays) throw conflict(overtimeMessages.lieuUsed(free));
      await creditLieu(tx, request, year, -1);
    }
    await tx.update(overtimeRequests).set({ status: 'cancelled' }).where(eq(overtimeRequests.id, id));
    await writeAudit(tx, actor, { entity: 'overtime_request', entityId: id, action: 'cancel' });
  });
  return (await overtimeRequestById(db, id))!;
}
