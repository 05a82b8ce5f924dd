import { eq } from 'drizzle-orm';
import { dayKindNames, overtimeCompensationNames } from '@dealer-hr/shared/attendance/overtime';
import type { Today } from '../../core/clock';
import type { Database } from '../../db/client';
import { overtimeRequests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import {
  fact,
  lockedBusinessRow,
  type ApprovalBusiness,
  type ApprovalInstance,
  type Decision,
} from '../approvals';
import { lockPersonsLeave } from './leave.service';
import { OVERTIME, creditLieu, lieuYearOf, overtimeRequestById } from './overtime.service';

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
  const request = await lockedBusinessRow(tx, overtimeRequests, instance);
  if (request.status !== 'approving') return;
  await tx.update(overtimeRequests).set({ status: 'approved' }).where(eq(overtimeRequests.id, request.id));
  await creditLieu(tx, request, lieuYearOf(request.day, today()), 1);
  await writeAudit(tx, decision.actor, {
    entity: 'overtime_request',
    entityId: request.id,
    action: 'approve',
  });
}

async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const request = await lockedBusinessRow(tx, overtimeRequests, instance);
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
  const request = await overtimeRequestById(db, instance.businessId);
  if (!request) return [];
  return [
    fact.text('person_name', request.employee_name),
    fact.text('employee_no', request.employee_no),
    fact.date('overtime_day', request.day),
    fact.code('day_kind', request.day_kind, dayKindNames[request.day_kind]),
    fact.number('hours', request.hours),
    ...(request.punched_hours === null ? [] : [fact.number('punched_hours', request.punched_hours)]),
    fact.code('compensation', request.compensation, overtimeCompensationNames[request.compensation]),
    ...(request.lieu_days > 0 ? [fact.number('lieu_days', request.lieu_days)] : []),
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
