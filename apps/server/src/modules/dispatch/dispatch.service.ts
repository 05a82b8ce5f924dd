import type {
  DispatchDetail,
  DispatchEditBody,
  DispatchExtendBody,
  DispatchHostDepartment,
  DispatchHostStore,
  DispatchPerson,
  DispatchRow,
  DispatchStoreBody,
} from '@dealer-hr/shared/dispatch/contract';
import {
  CANCELLABLE_DISPATCH_STATUSES,
  DISPATCH_BACKDATE_DAYS_MAX,
  DISPATCH_DAYS_MAX,
  OPEN_DISPATCH_STATUSES,
  dispatchDays,
  dispatchMessages,
} from '@dealer-hr/shared/dispatch/rules';
import { OPEN_TRANSFER_STATUSES } from '@dealer-hr/shared/transfers/rules';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, type Today } from '../../core/clock';
import { storeOfDepartment, underPath } from '../../core/department-tree';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { staffChoices } from '../../core/staff-choices';
import { inScope, openMainAssignmentOf, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import {
  assignments,
  departments,
  dispatches,
  employees,
  jobTransfers,
  posts,
  rotationPlans,
  stores,
  users,
} from '../../db/schema';
import { withoutTimestamps, writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import type { Sealer } from '../../lib/sealed-values';
import { approvalStateOf, taskSentTo, type ApprovalEngine } from '../approvals';
import { checkPlacement } from '../mutual-exclusion';
import type { DispatchListQuery } from './dispatch.schemas';
import { endDispatch } from './dispatch.settle';

export const DISPATCH = 'dispatch' as const;

export type Dispatch = typeof dispatches.$inferSelect;
type Actor = AuditActor & { userId: number };

const homeDepartment = alias(departments, 'home_department');
const homeStore = alias(stores, 'home_store');
const homePost = alias(posts, 'home_post');
const hostDepartment = alias(departments, 'host_department');
const hostStore = alias(stores, 'host_store');
const hostPost = alias(posts, 'host_post');

/** A dispatch with the names its list and detail show. */
const dispatchesQuery = (db: Database) =>
  db
    .select({
      dispatch: dispatches,
      employeeNo: employees.employeeNo,
      employeeName: employees.name,
      homeDepartment: homeDepartment.name,
      homeStore: homeStore.name,
      homePost: homePost.name,
      hostDepartment: hostDepartment.name,
      hostStore: hostStore.name,
      hostPost: hostPost.name,
      createdBy: users.name,
    })
    .from(dispatches)
    .innerJoin(employees, eq(employees.id, dispatches.employeeId))
    .innerJoin(homeDepartment, eq(homeDepartment.id, dispatches.homeDepartmentId))
    .leftJoin(homeStore, eq(homeStore.id, dispatches.homeStoreId))
    .innerJoin(homePost, eq(homePost.id, dispatches.homePostId))
    .innerJoin(hostDepartment, eq(hostDepartment.id, dispatches.hostDepartmentId))
    .innerJoin(hostStore, eq(hostStore.id, dispatches.hostStoreId))
    .innerJoin(hostPost, eq(hostPost.id, dispatches.hostPostId))
    .leftJoin(users, eq(users.id, dispatches.createdByUserId));

type Joined = Awaited<ReturnType<ReturnType<typeof dispatchesQuery>['where']>>[number];

const rowOf = (row: Joined): DispatchRow => {
  const { dispatch } = row;
  return {
    id: dispatch.id,
    employee_id: dispatch.employeeId,
    employee_no: row.employeeNo,
    employee_name: row.employeeName,
    home: {
      store_id: dispatch.homeStoreId,
      store_name: row.homeStore,
      department_id: dispatch.homeDepartmentId,
      department_name: row.homeDepartment,
      post_id: dispatch.homePostId,
      post_name: row.homePost,
    },
    host: {
      store_id: dispatch.hostStoreId,
      store_name: row.hostStore,
      department_id: dispatch.hostDepartmentId,
      department_name: row.hostDepartment,
      post_id: dispatch.hostPostId,
      post_name: row.hostPost,
    },
    start_date: dispatch.startDate,
    end_date: dispatch.endDate,
    days: dispatchDays(dispatch.startDate, dispatch.endDate),
    reason: dispatch.reason,
    allowance_note: dispatch.allowanceNote,
    status: dispatch.status,
    extension_end_date: dispatch.extensionEndDate,
    created_by: row.createdBy,
    created_at: dispatch.createdAt.toISOString(),
  };
};

/** One dispatch as its list shows it, whoever asks (the approval's facts). */
export const dispatchRowById = async (db: Database, id: number): Promise<DispatchRow | undefined> =>
  (await dispatchesQuery(db).where(eq(dispatches.id, id))).map(rowOf)[0];

/** A dispatch is the caller's to read when the person's home or host department is inside their scope. */
const visibleIn = (scope: Scope): SQL | undefined =>
  scope.all
    ? undefined
    : or(inScope(scope, dispatches.homeDepartmentId), inScope(scope, dispatches.hostDepartmentId));

/** Changes belong to the home side: the filer's scope holds the person. */
const ownedBy = (scope: Scope): SQL | undefined => inScope(scope, dispatches.homeDepartmentId);

function listConditions(scope: Scope, query: DispatchListQuery): SQL | undefined {
  return and(
    visibleIn(scope),
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
    query.home_store_id ? eq(dispatches.homeStoreId, query.home_store_id) : undefined,
    query.host_store_id ? eq(dispatches.hostStoreId, query.host_store_id) : undefined,
    query.status ? eq(dispatches.status, query.status) : undefined,
    // The period meets the range.
    query.from ? gte(dispatches.endDate, query.from) : undefined,
    query.to ? lte(dispatches.startDate, query.to) : undefined,
  );
}

/** `index`: the dispatches of the filter, latest filed first. */
export async function listDispatches(db: Database, scope: Scope, query: DispatchListQuery) {
  const where = listConditions(scope, query);
  const [rows, [total]] = await Promise.all([
    dispatchesQuery(db)
      .where(where)
      .orderBy(desc(dispatches.createdAt), desc(dispatches.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(dispatches)
      .innerJoin(employees, eq(employees.id, dispatches.employeeId))
      .where(where),
  ]);
  return { data: rows.map(rowOf), total: total?.total ?? 0 };
}

/**
 * One dispatch the caller may read: inside their scope, or sent to them for approval (an approver of the host
 * store reads it though the person is not theirs). 404 otherwise.
 */
async function readableDispatch(db: Database, scope: Scope, userId: number, id: number) {
  const [row] = await dispatchesQuery(db).where(
    and(eq(dispatches.id, id), or(visibleIn(scope) ?? sql`true`, taskSentTo(dispatches.instanceId, userId))),
  );
  if (!row) throw notFound(dispatchMessages.notFound);
  return row;
}

export async function dispatchDetail(
  db: Database,
  scope: Scope,
  userId: number,
  today: string,
  id: number,
): Promise<DispatchDetail> {
  const row = await readableDispatch(db, scope, userId, id);
  const { dispatch } = row;
  const [approval, [owned]] = await Promise.all([
    approvalStateOf(db, dispatch.instanceId, userId),
    db
      .select({ id: dispatches.id })
      .from(dispatches)
      .where(and(eq(dispatches.id, id), ownedBy(scope))),
  ]);
  const mine = owned !== undefined;
  const active = dispatch.status === 'active';
  return {
    ...rowOf(row),
    extension_reason: dispatch.extensionReason,
    return_comment: dispatch.returnComment,
    cancel_reason: dispatch.cancelReason,
    started_at: dispatch.startedAt?.toISOString() ?? null,
    ended_at: dispatch.endedAt?.toISOString() ?? null,
    approval,
    actions: {
      edit: mine && dispatch.status === 'returned',
      cancel: mine && (CANCELLABLE_DISPATCH_STATUSES as readonly string[]).includes(dispatch.status),
      // A last day away exists: from the first day or yesterday, before the end date.
      return_early: mine && active && dispatch.endDate > [dispatch.startDate, addDays(today, -1)].sort()[1]!,
      extend: mine && active && dispatch.extensionEndDate === null,
    },
  };
}

/** `people`: staff of the caller's scope a dispatch can be filed for, with their main post (at most 20). */
export async function dispatchPeople(
  db: Database,
  scope: Scope,
  keyword: string | undefined,
): Promise<DispatchPerson[]> {
  const people = await staffChoices(
    db,
    scope,
    keyword,
    sql<number | null>`(${db
      .select({ id: dispatches.id })
      .from(dispatches)
      .where(
        and(eq(dispatches.employeeId, employees.id), inArray(dispatches.status, [...OPEN_DISPATCH_STATUSES])),
      )
      .limit(1)})`,
  );
  return people.map(({ open, ...person }) => ({ ...person, open_dispatch_id: open }));
}

/**
 * `hosts`: every active store, whatever the caller's scope (a store manager lends people to a sister store,
 * whose own manager approves), by code.
 */
export async function dispatchHosts(db: Database): Promise<DispatchHostStore[]> {
  const rows = await db
    .select({ id: stores.id, name: stores.name, departmentId: stores.departmentId })
    .from(stores)
    .where(eq(stores.status, 'active'))
    .orderBy(asc(stores.code));
  return rows.map((row) => ({ id: row.id, name: row.name, department_id: row.departmentId }));
}

/** `host/departments`: the active departments of an active store, in tree order; 404 for another store. */
export async function dispatchHostDepartments(
  db: Database,
  storeId: number,
): Promise<DispatchHostDepartment[]> {
  const [store] = await db
    .select({ path: departments.path })
    .from(stores)
    .innerJoin(departments, eq(departments.id, stores.departmentId))
    .where(and(eq(stores.id, storeId), eq(stores.status, 'active')));
  if (!store) throw notFound('门店不存在或已停用');
  const rows = await db
    .select({ id: departments.id, name: departments.name, path: departments.path })
    .from(departments)
    .where(and(underPath(store.path), eq(departments.status, 'active')))
    .orderBy(asc(departments.path));
  const depthOf = (path: string) => path.split('/').filter(Boolean).length;
  return rows.map((row) => ({ id: row.id, name: row.name, depth: depthOf(row.path) - depthOf(store.path) }));
}

interface CheckedDispatch {
  employee: typeof employees.$inferSelect;
  home: typeof assignments.$inferSelect;
  hostStoreId: number;
  names: { homeStore: string | null; hostStore: string };
}

/**
 * Every refusal of a dispatch, in the order a filer would fix them: the person (in scope, on staff, no other
 * open dispatch, no resignation), where they go (an active department of another store, an active post), the
 * period, and the mutual-exclusion rules of the host store. The host store may lie outside the filer's
 * scope: its own manager approves (the flow's `target` side). `dispatchId` is the one being edited.
 */
async function checkDispatch(
  tx: Database,
  sealer: Sealer,
  scope: Scope,
  today: string,
  body: DispatchStoreBody,
  dispatchId?: number,
): Promise<CheckedDispatch> {
  const [employee] = await tx
    .select()
    .from(employees)
    .where(and(eq(employees.id, body.employee_id), inScope(scope, employees.mainDepartmentId)))
    .for('update');
  if (!employee) throw notFound('员工不存在');
  if (employee.status === 'resigning') throw conflict(dispatchMessages.resignationInProgress);
  if (employee.status !== 'probation' && employee.status !== 'regular')
    throw conflict(dispatchMessages.notOnStaff);
  const [open] = await tx
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(
      and(
        eq(dispatches.employeeId, employee.id),
        inArray(dispatches.status, [...OPEN_DISPATCH_STATUSES]),
        dispatchId === undefined ? undefined : ne(dispatches.id, dispatchId),
      ),
    );
  if (open) throw conflict(dispatchMessages.inProgress);
  // The home post must stay where it is while the person is away: no transfer or main-moving rotation meanwhile.
  const [transfer] = await tx
    .select({ id: jobTransfers.id })
    .from(jobTransfers)
    .where(
      and(
        eq(jobTransfers.employeeId, employee.id),
        inArray(jobTransfers.status, [...OPEN_TRANSFER_STATUSES]),
      ),
    );
  if (transfer) throw conflict(dispatchMessages.transferInProgress);
  const [rotation] = await tx
    .select({ id: rotationPlans.id })
    .from(rotationPlans)
    .where(
      and(
        eq(rotationPlans.employeeId, employee.id),
        eq(rotationPlans.status, 'active'),
        eq(rotationPlans.replacesMain, true),
      ),
    );
  if (rotation) throw conflict(dispatchMessages.rotationMovesMain);
  const [home] = await tx
    .select({ assignment: assignments, store: stores.name })
    .from(assignments)
    .leftJoin(stores, eq(stores.id, assignments.storeId))
    .where(openMainAssignmentOf(employee.id));
  if (!home) throw conflict(dispatchMessages.noMainPost);

  const [department] = await tx
    .select({ id: departments.id, path: departments.path })
    .from(departments)
    .where(and(eq(departments.id, body.host_department_id), eq(departments.status, 'active')));
  if (!department)
    throw validationFailed([{ field: 'host_department_id', message: dispatchMessages.departmentInactive }]);
  const store = await storeOfDepartment(tx, department.path);
  if (!store || store.status !== 'active')
    throw validationFailed([{ field: 'host_department_id', message: dispatchMessages.notInStore }]);
  if (store.id === home.assignment.storeId)
    throw validationFailed([{ field: 'host_department_id', message: dispatchMessages.sameStore }]);
  const [post] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, body.host_post_id), eq(posts.status, 'active')));
  if (!post) throw validationFailed([{ field: 'host_post_id', message: dispatchMessages.postInactive }]);

  if (body.start_date < addDays(today, -DISPATCH_BACKDATE_DAYS_MAX))
    throw validationFailed([{ field: 'start_date', message: dispatchMessages.startTooEarly }]);
  if (body.start_date <= home.assignment.startDate)
    throw validationFailed([
      { field: 'start_date', message: dispatchMessages.startBeforeHome(home.assignment.startDate) },
    ]);
  assertPeriod(body.start_date, body.end_date, 'end_date');
  await assertHostAllowed(tx, sealer, employee, {
    storeId: store.id,
    departmentId: department.id,
    postId: post.id,
  });
  return {
    employee,
    home: home.assignment,
    hostStoreId: store.id,
    names: { homeStore: home.store, hostStore: store.name },
  };
}

function assertPeriod(start: string, end: string, field: string) {
  if (end < start) throw validationFailed([{ field, message: dispatchMessages.endBeforeStart }]);
  if (dispatchDays(start, end) > DISPATCH_DAYS_MAX)
    throw validationFailed([{ field, message: dispatchMessages.tooLong }]);
}

/** The mutual-exclusion rules at the host store, with every post the person holds meanwhile. */
export async function assertHostAllowed(
  tx: Database,
  sealer: Sealer,
  employee: typeof employees.$inferSelect,
  host: { storeId: number; departmentId: number; postId: number },
) {
  const held = await tx
    .select({ postId: assignments.postId })
    .from(assignments)
    .where(and(eq(assignments.employeeId, employee.id), isNull(assignments.endDate)));
  const violations = await checkPlacement(tx, sealer, {
    idNumber: sealer.open(employee.idNumberSealed),
    employeeId: employee.id,
    storeId: host.storeId,
    departmentId: host.departmentId,
    postIds: [...held.map((row) => row.postId), host.postId],
  });
  if (violations.length > 0)
    throw conflict(dispatchMessages.exclusion(violations[0]!.message), {
      errors: violations.map((violation) => ({ field: 'host_post_id', message: violation.message })),
    });
}

const openDispatchTaken = () =>
  conflict(dispatchMessages.inProgress, {
    errors: [{ field: 'employee_id', message: dispatchMessages.inProgress }],
  });

const columnsOf = (body: DispatchStoreBody, checked: CheckedDispatch) => ({
  employeeId: checked.employee.id,
  homeAssignmentId: checked.home.id,
  homeDepartmentId: checked.home.departmentId,
  homeStoreId: checked.home.storeId,
  homePostId: checked.home.postId,
  hostDepartmentId: body.host_department_id,
  hostStoreId: checked.hostStoreId,
  hostPostId: body.host_post_id,
  startDate: body.start_date,
  endDate: body.end_date,
  reason: body.reason,
  allowanceNote: body.allowance_note,
});

/** Sends the dispatch (or its extension) to the `dispatch` flow; the host store's nodes use the target side. */
async function submitDispatch(
  tx: Database,
  engine: ApprovalEngine,
  actor: Actor,
  dispatch: Dispatch,
  title: string,
) {
  const end = dispatch.extensionEndDate ?? dispatch.endDate;
  const instance = await engine.submit(tx, {
    businessType: DISPATCH,
    businessId: dispatch.id,
    title,
    applicantUserId: actor.userId,
    departmentId: dispatch.homeDepartmentId,
    targetDepartmentId: dispatch.hostDepartmentId,
    form: {
      start_date: dispatch.startDate,
      end_date: end,
      days: dispatchDays(dispatch.startDate, end),
      extension: dispatch.extensionEndDate === null ? 0 : 1,
    },
    actor,
  });
  await tx.update(dispatches).set({ instanceId: instance.id }).where(eq(dispatches.id, dispatch.id));
}

const titleOf = (name: string, checked: CheckedDispatch, body: DispatchStoreBody) =>
  `${name}（${checked.names.homeStore ?? '总部'} → ${checked.names.hostStore}，${body.start_date} ~ ${body.end_date}）`;

/** `store`: files a dispatch and sends it to its approval, in one transaction. */
export async function fileDispatch(
  db: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: DispatchStoreBody,
): Promise<number> {
  return db.transaction(async (tx) => {
    const checked = await checkDispatch(tx, sealer, scope, today(), body);
    const [dispatch] = await onUniqueViolation(openDispatchTaken, () =>
      tx
        .insert(dispatches)
        .values({ ...columnsOf(body, checked), status: 'approving', createdByUserId: actor.userId })
        .returning(),
    );
    await writeAudit(tx, actor, {
      entity: 'dispatch',
      entityId: dispatch!.id,
      action: 'create',
      after: withoutTimestamps(dispatch!),
    });
    await submitDispatch(tx, engine, actor, dispatch!, titleOf(checked.employee.name, checked, body));
    return dispatch!.id;
  });
}

/** A dispatch the caller's scope holds (its home side), locked for a change. */
async function lockedDispatch(tx: Database, scope: Scope, id: number): Promise<Dispatch> {
  const [dispatch] = await tx
    .select()
    .from(dispatches)
    .where(and(eq(dispatches.id, id), ownedBy(scope)))
    .for('update');
  if (!dispatch) throw notFound(dispatchMessages.notFound);
  return dispatch;
}

/** `edit`: a returned dispatch, changed and filed again. */
export async function editDispatch(
  db: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: DispatchEditBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedDispatch(tx, scope, body.id);
    if (before.status !== 'returned') throw conflict(dispatchMessages.notEditable);
    if (before.employeeId !== body.employee_id)
      throw validationFailed([{ field: 'employee_id', message: '外派人员不能修改，请取消后重新发起' }]);
    const checked = await checkDispatch(tx, sealer, scope, today(), body, before.id);
    const [after] = await tx
      .update(dispatches)
      .set({ ...columnsOf(body, checked), status: 'approving', returnComment: null })
      .where(eq(dispatches.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'dispatch',
      entityId: before.id,
      action: 'update',
      before: withoutTimestamps(before),
      after: withoutTimestamps(after!),
    });
    await submitDispatch(tx, engine, actor, after!, titleOf(checked.employee.name, checked, body));
  });
}

/** `cancel`: a dispatch stops before it begins; an approval still running is withdrawn with it. */
export async function cancelDispatch(
  db: Database,
  engine: ApprovalEngine,
  scope: Scope,
  actor: Actor,
  id: number,
  reason: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const dispatch = await lockedDispatch(tx, scope, id);
    if (!(CANCELLABLE_DISPATCH_STATUSES as readonly string[]).includes(dispatch.status))
      throw conflict(dispatchMessages.notCancellable);
    if (dispatch.instanceId !== null) await engine.stop(tx, actor, dispatch.instanceId, reason);
    await tx
      .update(dispatches)
      .set({ status: 'cancelled', cancelReason: reason, cancelledAt: new Date() })
      .where(eq(dispatches.id, id));
    await writeAudit(tx, actor, {
      entity: 'dispatch',
      entityId: id,
      action: 'cancel',
      before: { status: dispatch.status },
      after: { status: 'cancelled', cancelReason: reason },
    });
  });
}

/**
 * `return`: the person comes back before the end date. `last_day` is their last day away, from yesterday
 * (a return recorded the morning after) to the day before the planned end; a day already past ends the
 * dispatch at once, a later one waits for the daily job. A running extension is withdrawn.
 */
export async function returnEarly(
  db: Database,
  engine: ApprovalEngine,
  today: string,
  scope: Scope,
  actor: Actor,
  id: number,
  lastDay: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const dispatch = await lockedDispatch(tx, scope, id);
    if (dispatch.status !== 'active') throw conflict(dispatchMessages.notActive);
    const earliest = [dispatch.startDate, addDays(today, -1)].sort().at(-1)!;
    if (lastDay < earliest || lastDay >= dispatch.endDate)
      throw validationFailed([
        { field: 'last_day', message: dispatchMessages.lastDayInvalid(earliest, dispatch.endDate) },
      ]);
    if (dispatch.extensionEndDate !== null && dispatch.instanceId !== null)
      await engine.stop(tx, actor, dispatch.instanceId, null);
    const [after] = await tx
      .update(dispatches)
      .set({ endDate: lastDay, extensionEndDate: null, extensionReason: null })
      .where(eq(dispatches.id, id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'dispatch',
      entityId: id,
      action: 'return',
      before: { endDate: dispatch.endDate },
      after: { endDate: lastDay },
    });
    if (lastDay < today) await endDispatch(tx, actor, after!);
  });
}

/** `extend`: asks the `dispatch` flow for a later end; the dispatch runs on meanwhile. */
export async function extendDispatch(
  db: Database,
  engine: ApprovalEngine,
  scope: Scope,
  actor: Actor,
  body: DispatchExtendBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const dispatch = await lockedDispatch(tx, scope, body.id);
    if (dispatch.status !== 'active') throw conflict(dispatchMessages.notActive);
    if (dispatch.extensionEndDate !== null) throw conflict(dispatchMessages.extensionPending);
    if (body.end_date <= dispatch.endDate)
      throw validationFailed([{ field: 'end_date', message: dispatchMessages.extendNotLater }]);
    assertPeriod(dispatch.startDate, body.end_date, 'end_date');
    const [after] = await tx
      .update(dispatches)
      .set({ extensionEndDate: body.end_date, extensionReason: body.reason, returnComment: null })
      .where(eq(dispatches.id, dispatch.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'dispatch',
      entityId: dispatch.id,
      action: 'extend',
      before: { endDate: dispatch.endDate },
      after: { extensionEndDate: body.end_date, extensionReason: body.reason },
    });
    const row = await dispatchRowById(tx, dispatch.id);
    await submitDispatch(
      tx,
      engine,
      actor,
      after!,
      `延长外派：${row!.employee_name}（${row!.host.store_name}，至 ${body.end_date}）`,
    );
  });
}
