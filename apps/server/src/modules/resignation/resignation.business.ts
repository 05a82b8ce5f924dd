import { DictType } from '@dealer-hr/shared/dictionary-types';
import { resignationTypeNames } from '@dealer-hr/shared/resignation/rules';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { resignations } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import {
  fact,
  lockedBusinessRow,
  type ApprovalBusiness,
  type ApprovalInstance,
  type Decision,
} from '../approvals';
import { RESIGNATION, resignationRowById } from './resignation.service';

/** The final approval: the resignation is `approved`; the handover and `go` follow. */
async function approve(tx: Database, instance: ApprovalInstance, decision: Decision) {
  const resignation = await lockedBusinessRow(tx, resignations, instance);
  if (resignation.status !== 'approving') return;
  await tx.update(resignations).set({ status: 'approved' }).where(eq(resignations.id, resignation.id));
  await writeAudit(tx, decision.actor, {
    entity: 'resignation',
    entityId: resignation.id,
    action: 'approve',
  });
}

/** A rejection or withdrawal hands it back to its filer (`returned`); the person stays `resigning` meanwhile. */
async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const resignation = await lockedBusinessRow(tx, resignations, instance);
  if (resignation.status !== 'approving') return;
  await tx
    .update(resignations)
    .set({ status: 'returned', returnComment: rejected ? decision.comment : null })
    .where(eq(resignations.id, resignation.id));
  await writeAudit(tx, decision.actor, {
    entity: 'resignation',
    entityId: resignation.id,
    action: rejected ? 'reject' : 'withdraw',
  });
}

/** What the approver decides on: who, where, why, where to, and which day. */
async function resignationFacts(db: Database, instance: ApprovalInstance) {
  const row = await resignationRowById(db, instance.businessId);
  if (!row) return [];
  return [
    fact.text('person_name', row.employee_name),
    fact.text('employee_no', row.employee_no),
    fact.text('store', row.store_name),
    fact.text('department', row.department_name),
    fact.text('post', row.post_name),
    fact.code('resignation_type', row.type, resignationTypeNames[row.type]),
    fact.dictionary('leaving_reason', DictType.LEAVING_REASON, { id: row.reason_id, name: row.reason_name }),
    fact.dictionary('leaving_destination', DictType.LEAVING_DESTINATION, {
      id: row.destination_id,
      name: row.destination_name,
    }),
    fact.date('applied_on', row.applied_on),
    fact.date('last_day', row.last_day),
    fact.text('reason', row.explanation),
  ];
}

/** Resignation's part in the approval engine: `resignation`. */
export const resignationBusiness: ApprovalBusiness = {
  type: RESIGNATION,
  link: (instance) => `/staff/resignation?id=${instance.businessId}`,
  onApproved: (tx, instance, decision) => approve(tx, instance, decision),
  onRejected: (tx, instance, decision) => handBack(tx, instance, decision, true),
  onWithdrawn: (tx, instance, decision) => handBack(tx, instance, decision, false),
  facts: resignationFacts,
};
