import { DictType } from '@dealer-hr/shared/dictionary-types';
import { eq } from 'drizzle-orm';
import type { Today } from '../../core/clock';
import type { Database } from '../../db/client';
import type { TransferRow } from '@dealer-hr/shared/transfers/contract';
import { assignments, employees, jobTransfers } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { Sealer } from '../../lib/sealed-values';
import {
  fact,
  lockedBusinessRow,
  type ApprovalBusiness,
  type ApprovalInstance,
  type Decision,
} from '../approvals';
import { applyTransfer } from './transfers.apply';
import { assertPlacementAllowed, POSTTRANSFER, transferRowById } from './transfers.service';

/**
 * The final approval, inside the engine's transaction: the mutual-exclusion rules are read once more (a rule
 * or a colleague may have changed since filing; a refusal rolls the approval back with a 409), then a transfer
 * dated today or earlier takes effect at once and a later one waits for its day (`pending`).
 */
async function completeTransfer(
  tx: Database,
  sealer: Sealer,
  today: Today,
  instance: ApprovalInstance,
  decision: Decision,
) {
  const transfer = await lockedBusinessRow(tx, jobTransfers, instance);
  if (transfer.status !== 'approving') return;
  const [employee] = await tx.select().from(employees).where(eq(employees.id, transfer.employeeId));
  const [assignment] = await tx
    .select()
    .from(assignments)
    .where(eq(assignments.id, transfer.fromAssignmentId));
  await assertPlacementAllowed(tx, sealer, employee!, assignment!, {
    departmentId: transfer.toDepartmentId,
    storeId: transfer.toStoreId,
    postId: transfer.toPostId,
    keepPartTime: transfer.keepPartTime,
  });
  await writeAudit(tx, decision.actor, { entity: 'job_transfer', entityId: transfer.id, action: 'approve' });
  if (transfer.effectiveDate <= today()) {
    await applyTransfer(tx, decision.actor, transfer);
  } else {
    await tx.update(jobTransfers).set({ status: 'pending' }).where(eq(jobTransfers.id, transfer.id));
  }
}

/** A rejection or withdrawal hands the transfer back to its filer: `returned`, with the approver's comment. */
async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const transfer = await lockedBusinessRow(tx, jobTransfers, instance);
  if (transfer.status !== 'approving') return;
  await tx
    .update(jobTransfers)
    .set({ status: 'returned', returnComment: rejected ? decision.comment : null })
    .where(eq(jobTransfers.id, transfer.id));
  await writeAudit(tx, decision.actor, {
    entity: 'job_transfer',
    entityId: transfer.id,
    action: rejected ? 'reject' : 'withdraw',
  });
}

/** What the approver decides on: who, from where to where, as what, from which day, and why. */
async function transferFacts(db: Database, instance: ApprovalInstance) {
  const [row] = await transferRowById(db, instance.businessId);
  if (!row) return [];
  const place = (side: TransferRow['to']) =>
    [side.store_name, side.department_name, side.post_name].filter(Boolean).join(' · ');
  return [
    fact.text('person_name', row.employee_name),
    fact.text('employee_no', row.employee_no),
    fact.text('from_place', place(row.from)),
    fact.text('to_place', place(row.to)),
    fact.dictionary('transfer_type', DictType.TRANSFER_TYPE, { id: row.type_id, name: row.type_name }),
    fact.date('effective_date', row.effective_date),
    fact.text('reason', row.reason),
  ];
}

/** Job transfer's part in the approval engine: `posttransfer`. */
export const transferBusiness = (sealer: Sealer, today: Today): ApprovalBusiness => ({
  type: POSTTRANSFER,
  link: (instance) => `/processapproval/posttransfer?id=${instance.businessId}`,
  onApproved: (tx, instance, decision) => completeTransfer(tx, sealer, today, instance, decision),
  onRejected: (tx, instance, decision) => handBack(tx, instance, decision, true),
  onWithdrawn: (tx, instance, decision) => handBack(tx, instance, decision, false),
  facts: transferFacts,
});
