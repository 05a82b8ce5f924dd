import { eq } from 'drizzle-orm';
import { leaveTypeNames, leaveTypeRules, windowHours, windowText } from '@dealer-hr/shared/attendance/leave';
import type { Today } from '../../core/clock';
import type { Database } from '../../db/client';
import { employees, leaveLedger, leaveRequests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import {
  fact,
  lockedBusinessRow,
  type ApprovalBusiness,
  type ApprovalInstance,
  type Decision,
} from '../approvals';
import { LEAVE, recomputeLeaveDays } from './leave.service';

/**
 * The final approval, in the engine's transaction: the leave holds, its days come out of the balance of a
 * balance type (deducted at approval, not at asking), and the days already past are computed again.
 */
async function approve(tx: Database, deps: LeaveDeps, instance: ApprovalInstance, decision: Decision) {
  const request = await lockedBusinessRow(tx, leaveRequests, instance);
  if (request.status !== 'approving') return;
  await tx.update(leaveRequests).set({ status: 'approved' }).where(eq(leaveRequests.id, request.id));
  if (leaveTypeRules[request.type].balance)
    await tx.insert(leaveLedger).values({
      employeeId: request.employeeId,
      year: Number(request.startDay.slice(0, 4)),
      type: request.type,
      kind: 'use',
      days: -request.days,
      requestId: request.id,
      note:
        request.startMinute === null || request.endMinute === null
          ? `${request.startDay} 至 ${request.endDay}`
          : `${request.startDay} ${windowText(request.startMinute, request.endMinute)}`,
    });
  await writeAudit(tx, decision.actor, { entity: 'leave_request', entityId: request.id, action: 'approve' });
  await recomputeLeaveDays(tx, deps.today, deps.timeZone, request);
}

async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const request = await lockedBusinessRow(tx, leaveRequests, instance);
  if (request.status !== 'approving') return;
  await tx
    .update(leaveRequests)
    .set({ status: rejected ? 'rejected' : 'withdrawn' })
    .where(eq(leaveRequests.id, request.id));
  await writeAudit(tx, decision.actor, {
    entity: 'leave_request',
    entityId: request.id,
    action: rejected ? 'reject' : 'withdraw',
  });
}

async function leaveFacts(db: Database, instance: ApprovalInstance) {
  const [row] = await db
    .select({ request: leaveRequests, name: employees.name, employeeNo: employees.employeeNo })
    .from(leaveRequests)
    .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
    .where(eq(leaveRequests.id, instance.businessId));
  if (!row) return [];
  const { startMinute, endMinute } = row.request;
  return [
    fact.text('person_name', row.name),
    fact.text('employee_no', row.employeeNo),
    fact.code('leave_type', row.request.type, leaveTypeNames[row.request.type]),
    fact.date('start_date', row.request.startDay),
    fact.date('end_date', row.request.endDay),
    ...(startMinute === null || endMinute === null
      ? []
      : [
          fact.text('leave_time', windowText(startMinute, endMinute)),
          fact.number('leave_hours', windowHours(startMinute, endMinute)),
        ]),
    fact.number('days', row.request.days),
    fact.text('reason', row.request.reason),
  ];
}

interface LeaveDeps {
  today: Today;
  timeZone: string;
}

/** Leave's part in the approval engine: `leave`. */
export const leaveBusiness = (deps: LeaveDeps): ApprovalBusiness => ({
  type: LEAVE,
  link: (instance) => `/attendance/leave?id=${instance.businessId}`,
  onApproved: (tx, instance, decision) => approve(tx, deps, instance, decision),
  onRejected: (tx, instance, decision) => handBack(tx, instance, decision, true),
  onWithdrawn: (tx, instance, decision) => handBack(tx, instance, decision, false),
  facts: leaveFacts,
});
