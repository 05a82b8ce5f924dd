import { DictType } from '@dealer-hr/shared/dictionary-types';
import { OPEN_DISPATCH_STATUSES } from '@dealer-hr/shared/dispatch/rules';
import type {
  ResignationDetail,
  ResignationEditBody,
  ResignationGoBody,
  ResignationPerson,
  ResignationRow,
  ResignationStoreBody,
} from '@dealer-hr/shared/resignation/contract';
import {
  CANCELLABLE_RESIGNATION_STATUSES,
  OPEN_RESIGNATION_STATUSES,
  RESIGNATION_APPLIED_DAYS_MAX,
  RESIGNATION_BACKDATE_DAYS_MAX,
  resignationMessages,
} from '@dealer-hr/shared/resignation/rules';
import { OPEN_TRANSFER_STATUSES } from '@dealer-hr/shared/transfers/rules';
import { and, count, desc, eq, gte, inArray, isNull, lt, lte, max, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, type Today } from '../../core/clock';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { inScope, type Scope } from '../../core/scope';
import { staffChoices } from '../../core/staff-choices';
import type { Database } from '../../db/client';
import {
  assignments,
  departments,
  dictionaryItems,
  dispatches,
  employees,
  jobTransfers,
  posts,
  resignations,
  stores,
  users,
} from '../../db/schema';
import { withoutTimestamps, writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import type { Sealer } from '../../lib/sealed-values';
import { approvalStateOf, taskSentTo, type ApprovalEngine } from '../approvals';
import { updatePerson } from '../employment';
import {
  ensureListed,
  handoverCountsOf,
  handoverFilterOf,
  hasUnsettledItems,
  type WorkMessaging,
} from '../handover';
import type { ResignationExportQuery, ResignationListQuery } from './resignation.schemas';
import { completeResignation } from './resignation.complete';
import { effectiveSetting } from './resignation.setting';

export const RESIGNATION = 'resignation' as const;

export type Resignation = typeof resignations.$inferSelect;
type Actor = AuditActor & { userId: number };

const reasons = alias(dictionaryItems, 'reasons');
const destinations = alias(dictionaryItems, 'destinations');

/** A resignation with the names its list and detail show. */
const resignationsQuery = (db: Database) =>
  db
    .select({
      resignation: resignations,
      employeeNo: employees.employeeNo,
      employeeName: employees.name,
      store: stores.name,
      department: departments.name,
      post: posts.name,
      reason: reasons.name,
      destination: destinations.name,
      createdBy: users.name,
      workUserId: employees.workUserId,
      handover: handoverCountsOf(resignations.id),
    })
    .from(resignations)
    .innerJoin(employees, eq(employees.id, resignations.employeeId))
    .leftJoin(stores, eq(stores.id, resignations.storeId))
    .leftJoin(departments, eq(departments.id, resignations.departmentId))
    .leftJoin(posts, eq(posts.id, resignations.postId))
    .innerJoin(reasons, eq(reasons.id, resignations.reasonId))
    .innerJoin(destinations, eq(destinations.id, resignations.destinationId))
    .leftJoin(users, eq(users.id, resignations.createdByUserId));

type Joined = Awaited<ReturnType<ReturnType<typeof resignationsQuery>['where']>>[number];

const rowOf = ({ resignation, ...names }: Joined): ResignationRow => ({
  id: resignation.id,
  employee_id: resignation.employeeId,
  employee_no: names.employeeNo,
  employee_name: names.employeeName,
  store_id: resignation.storeId,
  store_name: names.store,
  department_name: names.department,
  post_name: names.post,
  type: resignation.type,
  reason_id: resignation.reasonId,
  reason_name: names.reason,
  destination_id: resignation.destinationId,
  destination_name: names.destination,
  applied_on: resignation.appliedOn,
  last_day: resignation.lastDay,
  explanation: resignation.explanation,
  status: resignation.status,
  created_by: names.createdBy,
  created_at: resignation.createdAt.toISOString(),
  user: { userid: names.workUserId },
  handover_done: names.handover.done,
  handover_total: names.handover.total,
});

/** One resignation as its list shows it, whoever asks (the approval's facts). */
export const resignationRowById = async (db: Database, id: number): Promise<ResignationRow | undefined> =>
  (await resignationsQuery(db).where(eq(resignations.id, id))).map(rowOf)[0];

/** A resignation is the caller's when the department the person worked in is inside their scope. */
const visibleIn = (scope: Scope): SQL | undefined => inScope(scope, resignations.departmentId);

function listConditions(scope: Scope, query: ResignationExportQuery): SQL | undefined {
  return and(
    visibleIn(scope),
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
    query.store_id ? eq(resignations.storeId, query.store_id) : undefined,
    query.reason_id ? eq(resignations.reasonId, query.reason_id) : undefined,
    query.type ? eq(resignations.type, query.type) : undefined,
    query.status ? eq(resignations.status, query.status) : undefined,
    query.handover ? handoverFilterOf(resignations.id, query.handover) : undefined,
    // The last working day within the range.
    query.from ? gte(resignations.lastDay, query.from) : undefined,
    query.to ? lte(resignations.lastDay, query.to) : undefined,
  );
}

/** `index`: the resignations of the filter, latest filed first. */
export async function listResignations(db: Database, scope: Scope, query: ResignationListQuery) {
  const [rows, total] = await Promise.all([
    resignationsQuery(db)
      .where(listConditions(scope, query))
      .orderBy(desc(resignations.createdAt), desc(resignations.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    countResignations(db, scope, query),
  ]);
  return { data: rows.map(rowOf), total };
}

export async function countResignations(db: Database, scope: Scope, query: ResignationExportQuery) {
  const [row] = await db
    .select({ total: count() })
    .from(resignations)
    .innerJoin(employees, eq(employees.id, resignations.employeeId))
    .where(listConditions(scope, query));
  return row?.total ?? 0;
}

/** Every resignation of the filter, for the export: keyset pages on id, latest first. */
export async function* allResignations(
  db: Database,
  scope: Scope,
  query: ResignationExportQuery,
): AsyncGenerator<ResignationRow> {
  const where = listConditions(scope, query);
  let after: number | null = null;
  for (;;) {
    const page: Joined[] = await resignationsQuery(db)
      .where(and(where, after === null ? undefined : lt(resignations.id, after)))
      .orderBy(desc(resignations.id))
      .limit(1000);
    for (const row of page) yield rowOf(row);
    if (page.length < 1000) return;
    after = page[page.length - 1]!.resignation.id;
  }
}

export async function resignationDetail(
  db: Database,
  scope: Scope,
  userId: number,
  id: number,
): Promise<ResignationDetail> {
  const [row] = await resignationsQuery(db).where(
    and(
      eq(resignations.id, id),
      sql`(${visibleIn(scope) ?? sql`true`} or ${taskSentTo(resignations.instanceId, userId)})`,
    ),
  );
  if (!row) throw notFound(resignationMessages.notFound);
  const { resignation } = row;
  const [approval, [mine]] = await Promise.all([
    approvalStateOf(db, resignation.instanceId, userId),
    db
      .select({ id: resignations.id })
      .from(resignations)
      .where(and(eq(resignations.id, id), visibleIn(scope))),
  ]);
  const owned = mine !== undefined;
  return {
    ...rowOf(row),
    return_comment: resignation.status === 'returned' ? resignation.returnComment : null,
    cancel_reason: resignation.cancelReason,
    // Asked at `go`: shown once it is under way or done, never for a cancelled one.
    prohibited_reason:
      resignation.addProhibited && (resignation.status === 'scheduled' || resignation.status === 'completed')
        ? resignation.prohibitedReason
        : null,
    completed_at: resignation.completedAt?.toISOString() ?? null,
    approval,
    actions: {
      edit: owned && resignation.status === 'returned',
      cancel: owned && (CANCELLABLE_RESIGNATION_STATUSES as readonly string[]).includes(resignation.status),
      go: owned && resignation.status === 'approved',
    },
  };
}

/** `people`: staff of the caller's scope a resignation can be filed for (at most 20). */
export async function resignationPeople(
  db: Database,
  scope: Scope,
  keyword: string | undefined,
): Promise<ResignationPerson[]> {
  const people = await staffChoices(
    db,
    scope,
    keyword,
    sql<number | null>`(${db
      .select({ id: resignations.id })
      .from(resignations)
      .where(
        and(
          eq(resignations.employeeId, employees.id),
          inArray(resignations.status, [...OPEN_RESIGNATION_STATUSES]),
        ),
      )
      .limit(1)})`,
  );
  const entries = await db
    .select({ id: employees.id, entryDate: employees.entryDate })
    .from(employees)
    .where(
      inArray(
        employees.id,
        people.map((person) => person.id),
      ),
    );
  return people.map(({ open, home, ...person }) => ({
    ...person,
    entry_date: entries.find((entry) => entry.id === person.id)!.entryDate,
    store_name: home.store_name,
    department_name: home.department_name,
    post_name: home.post_name,
    open_resignation_id: open,
  }));
}

/**
 * Every refusal of a resignation, in the order a filer would fix them: the person (in scope, on staff, no other
 * open resignation, no transfer or dispatch still to happen), the dictionary items, the dates.
 * `resignationId` is the one being edited (its person is `resigning` already).
 */
async function checkResignation(
  tx: Database,
  scope: Scope,
  today: string,
  body: ResignationStoreBody,
  resignationId?: number,
) {
  const [employee] = await tx
    .select()
    .from(employees)
    .where(and(eq(employees.id, body.employee_id), inScope(scope, employees.mainDepartmentId)))
    .for('update');
  if (!employee) throw notFound('员工不存在');
  const [open] = await tx
    .select({ id: resignations.id })
    .from(resignations)
    .where(
      and(
        eq(resignations.employeeId, employee.id),
        inArray(resignations.status, [...OPEN_RESIGNATION_STATUSES]),
        resignationId === undefined ? undefined : ne(resignations.id, resignationId),
      ),
    );
  if (open) throw conflict(resignationMessages.inProgress);
  const onStaff = employee.status === 'probation' || employee.status === 'regular';
  if (!onStaff && !(resignationId !== undefined && employee.status === 'resigning'))
    throw conflict(resignationMessages.notOnStaff);
  // Where they work is what the resignation keeps (its scope, the statistics).
  if (employee.mainDepartmentId === null) throw conflict(resignationMessages.noMainPost);
  const [transfer] = await tx
    .select({ id: jobTransfers.id })
    .from(jobTransfers)
    .where(
      and(
        eq(jobTransfers.employeeId, employee.id),
        inArray(jobTransfers.status, [...OPEN_TRANSFER_STATUSES]),
      ),
    );
  if (transfer) throw conflict(resignationMessages.transferInProgress);
  // A dispatch not yet begun is cancelled first; one under way ends with the employment.
  const [dispatch] = await tx
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(
      and(
        eq(dispatches.employeeId, employee.id),
        inArray(
          dispatches.status,
          [...OPEN_DISPATCH_STATUSES].filter((status) => status !== 'active'),
        ),
      ),
    );
  if (dispatch) throw conflict(resignationMessages.dispatchPending);

  const items = await tx
    .select({ id: dictionaryItems.id, typeId: dictionaryItems.typeId })
    .from(dictionaryItems)
    .where(
      and(
        inArray(dictionaryItems.id, [body.reason_id, body.destination_id]),
        eq(dictionaryItems.enabled, true),
      ),
    );
  const isItem = (id: number, typeId: number) =>
    items.some((item) => item.id === id && item.typeId === typeId);
  if (!isItem(body.reason_id, DictType.LEAVING_REASON))
    throw validationFailed([{ field: 'reason_id', message: resignationMessages.reasonInvalid }]);
  if (!isItem(body.destination_id, DictType.LEAVING_DESTINATION))
    throw validationFailed([{ field: 'destination_id', message: resignationMessages.destinationInvalid }]);

  if (body.applied_on > today)
    throw validationFailed([{ field: 'applied_on', message: resignationMessages.appliedInFuture }]);
  if (body.applied_on < addDays(today, -RESIGNATION_APPLIED_DAYS_MAX))
    throw validationFailed([{ field: 'applied_on', message: resignationMessages.appliedTooEarly }]);
  if (body.last_day < body.applied_on)
    throw validationFailed([{ field: 'last_day', message: resignationMessages.lastDayBeforeApplied }]);
  if (body.last_day < employee.entryDate)
    throw validationFailed([
      { field: 'last_day', message: resignationMessages.lastDayBeforeEntry(employee.entryDate) },
    ]);
  if (body.last_day < addDays(today, -RESIGNATION_BACKDATE_DAYS_MAX))
    throw validationFailed([{ field: 'last_day', message: resignationMessages.lastDayTooEarly }]);
  await assertLastDayAfterPosts(tx, employee.id, body.last_day);
  return employee;
}

/**
 * Every post the person holds (a dispatch's and a rotation stage's too) began on or before the last working
 * day: ending one earlier would end it before it began. Checked when filing and again at `go`.
 */
export async function assertLastDayAfterPosts(tx: Database, employeeId: number, lastDay: string) {
  const [latest] = await tx
    .select({ start: max(assignments.startDate) })
    .from(assignments)
    .where(and(eq(assignments.employeeId, employeeId), isNull(assignments.endDate)));
  if (latest?.start && latest.start > lastDay)
    throw validationFailed([
      { field: 'last_day', message: resignationMessages.lastDayBeforePost(latest.start) },
    ]);
}

const openResignationTaken = () =>
  conflict(resignationMessages.inProgress, {
    errors: [{ field: 'employee_id', message: resignationMessages.inProgress }],
  });

const columnsOf = (body: ResignationStoreBody) => ({
  type: body.type,
  reasonId: body.reason_id,
  destinationId: body.destination_id,
  appliedOn: body.applied_on,
  lastDay: body.last_day,
  explanation: body.explanation,
});

/** Sends the resignation to its `resignation` flow; a flow that passes every node approves it at once. */
async function submitResignation(
  tx: Database,
  engine: ApprovalEngine,
  actor: Actor,
  resignation: Resignation,
  name: string,
) {
  const instance = await engine.submit(tx, {
    businessType: RESIGNATION,
    businessId: resignation.id,
    title: `${name}（最后工作日 ${resignation.lastDay}）`,
    applicantUserId: actor.userId,
    departmentId: resignation.departmentId!,
    form: { last_day: resignation.lastDay, type: resignation.type, reason_id: resignation.reasonId },
    actor,
  });
  await tx.update(resignations).set({ instanceId: instance.id }).where(eq(resignations.id, resignation.id));
}

/** `store`: files a resignation (the person becomes `resigning`) and sends it to its approval. */
export async function fileResignation(
  db: Database,
  engine: ApprovalEngine,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: ResignationStoreBody,
): Promise<number> {
  return db.transaction(async (tx) => {
    const employee = await checkResignation(tx, scope, today(), body);
    const [resignation] = await onUniqueViolation(openResignationTaken, () =>
      tx
        .insert(resignations)
        .values({
          ...columnsOf(body),
          employeeId: employee.id,
          previousStatus: employee.status as 'probation' | 'regular',
          storeId: employee.mainStoreId,
          departmentId: employee.mainDepartmentId,
          postId: employee.mainPostId,
          status: 'approving',
          createdByUserId: actor.userId,
        })
        .returning(),
    );
    await updatePerson(tx, actor, employee, { status: 'resigning' });
    await writeAudit(tx, actor, {
      entity: 'resignation',
      entityId: resignation!.id,
      action: 'create',
      after: withoutTimestamps(resignation!),
    });
    await submitResignation(tx, engine, actor, resignation!, employee.name);
    return resignation!.id;
  });
}

/** A resignation of the caller's scope, locked for a change. */
async function lockedResignation(tx: Database, scope: Scope, id: number): Promise<Resignation> {
  const [resignation] = await tx
    .select()
    .from(resignations)
    .where(and(eq(resignations.id, id), visibleIn(scope)))
    .for('update');
  if (!resignation) throw notFound(resignationMessages.notFound);
  return resignation;
}

/** `edit`: a returned resignation, changed and filed again. */
export async function editResignation(
  db: Database,
  engine: ApprovalEngine,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: ResignationEditBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedResignation(tx, scope, body.id);
    if (before.status !== 'returned') throw conflict(resignationMessages.notEditable);
    if (before.employeeId !== body.employee_id)
      throw validationFailed([{ field: 'employee_id', message: '离职人员不能修改，请取消后重新发起' }]);
    const employee = await checkResignation(tx, scope, today(), body, before.id);
    const [after] = await tx
      .update(resignations)
      .set({ ...columnsOf(body), status: 'approving', returnComment: null })
      .where(eq(resignations.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'resignation',
      entityId: before.id,
      action: 'update',
      before: withoutTimestamps(before),
      after: withoutTimestamps(after!),
    });
    await submitResignation(tx, engine, actor, after!, employee.name);
  });
}

/**
 * `cancel`: the person stays (their status as before filing); an approval still running is withdrawn.
 * Possible until it completes.
 */
export async function cancelResignation(
  db: Database,
  engine: ApprovalEngine,
  scope: Scope,
  actor: Actor,
  id: number,
  reason: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const resignation = await lockedResignation(tx, scope, id);
    if (!(CANCELLABLE_RESIGNATION_STATUSES as readonly string[]).includes(resignation.status))
      throw conflict(resignationMessages.notCancellable);
    if (resignation.instanceId !== null) await engine.stop(tx, actor, resignation.instanceId, reason);
    await tx
      .update(resignations)
      .set({ status: 'cancelled', cancelReason: reason, cancelledAt: new Date() })
      .where(eq(resignations.id, id));
    const [employee] = await tx
      .select()
      .from(employees)
      .where(eq(employees.id, resignation.employeeId))
      .for('update');
    if (employee?.status === 'resigning')
      await updatePerson(tx, actor, employee, { status: resignation.previousStatus });
    await writeAudit(tx, actor, {
      entity: 'resignation',
      entityId: id,
      action: 'cancel',
      before: { status: resignation.status },
      after: { status: 'cancelled', cancelReason: reason },
    });
  });
}

/**
 * `go`: an approved resignation completes: at once when the last working day has passed, else the daily job
 * completes it the day after (`scheduled`). Adding the person to the prohibited list needs its own
 * permission (`mayProhibit`) and a reason.
 */
/**
 * Whether `go` must find the handover settled: the store's setting requires it and the leaver has a userid on
 * the platform. Their customers and chats are read from the platform first if nobody has opened the handover.
 */
async function handoverDue(
  db: Database,
  platform: WorkMessaging,
  scope: Scope,
  id: number,
): Promise<boolean> {
  const [row] = await db
    .select({ status: resignations.status, storeId: resignations.storeId, workUserId: employees.workUserId })
    .from(resignations)
    .innerJoin(employees, eq(employees.id, resignations.employeeId))
    .where(and(eq(resignations.id, id), visibleIn(scope)));
  // One that cannot go is refused in the transaction: the platform need not be asked.
  if (row?.status !== 'approved' || !row.workUserId) return false;
  const setting = await effectiveSetting(db, row.storeId);
  if (!setting.require_handover) return false;
  await ensureListed(db, platform, { resignationId: id, workUserId: row.workUserId });
  return true;
}

export async function goResignation(
  db: Database,
  sealer: Sealer,
  platform: WorkMessaging,
  engine: ApprovalEngine,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: ResignationGoBody,
  mayProhibit: boolean,
): Promise<void> {
  if (body.add_prohibited && !mayProhibit) throw conflict(resignationMessages.prohibitedNotAllowed);
  if (body.add_prohibited && !body.prohibited_reason)
    throw validationFailed([
      { field: 'prohibited_reason', message: resignationMessages.prohibitedReasonRequired },
    ]);
  const handover = await handoverDue(db, platform, scope, body.id);
  await db.transaction(async (tx) => {
    const resignation = await lockedResignation(tx, scope, body.id);
    if (resignation.status !== 'approved') throw conflict(resignationMessages.notApproved);
    if (handover && (await hasUnsettledItems(tx, resignation.id)))
      throw conflict(resignationMessages.handoverUnsettled);
    await assertLastDayAfterPosts(tx, resignation.employeeId, resignation.lastDay);
    const [going] = await tx
      .update(resignations)
      .set({
        status: 'scheduled',
        addProhibited: body.add_prohibited,
        prohibitedReason: body.add_prohibited ? body.prohibited_reason : null,
        goByUserId: actor.userId,
      })
      .where(eq(resignations.id, resignation.id))
      .returning();
    await writeAudit(tx, actor, {
      entity: 'resignation',
      entityId: resignation.id,
      action: 'submit',
      before: { status: resignation.status },
      after: {
        status: 'scheduled',
        addProhibited: body.add_prohibited,
        prohibitedReason: going!.prohibitedReason,
      },
    });
    if (resignation.lastDay < today()) await completeResignation(tx, sealer, engine, actor, going!);
  });
}
