import { and, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { ruleMessages, type AbnormalKind } from '@dealer-hr/shared/attendance/rules';
import type { CorrectionBody } from '@dealer-hr/shared/attendance/clock-contract';
import { addDays, type Clock, type Today } from '../../core/clock';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { attendanceCorrections, attendanceDays, employees, users } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { startOfDay } from '../../lib/day-range';
import { conflict, notFound } from '../../lib/errors';
import { offsetOf, type Paging } from '../../lib/paging';
import type { ApprovalEngine } from '../approvals';
import { loadRulebook, placementsOn } from './day-context';
import { addMonths } from './punch-partitions';
import { isMonthLocked } from './days.build';
import { dayQuery, daysOf } from './rows';

export const CLOCK_CORRECTION = 'clock_correction' as const;

/** A day's abnormality of one kind, as SQL over the day table (the same tests as abnormalKindsOf). */
const kindCondition: Record<AbnormalKind, ReturnType<typeof sql>> = {
  late: sql`${attendanceDays.lateMinutes} > 0`,
  early: sql`${attendanceDays.earlyMinutes} > 0`,
  missing: sql`(${attendanceDays.missingIn} or ${attendanceDays.missingOut})`,
  outside: sql`${attendanceDays.outside} > 0`,
  absent: sql`${attendanceDays.absent} > 0`,
};

export interface DayListQuery extends Paging {
  from?: string | undefined;
  to?: string | undefined;
  store_id?: number | undefined;
  keyword?: string | undefined;
  kind?: AbnormalKind | undefined;
  /** Only the days whose explanation waits for a manager. */
  pending?: boolean | undefined;
  /** Only the caller's own days. */
  mine?: boolean | undefined;
}

/** The employee of the signed-in account, or a 409 for an account without one. */
export async function employeeOfUser(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ employeeId: users.employeeId }).from(users).where(eq(users.id, userId));
  if (!row?.employeeId) throw conflict(ruleMessages.noEmployee);
  return row.employeeId;
}

/**
 * `GET clock/abnormal`: abnormal days before today (today is still being worked), newest first, in the
 * caller's scope or only their own.
 */
export async function listAbnormalDays(
  db: Database,
  scope: Scope,
  userId: number,
  today: string,
  query: DayListQuery,
) {
  const own = query.mine ? await employeeOfUser(db, userId) : undefined;
  const where = and(
    eq(attendanceDays.status, 'abnormal'),
    lt(attendanceDays.day, today),
    own === undefined ? inScope(scope, attendanceDays.departmentId) : eq(attendanceDays.employeeId, own),
    query.from ? gte(attendanceDays.day, query.from) : undefined,
    query.to ? lte(attendanceDays.day, query.to) : undefined,
    query.store_id ? eq(attendanceDays.storeId, query.store_id) : undefined,
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
    query.kind ? kindCondition[query.kind] : undefined,
    query.pending ? eq(attendanceDays.explanationStatus, 'pending') : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    dayQuery(db)
      .where(where)
      .orderBy(desc(attendanceDays.day), attendanceDays.employeeId)
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(attendanceDays)
      .innerJoin(employees, eq(employees.id, attendanceDays.employeeId))
      .where(where),
  ]);
  return { data: await daysOf(db, rows), total: counted?.total ?? 0 };
}

async function ownAbnormalDay(tx: Database, employeeId: number, day: string) {
  const [row] = await tx
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.day, day)))
    .for('update');
  if (!row) throw notFound(ruleMessages.dayNotFound);
  if (row.status !== 'abnormal') throw conflict(ruleMessages.notAbnormal);
  return row;
}

/** `PUT clock/abnormal/explain`: the employee says why; a manager reads it next. */
export async function explainDay(
  db: Database,
  userId: number,
  actor: AuditActor,
  body: { day: string; explanation: string },
) {
  const employeeId = await employeeOfUser(db, userId);
  await db.transaction(async (tx) => {
    await ownAbnormalDay(tx, employeeId, body.day);
    if (await isMonthLocked(tx, body.day)) throw conflict(ruleMessages.monthLocked(body.day.slice(0, 7)));
    await tx
      .update(attendanceDays)
      .set({ explanation: body.explanation, explainedAt: new Date(), explanationStatus: 'pending' })
      .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.day, body.day)));
    await writeAudit(tx, actor, {
      entity: 'attendance_day',
      entityId: employeeId,
      action: 'explain',
      after: { day: body.day, explanation: body.explanation },
    });
  });
}

/** `PUT clock/abnormal/review`: a manager accepts or rejects an explanation of a day in their scope. */
export async function reviewExplanation(
  db: Database,
  scope: Scope,
  actor: AuditActor & { userId: number },
  body: { employee_id: number; day: string; accepted: boolean },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(attendanceDays)
      .where(
        and(
          eq(attendanceDays.employeeId, body.employee_id),
          eq(attendanceDays.day, body.day),
          inScope(scope, attendanceDays.departmentId),
        ),
      )
      .for('update');
    if (!row || row.explanationStatus === null) throw notFound(ruleMessages.dayNotFound);
    const status = body.accepted ? 'accepted' : 'rejected';
    await tx
      .update(attendanceDays)
      .set({ explanationStatus: status, explanationReviewedByUserId: actor.userId })
      .where(and(eq(attendanceDays.employeeId, body.employee_id), eq(attendanceDays.day, body.day)));
    await writeAudit(tx, actor, {
      entity: 'attendance_day',
      entityId: body.employee_id,
      action: body.accepted ? 'approve' : 'reject',
      after: { day: body.day, explanationStatus: status },
    });
  });
}

/**
 * `POST clock/abnormal/correction`: a 补卡 for one of the employee's own abnormal days, within the group's
 * monthly quota and deadline, sent through its approval flow. The punch is written when it is approved.
 */
export async function requestCorrection(
  db: Database,
  approvals: ApprovalEngine,
  { today, clock, timeZone }: { today: Today; clock: Clock; timeZone: string },
  actor: AuditActor & { userId: number },
  body: CorrectionBody,
) {
  const employeeId = await employeeOfUser(db, actor.userId);
  return db.transaction(async (tx) => {
    const day = await ownAbnormalDay(tx, employeeId, body.day);
    if (await isMonthLocked(tx, body.day)) throw conflict(ruleMessages.monthLocked(body.day.slice(0, 7)));
    const [placement] = await placementsOn(tx, [employeeId], body.day);
    const group = placement ? (await loadRulebook(tx)).groupOf(placement) : undefined;
    if (!placement || !group) throw conflict(ruleMessages.noGroup);
    if (addDays(body.day, group.correctionDeadlineDays) < today())
      throw conflict(ruleMessages.correctionDeadline(group.correctionDeadlineDays));
    const punchAt = new Date(body.punch_at);
    const dayStart = startOfDay(body.day, timeZone).getTime() + group.dayBoundaryHour * 3_600_000;
    if (punchAt.getTime() < dayStart || punchAt.getTime() >= dayStart + 86_400_000)
      throw conflict(ruleMessages.correctionOutsideDay, {
        errors: [{ field: 'punch_at', message: ruleMessages.correctionOutsideDay }],
      });
    if (punchAt.getTime() > clock.now().getTime())
      throw conflict(ruleMessages.correctionFuture, {
        errors: [{ field: 'punch_at', message: ruleMessages.correctionFuture }],
      });
    // One correction at a time per day, and the month's quota across approving and approved ones.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('attendance_corrections'), ${employeeId})`);
    const month = body.day.slice(0, 7);
    const asked = await tx
      .select({ day: attendanceCorrections.day, status: attendanceCorrections.status })
      .from(attendanceCorrections)
      .where(
        and(
          eq(attendanceCorrections.employeeId, employeeId),
          gte(attendanceCorrections.day, `${month}-01`),
          lt(attendanceCorrections.day, `${addMonths(month, 1)}-01`),
          inArray(attendanceCorrections.status, ['approving', 'approved']),
        ),
      );
    if (asked.some((row) => row.day === body.day && row.status === 'approving'))
      throw conflict(ruleMessages.correctionPending);
    if (asked.length >= group.correctionQuota)
      throw conflict(ruleMessages.correctionQuota(group.correctionQuota));
    const [correction] = await tx
      .insert(attendanceCorrections)
      .values({
        employeeId,
        day: body.day,
        side: body.side,
        punchAt,
        reason: body.reason,
        status: 'approving',
        createdByUserId: actor.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      entity: 'attendance_correction',
      entityId: correction!.id,
      action: 'submit',
      after: { day: body.day, side: body.side, punchAt: body.punch_at, reason: body.reason },
    });
    const [person] = await tx
      .select({ name: employees.name })
      .from(employees)
      .where(eq(employees.id, employeeId));
    const instance = await approvals.submit(tx, {
      businessType: CLOCK_CORRECTION,
      businessId: correction!.id,
      title: `${person!.name} ${body.day} ${body.side === 'in' ? '上班' : '下班'}补卡`,
      applicantUserId: actor.userId,
      departmentId: day.departmentId ?? placement.departmentId,
      form: {},
      actor,
    });
    const [settled] = await tx
      .select({ status: attendanceCorrections.status })
      .from(attendanceCorrections)
      .where(eq(attendanceCorrections.id, correction!.id));
    return { id: correction!.id, status: settled!.status, approval_id: instance.id };
  });
}
