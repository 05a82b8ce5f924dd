import { eq } from 'drizzle-orm';
import type { Today } from '../../core/clock';
import type { Database } from '../../db/client';
import { dispatches, employees } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { Sealer } from '../../lib/sealed-values';
import {
  fact,
  lockedBusinessRow,
  type ApprovalBusiness,
  type ApprovalInstance,
  type Decision,
} from '../approvals';
import { assertHostAllowed, DISPATCH, dispatchRowById } from './dispatch.service';
import { settleDispatch } from './dispatch.settle';

/**
 * The final approval, inside the engine's transaction. A dispatch: the host store's mutual-exclusion rules
 * are read once more (a refusal rolls the approval back with a 409), then it is `approved` and, when its
 * first day has come, begins at once. An extension: the new end date holds.
 */
async function complete(
  tx: Database,
  sealer: Sealer,
  today: Today,
  instance: ApprovalInstance,
  decision: Decision,
) {
  const dispatch = await lockedBusinessRow(tx, dispatches, instance);
  if (dispatch.status === 'active' && dispatch.extensionEndDate !== null) {
    await tx
      .update(dispatches)
      .set({ endDate: dispatch.extensionEndDate, extensionEndDate: null, extensionReason: null })
      .where(eq(dispatches.id, dispatch.id));
    await writeAudit(tx, decision.actor, {
      entity: 'dispatch',
      entityId: dispatch.id,
      action: 'approve',
      before: { endDate: dispatch.endDate },
      after: { endDate: dispatch.extensionEndDate },
    });
    return;
  }
  if (dispatch.status !== 'approving') return;
  const [employee] = await tx.select().from(employees).where(eq(employees.id, dispatch.employeeId));
  await assertHostAllowed(tx, sealer, employee!, {
    storeId: dispatch.hostStoreId,
    departmentId: dispatch.hostDepartmentId,
    postId: dispatch.hostPostId,
  });
  const [approved] = await tx
    .update(dispatches)
    .set({ status: 'approved' })
    .where(eq(dispatches.id, dispatch.id))
    .returning();
  await writeAudit(tx, decision.actor, { entity: 'dispatch', entityId: dispatch.id, action: 'approve' });
  await settleDispatch(tx, decision.actor, approved!, today());
}

/**
 * A rejection or withdrawal: a dispatch goes back to its filer (`returned`, with the approver's comment); an
 * extension is dropped and the dispatch runs on to its end date, the comment kept for the filer to read.
 */
async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const dispatch = await lockedBusinessRow(tx, dispatches, instance);
  const comment = rejected ? decision.comment : null;
  if (dispatch.status === 'active' && dispatch.extensionEndDate !== null) {
    await tx
      .update(dispatches)
      .set({ extensionEndDate: null, extensionReason: null, returnComment: comment })
      .where(eq(dispatches.id, dispatch.id));
  } else if (dispatch.status === 'approving') {
    await tx
      .update(dispatches)
      .set({ status: 'returned', returnComment: comment })
      .where(eq(dispatches.id, dispatch.id));
  } else return;
  await writeAudit(tx, decision.actor, {
    entity: 'dispatch',
    entityId: dispatch.id,
    action: rejected ? 'reject' : 'withdraw',
  });
}

/** What the approver decides on: who, from where to where, for which days, why, and the allowance. */
async function dispatchFacts(db: Database, instance: ApprovalInstance) {
  const row = await dispatchRowById(db, instance.businessId);
  if (!row) return [];
  const place = (side: typeof row.host) =>
    [side.store_name, side.department_name, side.post_name].filter(Boolean).join(' · ');
  const asked = instance.form as { end_date?: string; days?: number; extension?: number };
  // An extension's approval: the end date in force and the one asked for.
  const extension = asked.extension === 1;
  return [
    fact.text('person_name', row.employee_name),
    fact.text('employee_no', row.employee_no),
    fact.text('home_place', place(row.home)),
    fact.text('host_place', place(row.host)),
    fact.date('start_date', row.start_date),
    extension ? fact.date('end_date', row.end_date) : fact.date('end_date', asked.end_date ?? row.end_date),
    ...(extension ? [fact.date('extend_to', asked.end_date ?? null)] : []),
    fact.number('days', asked.days ?? row.days),
    fact.text('reason', row.reason),
    fact.text('allowance_note', row.allowance_note),
  ];
}

/** Dispatch's part in the approval engine: `dispatch`. */
export const dispatchBusiness = (sealer: Sealer, today: Today): ApprovalBusiness => ({
  type: DISPATCH,
  link: (instance) => `/staff/dispatch?id=${instance.businessId}`,
  onApproved: (tx, instance, decision) => complete(tx, sealer, today, instance, decision),
  onRejected: (tx, instance, decision) => handBack(tx, instance, decision, true),
  onWithdrawn: (tx, instance, decision) => handBack(tx, instance, decision, false),
  facts: dispatchFacts,
});
