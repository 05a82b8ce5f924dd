import { and, asc, eq, lte } from 'drizzle-orm';
import type { Today } from '../../core/clock';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { assignments, employees, jobTransfers } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { moveAssignment } from '../employment';
import type { Transfer } from './transfers.service';

/** Why a due transfer could not be applied: the post it moves ended meanwhile (a resignation, a tree change). */
const FROM_ENDED = '原岗位已结束，调岗未生效';

/**
 * A transfer takes effect, inside the caller's transaction: through the employment service the old
 * assignment ends the day before the effective date and the new one starts on it (the old one kept as a
 * part-time post when asked). Idempotent: only a transfer still waiting (`approving` at its final approval,
 * or `pending`) is applied; one whose old post has ended is cancelled with the reason.
 */
export async function applyTransfer(
  tx: Database,
  actor: AuditActor,
  transfer: Transfer,
): Promise<'effective' | 'cancelled'> {
  const [employee] = await tx
    .select({ status: employees.status })
    .from(employees)
    .where(eq(employees.id, transfer.employeeId))
    .for('update');
  const [from] = await tx
    .select({ endDate: assignments.endDate })
    .from(assignments)
    .where(eq(assignments.id, transfer.fromAssignmentId));
  const moved =
    employee && (employee.status === 'probation' || employee.status === 'regular') && from?.endDate === null
      ? await moveAssignment(tx, {
          assignmentId: transfer.fromAssignmentId,
          departmentId: transfer.toDepartmentId,
          storeId: transfer.toStoreId,
          postId: transfer.toPostId,
          startDate: transfer.effectiveDate,
          keepAsPartTime: transfer.keepPartTime,
        })
      : null;
  if (!moved) {
    await tx
      .update(jobTransfers)
      .set({ status: 'cancelled', cancelReason: FROM_ENDED, cancelledAt: new Date() })
      .where(eq(jobTransfers.id, transfer.id));
    await writeAudit(tx, actor, {
      entity: 'job_transfer',
      entityId: transfer.id,
      action: 'cancel',
      before: { status: transfer.status },
      after: { status: 'cancelled', cancelReason: FROM_ENDED },
    });
    return 'cancelled';
  }
  await tx
    .update(jobTransfers)
    .set({ status: 'effective', newAssignmentId: moved.id, appliedAt: new Date() })
    .where(eq(jobTransfers.id, transfer.id));
  await writeAudit(tx, actor, {
    entity: 'job_transfer',
    entityId: transfer.id,
    action: 'apply',
    before: { status: transfer.status, assignmentId: transfer.fromAssignmentId },
    after: { status: 'effective', assignmentId: moved.id, effectiveDate: transfer.effectiveDate },
  });
  return 'effective';
}

/** Who applies a due transfer at midnight: nobody signed in; the audit row says it was the schedule. */
const scheduleActor: AuditActor = { userId: null, ip: '', requestId: 'schedule:transfers.apply-due' };

export const APPLY_DUE_TRANSFERS = 'transfers.apply-due';

/**
 * Applies every approved transfer whose effective date is `day` or earlier, oldest first, each in its own
 * short transaction (a savepoint inside a caller's), after which `step` runs (the job's checkpoint).
 */
export async function applyDueTransfers(
  db: Database,
  day: string,
  step: (done: number, total: number) => Promise<void> = async () => {},
  actor: AuditActor = scheduleActor,
): Promise<{ applied: number; cancelled: number }> {
  const due = await db
    .select({ id: jobTransfers.id })
    .from(jobTransfers)
    .where(and(eq(jobTransfers.status, 'pending'), lte(jobTransfers.effectiveDate, day)))
    .orderBy(asc(jobTransfers.effectiveDate), asc(jobTransfers.id));
  let applied = 0;
  let cancelled = 0;
  for (const [index, { id }] of due.entries()) {
    const outcome = await db.transaction(async (tx) => {
      const [transfer] = await tx.select().from(jobTransfers).where(eq(jobTransfers.id, id)).for('update');
      // Cancelled or applied by another instance meanwhile.
      if (transfer?.status !== 'pending') return null;
      return applyTransfer(tx, actor, transfer);
    });
    if (outcome === 'effective') applied += 1;
    if (outcome === 'cancelled') cancelled += 1;
    await step(index + 1, due.length);
  }
  return { applied, cancelled };
}

/**
 * The daily job: applies what is due in the group's time zone. Run at 00:00 by its schedule, at start-up (a
 * server that was down at midnight catches up) and when the test clock moves; running twice applies nothing
 * twice.
 */
export const applyDueTransfersJob = (db: Database, today: Today) =>
  defineJob<Record<string, never>, { applied: number; cancelled: number }>({
    kind: APPLY_DUE_TRANSFERS,
    run: ({ checkpoint }) => applyDueTransfers(db, today(), (done, total) => checkpoint({ done, total })),
  });
