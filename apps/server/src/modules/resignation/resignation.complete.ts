import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Today } from '../../core/clock';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { resignations, users } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Sealer } from '../../lib/sealed-values';
import type { ApprovalEngine } from '../approvals';
import { endDispatchesOfLeaver } from '../dispatch';
import { endEmployment, freezeAccount } from '../employment';
import { addProhibited, findListed } from '../prohibited';
import { stopPlansOfLeaver } from '../rotation';

type Resignation = typeof resignations.$inferSelect;

/** The reason a leaver's account is frozen with. */
const LEFT = '已离职';

/**
 * The person leaves, inside the caller's transaction, through the employment service: every post (a dispatch's
 * and a rotation stage's too) ends on the last working day and they are `resigned`; their account is frozen
 * and its sessions end at once; a dispatch under way ends and a rotation plan stops; when `go` asked for it,
 * they are added to the prohibited list (unless an entry already keeps them out).
 */
export async function completeResignation(
  tx: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  actor: AuditActor,
  resignation: Resignation,
): Promise<void> {
  const { employeeId, lastDay } = resignation;
  // The dispatch and the plan first, each on its own last day (at the latest the last working day): their
  // posts end with them; then everything still open ends on the last working day.
  await endDispatchesOfLeaver(tx, engine, actor, employeeId, lastDay);
  await stopPlansOfLeaver(tx, actor, employeeId, lastDay);
  const left = await endEmployment(tx, actor, employeeId, lastDay);
  const [account] = await tx
    .select({ id: users.id, status: users.status, frozenReason: users.frozenReason })
    .from(users)
    .where(eq(users.employeeId, employeeId));
  if (account?.status === 'active') await freezeAccount(tx, actor, account, LEFT);
  let prohibitedEntryId: number | null = null;
  if (resignation.addProhibited) {
    const idNumber = sealer.open(left.idNumberSealed);
    const listed = async () => (await findListed(tx, sealer, idNumber))?.id ?? null;
    prohibitedEntryId = await listed();
    if (prohibitedEntryId === null) {
      const entry = {
        name: left.name,
        id_number: idNumber,
        phone: left.phone,
        disable_reason: resignation.prohibitedReason ?? LEFT,
        source: 'resignation' as const,
      };
      // Someone listing the same person meanwhile: their entry keeps them out just as well.
      prohibitedEntryId = await addProhibited(tx, sealer, actor, entry).then(
        (added) => added.id,
        async (error: unknown) => {
          if (error instanceof AppError && error.code === ErrorCode.CONFLICT) return listed();
          throw error;
        },
      );
    }
  }
  await tx
    .update(resignations)
    .set({ status: 'completed', completedAt: new Date(), prohibitedEntryId })
    .where(eq(resignations.id, resignation.id));
  await writeAudit(tx, actor, {
    entity: 'resignation',
    entityId: resignation.id,
    action: 'apply',
    before: { status: resignation.status },
    after: { status: 'completed', lastDay, prohibitedEntryId },
  });
}

/** Who completes a due resignation at midnight: nobody signed in; the audit row says it was the schedule. */
const scheduleActor: AuditActor = { userId: null, ip: '', requestId: 'schedule:resignation.complete-due' };

export const COMPLETE_DUE_RESIGNATIONS = 'resignation.complete-due';

/** Completes every resignation given `go` whose last working day is before `day`, each in its own transaction. */
export async function completeDueResignations(
  db: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  day: string,
  step: (done: number, total: number) => Promise<void> = async () => {},
): Promise<{ completed: number }> {
  const due = await db
    .select({ id: resignations.id })
    .from(resignations)
    .where(and(eq(resignations.status, 'scheduled'), lt(resignations.lastDay, day)))
    .orderBy(asc(resignations.lastDay), asc(resignations.id));
  let completed = 0;
  const failed: number[] = [];
  for (const [index, { id }] of due.entries()) {
    try {
      await db.transaction(async (tx) => {
        const [resignation] = await tx
          .select()
          .from(resignations)
          .where(eq(resignations.id, id))
          .for('update');
        // Completed or cancelled by another instance meanwhile.
        if (resignation?.status !== 'scheduled') return;
        // On behalf of who gave `go` (a prohibited-list entry names them as its creator).
        await completeResignation(
          tx,
          sealer,
          engine,
          { ...scheduleActor, userId: resignation.goByUserId },
          resignation,
        );
        completed += 1;
      });
    } catch (error) {
      // One that cannot complete must not hold back the others; the job fails afterwards and is retried.
      failed.push(id);
      if (!(error instanceof Error)) throw error;
    }
    await step(index + 1, due.length);
  }
  if (failed.length > 0) throw new Error(`resignations ${failed.join(', ')} could not be completed`);
  return { completed };
}

/**
 * The daily job: run at 00:00 in the group's time zone by its schedule, at start-up (catching up after
 * downtime) and when the test clock moves. A last working day ends at midnight: the day after it, the person
 * has left.
 */
export const completeDueResignationsJob = (
  db: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  today: Today,
) =>
  defineJob<Record<string, never>, { completed: number }>({
    kind: COMPLETE_DUE_RESIGNATIONS,
    run: ({ checkpoint }) =>
      completeDueResignations(db, sealer, engine, today(), (done, total) => checkpoint({ done, total })),
  });
