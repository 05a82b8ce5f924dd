import type {
  HandoverInheritor,
  HandoverListBody,
  HandoverOperateBody,
} from '@dealer-hr/shared/handover/contract';
import { handoverMessages, type HandoverKind, type HandoverState } from '@dealer-hr/shared/handover/rules';
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import type { JobQueue } from '../../core/jobs/queue';
import { inScope, openMainAssignmentOf, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { assignments, departments, employees, posts, resignations, stores } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import {
  ADVANCE_HANDOVER,
  ensureListed,
  pageOfItems,
  progressOf,
  queueHandover,
  type HandoverRights,
  type WorkMessaging,
} from '../handover';
import { HANDOVER_OPEN_STATUSES, resignationMessages } from '@dealer-hr/shared/resignation/rules';
import { effectiveSetting } from './resignation.setting';

type Resignation = typeof resignations.$inferSelect;

/**
 * The resignation of the caller's scope a handover is for, with the leaver's userid on the platform; with
 * `userId`, the one the dialog's record carries, which must be the leaver's.
 */
async function leaverOf(
  db: Database,
  scope: Scope,
  resignationId: number,
  userId?: string,
): Promise<{ resignation: Resignation; workUserId: string | null }> {
  const [row] = await db
    .select({ resignation: resignations, workUserId: employees.workUserId })
    .from(resignations)
    .innerJoin(employees, eq(employees.id, resignations.employeeId))
    .where(and(eq(resignations.id, resignationId), inScope(scope, resignations.departmentId)));
  if (!row) throw notFound(resignationMessages.notFound);
  if (!HANDOVER_OPEN_STATUSES.includes(row.resignation.status)) throw conflict(handoverMessages.notOpen);
  if (userId !== undefined && row.workUserId !== userId)
    throw validationFailed([{ field: 'userId', message: handoverMessages.userMismatch }]);
  return row;
}

/** `customer/list`, `groupchat/list`: a page of the leaver's customers or chats, read from the platform once. */
export async function handoverList(
  db: Database,
  platform: WorkMessaging,
  scope: Scope,
  kind: HandoverKind,
  body: HandoverListBody,
) {
  const { resignation } = await leaverOf(db, scope, body.resign_id, body.userId);
  await ensureListed(db, platform, { resignationId: resignation.id, workUserId: body.userId });
  return pageOfItems(db, resignation.id, kind, body);
}

/** `transfer/detail`: the progress, and a page of what was handed over, of one kind and state if asked. */
export async function handoverDetail(
  db: Database,
  scope: Scope,
  query: { resign_id: number; kind?: HandoverKind; state?: HandoverState; page: number; limit: number },
) {
  const { resignation } = await leaverOf(db, scope, query.resign_id);
  const [progress, items] = await Promise.all([
    progressOf(db, resignation.id),
    pageOfItems(db, resignation.id, query.kind, query, { handedOnly: true, state: query.state }),
  ]);
  return { progress, ...items };
}

/** Colleagues who can inherit: on staff, in the caller's scope, with a userid on the platform, not the leaver. */
const inheritorConditions = (scope: Scope, leaverId: number) =>
  and(
    inArray(employees.status, ['probation', 'regular']),
    isNotNull(employees.workUserId),
    ne(employees.id, leaverId),
    inScope(scope, employees.mainDepartmentId),
  );

/** Whom the store's setting proposes: the chosen colleague, or the store's sales manager(s). */
async function proposedOf(db: Database, resignation: Resignation) {
  const setting = await effectiveSetting(db, resignation.storeId);
  if (setting.inheritor_rule === 'chosen' && setting.inheritor_id !== null)
    return eq(employees.id, setting.inheritor_id);
  if (resignation.storeId === null) return sql`false`;
  return and(eq(assignments.storeId, resignation.storeId), eq(posts.code, 'sales_manager'));
}

/** `inherit`: who can take the leaver's customers over, the setting's proposal first (at most 20). */
export async function handoverInheritors(
  db: Database,
  scope: Scope,
  resignationId: number,
  keyword: string | undefined,
): Promise<HandoverInheritor[]> {
  const { resignation } = await leaverOf(db, scope, resignationId);
  const proposed = await proposedOf(db, resignation);
  const rows = await db
    .select({
      id: employees.id,
      employee_no: employees.employeeNo,
      name: employees.name,
      store_name: stores.name,
      department_name: departments.name,
      post_name: posts.name,
      proposed: sql<boolean>`coalesce(${proposed}, false)`,
    })
    .from(employees)
    .innerJoin(assignments, openMainAssignmentOf(employees.id))
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .leftJoin(stores, eq(stores.id, assignments.storeId))
    .innerJoin(posts, eq(posts.id, assignments.postId))
    .where(
      and(
        inheritorConditions(scope, resignation.employeeId),
        keyword ? or(employeeKeywordMatch(keyword), proposed) : undefined,
      ),
    )
    .orderBy(sql`${proposed} desc nulls last`, asc(employees.employeeNo))
    .limit(20);
  return rows;
}

/** `customer/transfer/operate`, `groupchat/transfer/operate`: the chosen items, queued for the inheritor. */
export async function handOver(
  db: Database,
  jobs: JobQueue,
  scope: Scope,
  actor: AuditActor,
  kind: HandoverKind,
  body: HandoverOperateBody,
  rights: HandoverRights,
) {
  const { resignation } = await leaverOf(db, scope, body.resign_id);
  const queued = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: resignations.status })
      .from(resignations)
      .where(eq(resignations.id, resignation.id))
      .for('update');
    if (!locked || !HANDOVER_OPEN_STATUSES.includes(locked.status)) throw conflict(handoverMessages.closed);
    const [inheritor] = await tx
      .select({ id: employees.id, workUserId: employees.workUserId })
      .from(employees)
      .where(and(eq(employees.id, body.inheritor_id), inheritorConditions(scope, resignation.employeeId)));
    if (!inheritor?.workUserId)
      throw validationFailed([
        {
          field: 'inheritor_id',
          message:
            body.inheritor_id === resignation.employeeId
              ? handoverMessages.inheritorIsLeaver
              : handoverMessages.inheritorInvalid,
        },
      ]);
    const count = await queueHandover(
      tx,
      actor,
      {
        resignationId: resignation.id,
        kind,
        ids: body.ids,
        inheritor: { employeeId: inheritor.id, workUserId: inheritor.workUserId },
      },
      rights,
    );
    await jobs.enqueue(ADVANCE_HANDOVER, { resignation_id: resignation.id }, { within: tx });
    return count;
  });
  return { queued, progress: await progressOf(db, resignation.id) };
}
