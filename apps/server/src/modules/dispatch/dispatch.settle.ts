import { dispatchMessages, OPEN_DISPATCH_STATUSES } from '@dealer-hr/shared/dispatch/rules';
import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { Today } from '../../core/clock';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { dispatches, employees } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import type { ApprovalEngine } from '../approvals';
import { endAssignment, startAssignment } from '../employment';

type Dispatch = typeof dispatches.$inferSelect;

/** Why an approved dispatch did not begin: the person left meanwhile. */
const NOT_ON_STAFF = `${dispatchMessages.notOnStaff}，外派未开始`;
/** Why a dispatch stopped with its person's employment. */
const LEFT = '员工已离职，外派结束';
/** The comment on an extension still in approval when its dispatch ended. */
const EXTENSION_LAPSED = '外派已结束，延长申请自动撤回';

/**
 * The first day has come: the person also holds the host post (an assignment of kind `dispatch`, through the
 * employment service) from the start date on, their home post untouched. A person no longer on staff is not
 * sent: the dispatch is cancelled with the reason.
 */
export async function beginDispatch(tx: Database, actor: AuditActor, dispatch: Dispatch): Promise<Dispatch> {
  const [employee] = await tx
    .select({ status: employees.status })
    .from(employees)
    .where(eq(employees.id, dispatch.employeeId))
    .for('update');
  if (employee?.status !== 'probation' && employee?.status !== 'regular') {
    const [cancelled] = await tx
      .update(dispatches)
      .set({ status: 'cancelled', cancelReason: NOT_ON_STAFF, cancelledAt: new Date() })
      .where(eq(dispatches.id, dispatch.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'dispatch',
      entityId: dispatch.id,
      action: 'cancel',
      before: { status: dispatch.status },
      after: { status: 'cancelled', cancelReason: NOT_ON_STAFF },
    });
    return cancelled!;
  }
  const host = await startAssignment(tx, {
    employeeId: dispatch.employeeId,
    departmentId: dispatch.hostDepartmentId,
    storeId: dispatch.hostStoreId,
    postId: dispatch.hostPostId,
    isMain: false,
    kind: 'dispatch',
    startDate: dispatch.startDate,
  });
  const [started] = await tx
    .update(dispatches)
    .set({ status: 'active', hostAssignmentId: host.id, startedAt: new Date() })
    .where(eq(dispatches.id, dispatch.id))
    .returning();
  await writeAudit(tx, actor, {
    entity: 'dispatch',
    entityId: dispatch.id,
    action: 'start',
    before: { status: dispatch.status },
    after: { status: 'active', hostAssignmentId: host.id, startDate: dispatch.startDate },
  });
  return started!;
}

/**
 * The person is back: the host post ends on the dispatch's last day. An extension still in approval lapses
 * (its approval is withdrawn on the filer's behalf, so no approver decides on a dispatch that is over).
 */
export async function endDispatch(
  tx: Database,
  actor: AuditActor,
  dispatch: Dispatch,
  engine?: ApprovalEngine,
): Promise<void> {
  if (dispatch.hostAssignmentId !== null)
    await endAssignment(tx, dispatch.hostAssignmentId, dispatch.endDate);
  if (dispatch.extensionEndDate !== null && dispatch.instanceId !== null && engine)
    await engine.stop(
      tx,
      { ...actor, userId: dispatch.createdByUserId },
      dispatch.instanceId,
      EXTENSION_LAPSED,
    );
  await tx
    .update(dispatches)
    .set({ status: 'ended', endedAt: new Date(), extensionEndDate: null, extensionReason: null })
    .where(eq(dispatches.id, dispatch.id));
  await writeAudit(tx, actor, {
    entity: 'dispatch',
    entityId: dispatch.id,
    action: 'end',
    before: { status: dispatch.status },
    after: { status: 'ended', endDate: dispatch.endDate },
  });
}

/**
 * Brings one dispatch up to `today`, inside the caller's transaction: an approved one whose first day has come
 * begins, an active one whose last day has passed ends (both, for a period wholly past). Idempotent.
 */
export async function settleDispatch(
  tx: Database,
  actor: AuditActor,
  dispatch: Dispatch,
  today: string,
  engine?: ApprovalEngine,
): Promise<void> {
  let current = dispatch;
  if (current.status === 'approved' && current.startDate <= today)
    current = await beginDispatch(tx, actor, current);
  if (current.status === 'active' && current.endDate < today) await endDispatch(tx, actor, current, engine);
}

/** Who settles a due dispatch at midnight: nobody signed in; the audit row says it was the schedule. */
const scheduleActor: AuditActor = { userId: null, ip: '', requestId: 'schedule:dispatch.settle-due' };

export const SETTLE_DUE_DISPATCHES = 'dispatch.settle-due';

/**
 * Begins and ends every dispatch due by `day`, each in its own short transaction, after which `step` runs
 * (the job's checkpoint).
 */
export async function settleDueDispatches(
  db: Database,
  engine: ApprovalEngine,
  day: string,
  step: (done: number, total: number) => Promise<void> = async () => {},
): Promise<{ begun: number; ended: number }> {
  const due = await db
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(
      or(
        and(eq(dispatches.status, 'approved'), lte(dispatches.startDate, day)),
        and(eq(dispatches.status, 'active'), lt(dispatches.endDate, day)),
      ),
    )
    .orderBy(asc(dispatches.id));
  let begun = 0;
  let ended = 0;
  for (const [index, { id }] of due.entries()) {
    await db.transaction(async (tx) => {
      const [dispatch] = await tx.select().from(dispatches).where(eq(dispatches.id, id)).for('update');
      // Settled by another instance meanwhile: settling again changes nothing.
      if (!dispatch) return;
      await settleDispatch(tx, scheduleActor, dispatch, day, engine);
      const [after] = await tx
        .select({ status: dispatches.status })
        .from(dispatches)
        .where(eq(dispatches.id, id));
      if (dispatch.status === 'approved' && (after?.status === 'active' || after?.status === 'ended'))
        begun += 1;
      if (dispatch.status !== 'ended' && after?.status === 'ended') ended += 1;
    });
    await step(index + 1, due.length);
  }
  return { begun, ended };
}

/**
 * The daily job: run at 00:00 in the group's time zone by its schedule, at start-up (catching up after
 * downtime) and when the test clock moves; running twice changes nothing twice.
 */
export const settleDueDispatchesJob = (db: Database, engine: ApprovalEngine, today: Today) =>
  defineJob<Record<string, never>, { begun: number; ended: number }>({
    kind: SETTLE_DUE_DISPATCHES,
    run: ({ checkpoint }) =>
      settleDueDispatches(db, engine, today(), (done, total) => checkpoint({ done, total })),
  });

/**
 * The person has left (a resignation completed, inside its transaction): a dispatch under way ends on their last
 * day at the latest, one not yet begun is cancelled, and an approval still running is withdrawn.
 */
export async function endDispatchesOfLeaver(
  tx: Database,
  engine: ApprovalEngine,
  actor: AuditActor,
  employeeId: number,
  lastDay: string,
): Promise<void> {
  const open = await tx
    .select()
    .from(dispatches)
    .where(
      and(eq(dispatches.employeeId, employeeId), inArray(dispatches.status, [...OPEN_DISPATCH_STATUSES])),
    )
    .for('update');
  for (const dispatch of open) {
    const running =
      dispatch.instanceId !== null && (dispatch.status === 'approving' || dispatch.extensionEndDate);
    if (running)
      await engine.stop(tx, { ...actor, userId: dispatch.createdByUserId }, dispatch.instanceId!, LEFT);
    if (dispatch.status === 'active') {
      const lastAway = [dispatch.endDate, lastDay].sort()[0]!;
      await tx.update(dispatches).set({ endDate: lastAway }).where(eq(dispatches.id, dispatch.id));
      // Its extension's approval, if any, was withdrawn above.
      await endDispatch(tx, actor, { ...dispatch, endDate: lastAway });
    } else {
      await tx
        .update(dispatches)
        .set({ status: 'cancelled', cancelReason: LEFT, cancelledAt: new Date() })
        .where(eq(dispatches.id, dispatch.id));
      await writeAudit(tx, actor, {
        entity: 'dispatch',
        entityId: dispatch.id,
        action: 'cancel',
        before: { status: dispatch.status },
        after: { status: 'cancelled', cancelReason: LEFT },
      });
    }
  }
}
