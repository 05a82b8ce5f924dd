import { eq } from 'drizzle-orm';
import { correctionSideNames, ruleMessages } from '@dealer-hr/shared/attendance/rules';
import type { Database } from '../../db/client';
import { attendanceCorrections, clockPunches, employees } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import {
  fact,
  lockedBusinessRow,
  type ApprovalBusiness,
  type ApprovalInstance,
  type Decision,
} from '../approvals';
import { CLOCK_CORRECTION } from './abnormal.service';
import { placementsOn } from './day-context';
import { computeDays, isMonthLocked } from './days.build';

/**
 * The final approval, in the engine's transaction: the forgotten punch is written as a punch of its own
 * (source `correction`; the punches as they came stay untouched) and the day is computed again. A month
 * closed meanwhile refuses it (409) and the approval stays open.
 */
async function approve(tx: Database, timeZone: string, instance: ApprovalInstance, decision: Decision) {
  const correction = await lockedBusinessRow(tx, attendanceCorrections, instance);
  if (correction.status !== 'approving') return;
  if (await isMonthLocked(tx, correction.day))
    throw conflict(ruleMessages.monthLocked(correction.day.slice(0, 7)));
  const [placement] = await placementsOn(tx, [correction.employeeId], correction.day);
  await tx.insert(clockPunches).values({
    punchedAt: correction.punchAt,
    employeeId: correction.employeeId,
    storeId: placement?.storeId ?? null,
    departmentId: placement?.departmentId ?? null,
    inFence: true,
    source: 'correction',
    correctionId: correction.id,
  });
  await tx
    .update(attendanceCorrections)
    .set({ status: 'approved' })
    .where(eq(attendanceCorrections.id, correction.id));
  await computeDays(tx, [correction.employeeId], correction.day, timeZone);
  await writeAudit(tx, decision.actor, {
    entity: 'attendance_correction',
    entityId: correction.id,
    action: 'approve',
  });
}

async function handBack(tx: Database, instance: ApprovalInstance, decision: Decision, rejected: boolean) {
  const correction = await lockedBusinessRow(tx, attendanceCorrections, instance);
  if (correction.status !== 'approving') return;
  await tx
    .update(attendanceCorrections)
    .set({ status: rejected ? 'rejected' : 'withdrawn', returnComment: rejected ? decision.comment : null })
    .where(eq(attendanceCorrections.id, correction.id));
  await writeAudit(tx, decision.actor, {
    entity: 'attendance_correction',
    entityId: correction.id,
    action: rejected ? 'reject' : 'withdraw',
  });
}

/** What the approver reads: who, which day, which punch at what time, and why. */
async function correctionFacts(db: Database, instance: ApprovalInstance) {
  const [row] = await db
    .select({ correction: attendanceCorrections, name: employees.name, employeeNo: employees.employeeNo })
    .from(attendanceCorrections)
    .innerJoin(employees, eq(employees.id, attendanceCorrections.employeeId))
    .where(eq(attendanceCorrections.id, instance.businessId));
  if (!row) return [];
  return [
    fact.text('person_name', row.name),
    fact.text('employee_no', row.employeeNo),
    fact.date('correction_day', row.correction.day),
    fact.code('correction_side', row.correction.side, correctionSideNames[row.correction.side]),
    fact.time('correction_time', row.correction.punchAt),
    fact.text('reason', row.correction.reason),
  ];
}

/** The correction's part in the approval engine: `clock_correction`. */
export const correctionBusiness = (timeZone: string): ApprovalBusiness => ({
  type: CLOCK_CORRECTION,
  link: (instance) => `/attendance/abnormal?correction=${instance.businessId}`,
  onApproved: (tx, instance, decision) => approve(tx, timeZone, instance, decision),
  onRejected: (tx, instance, decision) => handBack(tx, instance, decision, true),
  onWithdrawn: (tx, instance, decision) => handBack(tx, instance, decision, false),
  facts: correctionFacts,
});
