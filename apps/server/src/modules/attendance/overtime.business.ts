import { and, eq } from 'drizzle-orm';
import { dayKindNames, overtimeCompensationNames } from '@dealer-hr/shared/attendance/overtime';
import type { Today } from '../../core/clock';
import type { Database } from '../../db/client';
import { attendanceDays, employees, overtimeRequests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { fact, type ApprovalBusiness, type ApprovalInstance, type Decision } from '../approvals';
import { lockPersonsLeave } from './leave.service';
import { OVERTIME, creditLieu, punchedHours } from './overtime.service';

async function lockedRequest(tx: Database, instance: ApprovalInstance) {
  const [request] = await tx
    .select()
    .from(overtimeRequests)
    .where(eq(overtimeRequests.id, instance.businessId))
    .for('update');
  if (!request) throw new Error(`overtime request ${instance.businessId} of approval ${instance.id} is gone`);
  return request;
}

/**
 * The final approval, in the engine's transaction (its instance locked first): the overtime holds, and its lieu
 * days are credited, to this year's balance at the earliest.
 */
async function approve(tx: Database, today: Today, instance: ApprovalInstance, decision: Decision) {
  // The person's balance lock before the request's row: the order a cancel takes them in.
  const [owner] = await tx
    .select({ employeeId: overtimeRequests.employeeId })
    .from(overtimeRequests)
    .where(eq(overtimeRequests.id, instance.businessId));
  if (owner) await lockPersonsLeave(tx, owner.employeeId);
  const request = await lockedRequest(tx, instance);
  if (request.status !== 'approving') return;
  await tx.update(overtimeRequests).set({ status: 'approved' }).where(eq(overtimeRequests.id, request.id));
  const year = Math.max(Number(request.day.slice(0, 4)), Number(today().slice(0, 4)));
  await creditLieu(tx, request, year, 1);
  await writeAudit(tx, decision.actor, {
    entity: 'overtime_request',
    entityId: request.id,
    action: 'approve',
  });
}

async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const request = await lockedRequest(tx, instance);
  if (request.status !== 'approving') return;
  await tx
    .update(overtimeRequests)
    .set({ status: rejected ? 'rejected' : 'withdrawn' })
    .where(eq(overtimeRequests.id, request.id));
  await writeAudit(tx, decision.actor, {
    entity: 'overtime_request',
    entityId: request.id,
    action: rejected ? 'reject' : 'withdraw',
  });
}

/** What the approver reads: the day and its kind, the hours asked beside the hours the punches show. */
async function overtimeFacts(db: Database, instance: ApprovalInstance) {
  const [row] = await db
    .select({
      request: overtimeRequests,
      name: employees.name,
      employeeNo: employees.employeeNo,
      overtimeMinutes: attendanceDays.overtimeMinutes,
    })
    .from(overtimeRequests)
    .innerJoin(employees, eq(employees.id, overtimeRequests.employeeId))
    .leftJoin(
      attendanceDays,
      and(
        eq(attendanceDays.employeeId, overtimeRequests.employeeId),
        eq(attendanceDays.day, overtimeRequests.day),
      ),
    )
    .where(eq(overtimeRequests.id, instance.businessId));
  if (!row) return [];
  const { request } = row;
  return [
    fact.text('person_name', row.name),
    fact.text('employee_no', row.employeeNo),
    fact.date('overtime_day', request.day),
    fact.code('day_kind', request.dayKind, dayKindNames[request.dayKind]),
    fact.number('hours', request.hours),
    ...(row.overtimeMinutes === null
      ? []
      : [fact.number('punched_hours', punchedHours(row.overtimeMinutes)!)]),
    fact.code('compensation', request.compensation, overtimeCompensationNames[request.compensation]),
    ...(request.lieuDays > 0 ? [fact.number('lieu_days', request.lieuDays)] : []),
    fact.text('reason', request.reason),
  ];
}

/** Overtime's part in the approval engine: `overtime`. */
export const overtimeBusiness = ({ today }: { today: Today }): ApprovalBusiness => ({
  type: OVERTIME,
  link: (instance) => `/attendance/leave?tab=overtime&id=${instance.businessId}`,
  onApproved: (tx, instance, decision) => approve(tx, today, instance, decision),
  onRejected: (tx, instance, decision) => handBack(tx, instance, decision, true),
  onWithdrawn: (tx, instance, decision) => handBack(tx, instance, decision, false),
  facts: overtimeFacts,
});
