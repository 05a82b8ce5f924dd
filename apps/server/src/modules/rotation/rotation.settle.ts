import { OPEN_RESIGNATION_STATUSES } from '@dealer-hr/shared/resignation/rules';
import { rotationMessages } from '@dealer-hr/shared/rotation/rules';
import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { Today } from '../../core/clock';
import { openMainAssignmentOf } from '../../core/scope';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { assignments, employees, resignations, rotationPlans, rotationStages } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { endAssignment, moveAssignment, startAssignment } from '../employment';

type Plan = typeof rotationPlans.$inferSelect;
type Stage = typeof rotationStages.$inferSelect;

/** Why a plan stopped with its person's employment. */
const LEFT = '员工已离职，轮岗计划终止';
/** Why a plan stopped by itself: the person left, or has no main post to move. */
const NOT_ON_STAFF = `${rotationMessages.notOnStaff}，轮岗计划已终止`;

/** The plan stops: stages not begun are cancelled with it (a current one is the caller's to end). */
export async function stopPlan(tx: Database, actor: AuditActor, plan: Plan, reason: string | null) {
  await tx
    .update(rotationStages)
    .set({ status: 'cancelled' })
    .where(and(eq(rotationStages.planId, plan.id), eq(rotationStages.status, 'upcoming')));
  await tx
    .update(rotationPlans)
    .set({ status: 'cancelled', cancelReason: reason, cancelledAt: new Date() })
    .where(eq(rotationPlans.id, plan.id));
  await writeAudit(tx, actor, {
    entity: 'rotation_plan',
    entityId: plan.id,
    action: 'cancel',
    before: { status: plan.status },
    after: { status: 'cancelled', cancelReason: reason },
  });
}

/**
 * A stage's first day: a part-time post at its place from that day (kind `rotation`), or, when the plan
 * replaces the main post, the main post moves there (the day before it, the old place ends). Answers the
 * begun stage, or null when the person can no longer rotate (the plan has been stopped).
 */
async function beginStage(tx: Database, actor: AuditActor, plan: Plan, stage: Stage): Promise<Stage | null> {
  const [employee] = await tx
    .select({ status: employees.status })
    .from(employees)
    .where(eq(employees.id, plan.employeeId))
    .for('update');
  const [main] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(openMainAssignmentOf(plan.employeeId));
  // Someone resigning still works until their last day: a stage that begins by then begins.
  const [leaving] =
    employee?.status === 'resigning'
      ? await tx
          .select({ lastDay: resignations.lastDay })
          .from(resignations)
          .where(
            and(
              eq(resignations.employeeId, plan.employeeId),
              inArray(resignations.status, [...OPEN_RESIGNATION_STATUSES]),
            ),
          )
      : [];
  const onStaff =
    employee?.status === 'probation' ||
    employee?.status === 'regular' ||
    (leaving !== undefined && stage.startDate <= leaving.lastDay);
  const place = {
    departmentId: stage.departmentId,
    storeId: stage.storeId,
    postId: stage.postId,
    startDate: stage.startDate,
    kind: 'rotation' as const,
  };
  const started = !onStaff
    ? null
    : plan.replacesMain
      ? main
        ? await moveAssignment(tx, { ...place, assignmentId: main.id, keepAsPartTime: false })
        : null
      : await startAssignment(tx, { ...place, employeeId: plan.employeeId, isMain: false });
  if (!started) {
    await stopPlan(tx, actor, plan, NOT_ON_STAFF);
    return null;
  }
  const [begun] = await tx
    .update(rotationStages)
    .set({ status: 'current', assignmentId: started.id })
    .where(eq(rotationStages.id, stage.id))
    .returning();
  await writeAudit(tx, actor, {
    entity: 'rotation_stage',
    entityId: stage.id,
    action: 'start',
    after: { status: 'current', assignmentId: started.id, startDate: stage.startDate },
  });
  return begun!;
}

/**
 * A stage's last day has passed: its part-time post ends on it. A main post moved by the stage stays where it
 * is until the next stage moves it (after the last stage, the person stays there).
 */
export async function endStage(
  tx: Database,
  actor: AuditActor,
  plan: Plan,
  stage: Stage,
  lastDay = stage.endDate,
) {
  if (!plan.replacesMain && stage.assignmentId !== null) await endAssignment(tx, stage.assignmentId, lastDay);
  await tx
    .update(rotationStages)
    .set({ status: 'done', endDate: lastDay })
    .where(eq(rotationStages.id, stage.id));
  await writeAudit(tx, actor, {
    entity: 'rotation_stage',
    entityId: stage.id,
    action: 'end',
    after: { status: 'done', endDate: lastDay },
  });
}

/**
 * Brings one plan up to `today`, inside the caller's transaction, stage by stage in order: a current stage
 * whose last day has passed ends, an upcoming one whose first day has come begins (and ends too, when its
 * period is wholly past); once no stage remains the plan is completed. Idempotent.
 */
export async function settlePlan(tx: Database, actor: AuditActor, planId: number, today: string) {
  const [plan] = await tx.select().from(rotationPlans).where(eq(rotationPlans.id, planId)).for('update');
  if (plan?.status !== 'active') return;
  const stages = await tx
    .select()
    .from(rotationStages)
    .where(eq(rotationStages.planId, plan.id))
    .orderBy(asc(rotationStages.seq));
  for (const stage of stages) {
    let current = stage;
    if (current.status === 'upcoming' && current.startDate <= today) {
      const begun = await beginStage(tx, actor, plan, current);
      if (!begun) return;
      current = begun;
    }
    if (current.status === 'current' && current.endDate < today) await endStage(tx, actor, plan, current);
  }
  const open = await tx
    .select({ id: rotationStages.id })
    .from(rotationStages)
    .where(and(eq(rotationStages.planId, plan.id), inArray(rotationStages.status, ['upcoming', 'current'])));
  if (open.length === 0) {
    await tx.update(rotationPlans).set({ status: 'completed' }).where(eq(rotationPlans.id, plan.id));
    await writeAudit(tx, actor, {
      entity: 'rotation_plan',
      entityId: plan.id,
      action: 'end',
      before: { status: 'active' },
      after: { status: 'completed' },
    });
  }
}

/** Who settles the plans at midnight: nobody signed in; the audit row says it was the schedule. */
const scheduleActor: AuditActor = { userId: null, ip: '', requestId: 'schedule:rotation.settle-due' };

export const SETTLE_DUE_ROTATIONS = 'rotation.settle-due';

/** Settles every plan with a stage due by `day`, each in its own short transaction. */
export async function settleDueRotations(
  db: Database,
  day: string,
  step: (done: number, total: number) => Promise<void> = async () => {},
): Promise<{ plans: number }> {
  const due = await db
    .selectDistinct({ planId: rotationStages.planId })
    .from(rotationStages)
    .innerJoin(rotationPlans, eq(rotationPlans.id, rotationStages.planId))
    .where(
      and(
        eq(rotationPlans.status, 'active'),
        or(
          and(eq(rotationStages.status, 'upcoming'), lte(rotationStages.startDate, day)),
          and(eq(rotationStages.status, 'current'), lt(rotationStages.endDate, day)),
        ),
      ),
    )
    .orderBy(asc(rotationStages.planId));
  for (const [index, { planId }] of due.entries()) {
    await db.transaction((tx) => settlePlan(tx, scheduleActor, planId, day));
    await step(index + 1, due.length);
  }
  return { plans: due.length };
}

/**
 * The daily job: run at 00:00 in the group's time zone by its schedule, at start-up (catching up after
 * downtime) and when the test clock moves; running twice changes nothing twice.
 */
export const settleDueRotationsJob = (db: Database, today: Today) =>
  defineJob<Record<string, never>, { plans: number }>({
    kind: SETTLE_DUE_ROTATIONS,
    run: ({ checkpoint }) => settleDueRotations(db, today(), (done, total) => checkpoint({ done, total })),
  });

/**
 * The person has left (a resignation completed, inside its transaction): a plan in progress stops, its current
 * stage done on their last day at the latest (its post ended with the employment).
 */
export async function stopPlansOfLeaver(
  tx: Database,
  actor: AuditActor,
  employeeId: number,
  lastDay: string,
) {
  const plans = await tx
    .select()
    .from(rotationPlans)
    .where(and(eq(rotationPlans.employeeId, employeeId), eq(rotationPlans.status, 'active')))
    .for('update');
  for (const plan of plans) {
    const [current] = await tx
      .select()
      .from(rotationStages)
      .where(and(eq(rotationStages.planId, plan.id), eq(rotationStages.status, 'current')));
    if (current) await endStage(tx, actor, plan, current, [current.endDate, lastDay].sort()[0]!);
    await stopPlan(tx, actor, plan, LEFT);
  }
}
