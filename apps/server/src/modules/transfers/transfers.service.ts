import { DictType } from '@dealer-hr/shared/dictionary-types';
import type {
  TransferDetail,
  TransferEditBody,
  TransferPerson,
  TransferRow,
  TransferStoreBody,
  TransferTarget,
} from '@dealer-hr/shared/transfers/contract';
import {
  CANCELLABLE_TRANSFER_STATUSES,
  OPEN_TRANSFER_STATUSES,
  TRANSFER_BACKDATE_DAYS_MAX,
  transferMessages,
} from '@dealer-hr/shared/transfers/rules';
import { OPEN_DISPATCH_STATUSES } from '@dealer-hr/shared/dispatch/rules';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, type Today } from '../../core/clock';
import { storeOfDepartment } from '../../core/department-tree';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import {
  assignments,
  departments,
  dictionaryItems,
  dispatches,
  employees,
  headcountPlans,
  jobTransfers,
  posts,
  stores,
  uploads,
  users,
} from '../../db/schema';
import { withoutTimestamps, writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import type { Sealer } from '../../lib/sealed-values';
import { approvalStateOf, taskSentTo, type ApprovalEngine } from '../approvals';
import { checkPlacement } from '../mutual-exclusion';
import { uploadAnswerOf } from '../uploads';
import type { TransferListQuery, TransferExportQuery } from './transfers.schemas';

export const POSTTRANSFER = 'posttransfer' as const;
/** Uploads a transfer owns (its attachments). */
export const TRANSFER_OWNER = 'job_transfer';

export type Transfer = typeof jobTransfers.$inferSelect;
type Actor = AuditActor & { userId: number };

const fromDepartment = alias(departments, 'from_department');
const fromStore = alias(stores, 'from_store');
const fromPost = alias(posts, 'from_post');
const toDepartment = alias(departments, 'to_department');
const toStore = alias(stores, 'to_store');
const toPost = alias(posts, 'to_post');

/** A transfer with the names its list and detail show. */
const transfersQuery = (db: Database) =>
  db
    .select({
      transfer: jobTransfers,
      employeeNo: employees.employeeNo,
      employeeName: employees.name,
      fromDepartment: fromDepartment.name,
      fromStore: fromStore.name,
      fromPost: fromPost.name,
      toDepartment: toDepartment.name,
      toStore: toStore.name,
      toPost: toPost.name,
      typeName: dictionaryItems.name,
      createdBy: users.name,
    })
    .from(jobTransfers)
    .innerJoin(employees, eq(employees.id, jobTransfers.employeeId))
    .innerJoin(fromDepartment, eq(fromDepartment.id, jobTransfers.fromDepartmentId))
    .leftJoin(fromStore, eq(fromStore.id, jobTransfers.fromStoreId))
    .innerJoin(fromPost, eq(fromPost.id, jobTransfers.fromPostId))
    .innerJoin(toDepartment, eq(toDepartment.id, jobTransfers.toDepartmentId))
    .leftJoin(toStore, eq(toStore.id, jobTransfers.toStoreId))
    .innerJoin(toPost, eq(toPost.id, jobTransfers.toPostId))
    .innerJoin(dictionaryItems, eq(dictionaryItems.id, jobTransfers.typeId))
    .leftJoin(users, eq(users.id, jobTransfers.createdByUserId));

type Joined = Awaited<ReturnType<ReturnType<typeof transfersQuery>['where']>>[number];

const rowOf = (row: Joined): TransferRow => {
  const { transfer } = row;
  return {
    id: transfer.id,
    employee_id: transfer.employeeId,
    employee_no: row.employeeNo,
    employee_name: row.employeeName,
    from: {
      store_id: transfer.fromStoreId,
      store_name: row.fromStore,
      department_id: transfer.fromDepartmentId,
      department_name: row.fromDepartment,
      post_id: transfer.fromPostId,
      post_name: row.fromPost,
      is_main: transfer.fromIsMain,
    },
    to: {
      store_id: transfer.toStoreId,
      store_name: row.toStore,
      department_id: transfer.toDepartmentId,
      department_name: row.toDepartment,
      post_id: transfer.toPostId,
      post_name: row.toPost,
    },
    type_id: transfer.typeId,
    type_name: row.typeName,
    effective_date: transfer.effectiveDate,
    status: transfer.status,
    keep_part_time: transfer.keepPartTime,
    reason: transfer.reason,
    created_by: row.createdBy,
    created_at: transfer.createdAt.toISOString(),
  };
};

/**
 * What a transfer may move: the person's own posts and their main post (a rotation may have placed it); a
 * dispatch's or a part-time rotation stage's post ends by its own record.
 */
const movableByTransfer = or(eq(assignments.kind, 'post'), eq(assignments.isMain, true));

/** One transfer as its list shows it, whoever asks (the approval's facts). */
export const transferRowById = async (db: Database, id: number): Promise<TransferRow[]> =>
  (await transfersQuery(db).where(eq(jobTransfers.id, id))).map(rowOf);

/** A transfer is the caller's to read when the person leaves or joins a department of their scope. */
const visibleIn = (scope: Scope): SQL | undefined =>
  scope.all
    ? undefined
    : or(inScope(scope, jobTransfers.fromDepartmentId), inScope(scope, jobTransfers.toDepartmentId));

function listConditions(scope: Scope, userId: number, query: TransferExportQuery): SQL | undefined {
  return and(
    // What waits for the caller is theirs to read wherever the person goes.
    query.awaiting_me ? taskSentTo(jobTransfers.instanceId, userId, { open: true }) : visibleIn(scope),
    query.keyword ? employeeKeywordMatch(query.keyword) : undefined,
    query.type_id ? eq(jobTransfers.typeId, query.type_id) : undefined,
    query.from_store_id ? eq(jobTransfers.fromStoreId, query.from_store_id) : undefined,
    query.to_store_id ? eq(jobTransfers.toStoreId, query.to_store_id) : undefined,
    query.status ? eq(jobTransfers.status, query.status) : undefined,
    query.from ? gte(jobTransfers.effectiveDate, query.from) : undefined,
    query.to ? lte(jobTransfers.effectiveDate, query.to) : undefined,
  );
}

/** `index`: the transfers of the filter, latest filed first. */
export async function listTransfers(db: Database, scope: Scope, userId: number, query: TransferListQuery) {
  const where = listConditions(scope, userId, query);
  const [rows, total] = await Promise.all([
    transfersQuery(db)
      .where(where)
      .orderBy(desc(jobTransfers.createdAt), desc(jobTransfers.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    countTransfers(db, scope, userId, query),
  ]);
  return { data: rows.map(rowOf), total };
}

/** Every transfer of the filter, for the export: keyset pages on id, latest first. */
export async function* allTransfers(
  db: Database,
  scope: Scope,
  userId: number,
  query: TransferExportQuery,
): AsyncGenerator<TransferRow> {
  const where = listConditions(scope, userId, query);
  let after: number | null = null;
  for (;;) {
    const page: Joined[] = await transfersQuery(db)
      .where(and(where, after === null ? undefined : sql`${jobTransfers.id} < ${after}`))
      .orderBy(desc(jobTransfers.id))
      .limit(1000);
    for (const row of page) yield rowOf(row);
    if (page.length < 1000) return;
    after = page[page.length - 1]!.transfer.id;
  }
}

export async function countTransfers(db: Database, scope: Scope, userId: number, query: TransferExportQuery) {
  const [row] = await db
    .select({ total: count() })
    .from(jobTransfers)
    .innerJoin(employees, eq(employees.id, jobTransfers.employeeId))
    .where(listConditions(scope, userId, query));
  return row?.total ?? 0;
}

/**
 * One transfer the caller may read: inside their scope, or sent to them for approval (an approver of the new
 * store reads it though the person is not theirs yet). 404 otherwise.
 */
async function readableTransfer(db: Database, scope: Scope, userId: number, id: number): Promise<Joined> {
  const [row] = await transfersQuery(db).where(
    and(
      eq(jobTransfers.id, id),
      or(visibleIn(scope) ?? sql`true`, taskSentTo(jobTransfers.instanceId, userId)),
    ),
  );
  if (!row) throw notFound(transferMessages.notFound);
  return row;
}

export async function transferDetail(
  db: Database,
  scope: Scope,
  userId: number,
  id: number,
): Promise<TransferDetail> {
  const row = await readableTransfer(db, scope, userId, id);
  const { transfer } = row;
  const [[from], files, approval] = await Promise.all([
    db
      .select({ startDate: assignments.startDate })
      .from(assignments)
      .where(eq(assignments.id, transfer.fromAssignmentId)),
    transfer.attachmentIds.length === 0
      ? []
      : db.select().from(uploads).where(inArray(uploads.id, transfer.attachmentIds)).orderBy(asc(uploads.id)),
    approvalStateOf(db, transfer.instanceId, userId),
  ]);
  const inOwnScope = visibleIn(scope) === undefined || (await isVisible(db, scope, id));
  return {
    ...rowOf(row),
    from_assignment_id: transfer.fromAssignmentId,
    from_start_date: from!.startDate,
    attachments: files.map(uploadAnswerOf),
    return_comment: transfer.status === 'returned' ? transfer.returnComment : null,
    cancel_reason: transfer.cancelReason,
    applied_at: transfer.appliedAt?.toISOString() ?? null,
    approval,
    actions: {
      edit: inOwnScope && transfer.status === 'returned',
      cancel: inOwnScope && (CANCELLABLE_TRANSFER_STATUSES as readonly string[]).includes(transfer.status),
    },
  };
}

async function isVisible(db: Database, scope: Scope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: jobTransfers.id })
    .from(jobTransfers)
    .where(and(eq(jobTransfers.id, id), visibleIn(scope)));
  return row !== undefined;
}

/** `people`: staff of the caller's scope a transfer can be filed for, with the posts they hold now (at most 20). */
export async function transferPeople(db: Database, scope: Scope, keyword: string | undefined) {
  const people = await db
    .select({ id: employees.id, employeeNo: employees.employeeNo, name: employees.name })
    .from(employees)
    .where(
      and(
        inArray(employees.status, ['probation', 'regular']),
        inScope(scope, employees.mainDepartmentId),
        keyword ? employeeKeywordMatch(keyword) : undefined,
      ),
    )
    .orderBy(asc(employees.employeeNo))
    .limit(20);
  const ids = people.map((person) => person.id);
  if (ids.length === 0) return [];
  const [held, open] = await Promise.all([
    db
      .select({
        assignment: assignments,
        department: departments.name,
        store: stores.name,
        post: posts.name,
      })
      .from(assignments)
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .leftJoin(stores, eq(stores.id, assignments.storeId))
      .innerJoin(posts, eq(posts.id, assignments.postId))
      .where(and(inArray(assignments.employeeId, ids), isNull(assignments.endDate), movableByTransfer))
      .orderBy(desc(assignments.isMain), asc(assignments.id)),
    db
      .select({ id: jobTransfers.id, employeeId: jobTransfers.employeeId })
      .from(jobTransfers)
      .where(
        and(inArray(jobTransfers.employeeId, ids), inArray(jobTransfers.status, [...OPEN_TRANSFER_STATUSES])),
      ),
  ]);
  return people.map((person): TransferPerson => ({
    id: person.id,
    employee_no: person.employeeNo,
    name: person.name,
    open_transfer_id: open.find((row) => row.employeeId === person.id)?.id ?? null,
    assignments: held
      .filter((row) => row.assignment.employeeId === person.id)
      .map(({ assignment, department, store, post }) => ({
        id: assignment.id,
        is_main: assignment.isMain,
        start_date: assignment.startDate,
        store_id: assignment.storeId,
        store_name: store,
        department_id: assignment.departmentId,
        department_name: department,
        post_id: assignment.postId,
        post_name: post,
      })),
  }));
}

/** `target`: the plan and the holders of a post where a transfer would take the person. */
export async function transferTarget(
  db: Database,
  query: { department_id: number; post_id: number; employee_id?: number },
): Promise<TransferTarget> {
  const [department] = await db
    .select({ path: departments.path })
    .from(departments)
    .where(eq(departments.id, query.department_id));
  if (!department)
    throw validationFailed([{ field: 'department_id', message: transferMessages.departmentInactive }]);
  const store = await storeOfDepartment(db, department.path);
  if (!store) return { store_id: null, store_name: null, planned: null, held: 0, held_after: 1 };
  const [[plan], holders] = await Promise.all([
    db
      .select({ planned: headcountPlans.planned })
      .from(headcountPlans)
      .where(and(eq(headcountPlans.storeId, store.id), eq(headcountPlans.postId, query.post_id))),
    db
      .select({ employeeId: assignments.employeeId })
      .from(assignments)
      .where(
        and(
          eq(assignments.storeId, store.id),
          eq(assignments.postId, query.post_id),
          eq(assignments.isMain, true),
          isNull(assignments.endDate),
        ),
      ),
  ]);
  const holdsAlready = holders.some((holder) => holder.employeeId === query.employee_id);
  return {
    store_id: store.id,
    store_name: store.name,
    planned: plan?.planned ?? 0,
    held: holders.length,
    held_after: holders.length + (holdsAlready ? 0 : 1),
  };
}

interface CheckedTransfer {
  employee: typeof employees.$inferSelect;
  assignment: typeof assignments.$inferSelect;
  toStoreId: number | null;
  names: { fromStore: string | null; fromPost: string; toStore: string | null; toPost: string };
}

/**
 * Every refusal of a transfer, in the order a filer would fix them: the person (on staff, no other open
 * transfer), the post they leave, where they go (active, inside the store, inside the filer's scope), the
 * type, the date, and the mutual-exclusion rules of the new place. `transferId` is the one being edited.
 */
export async function checkTransfer(
  tx: Database,
  sealer: Sealer,
  scope: Scope,
  userId: number,
  today: string,
  body: TransferStoreBody,
  transferId?: number,
): Promise<CheckedTransfer> {
  const [employee] = await tx
    .select()
    .from(employees)
    .where(and(eq(employees.id, body.employee_id), inScope(scope, employees.mainDepartmentId)))
    .for('update');
  if (!employee) throw notFound('员工不存在');
  if (employee.status === 'resigning') throw conflict(transferMessages.resignationInProgress);
  if (employee.status !== 'probation' && employee.status !== 'regular')
    throw conflict(transferMessages.notOnStaff);
  const [open] = await tx
    .select({ id: jobTransfers.id })
    .from(jobTransfers)
    .where(
      and(
        eq(jobTransfers.employeeId, employee.id),
        inArray(jobTransfers.status, [...OPEN_TRANSFER_STATUSES]),
        transferId === undefined ? undefined : ne(jobTransfers.id, transferId),
      ),
    );
  if (open) throw conflict(transferMessages.inProgress);
  // A person away keeps their home post until they are back: no transfer meanwhile.
  const [away] = await tx
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(
      and(eq(dispatches.employeeId, employee.id), inArray(dispatches.status, [...OPEN_DISPATCH_STATUSES])),
    );
  if (away) throw conflict(transferMessages.dispatchInProgress);

  const [from] = await tx
    .select({ assignment: assignments, store: stores.name, post: posts.name })
    .from(assignments)
    .leftJoin(stores, eq(stores.id, assignments.storeId))
    .innerJoin(posts, eq(posts.id, assignments.postId))
    .where(
      and(
        eq(assignments.id, body.from_assignment_id),
        eq(assignments.employeeId, employee.id),
        isNull(assignments.endDate),
        movableByTransfer,
      ),
    );
  if (!from)
    throw validationFailed([{ field: 'from_assignment_id', message: transferMessages.assignmentNotFound }]);
  const { assignment } = from;

  const [department] = await tx
    .select({ id: departments.id, path: departments.path })
    .from(departments)
    .where(and(eq(departments.id, body.to_department_id), eq(departments.status, 'active')));
  if (!department)
    throw validationFailed([{ field: 'to_department_id', message: transferMessages.departmentInactive }]);
  const [visible] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, department.id), inScope(scope, departments.id)));
  if (!visible)
    throw validationFailed([{ field: 'to_department_id', message: transferMessages.outsideScope }]);
  const store = await storeOfDepartment(tx, department.path);
  if (store && store.status !== 'active')
    throw validationFailed([{ field: 'to_department_id', message: transferMessages.departmentInactive }]);
  const [post] = await tx
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(and(eq(posts.id, body.to_post_id), eq(posts.status, 'active')));
  if (!post) throw validationFailed([{ field: 'to_post_id', message: transferMessages.postInactive }]);
  if (department.id === assignment.departmentId && post.id === assignment.postId)
    throw validationFailed([{ field: 'to_post_id', message: transferMessages.samePlace }]);

  const [type] = await tx
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(
      and(
        eq(dictionaryItems.id, body.type_id),
        eq(dictionaryItems.typeId, DictType.TRANSFER_TYPE),
        eq(dictionaryItems.enabled, true),
      ),
    );
  if (!type) throw validationFailed([{ field: 'type_id', message: transferMessages.typeInvalid }]);

  if (body.effective_date <= assignment.startDate)
    throw validationFailed([
      { field: 'effective_date', message: transferMessages.effectiveBeforeStart(assignment.startDate) },
    ]);
  if (body.effective_date < addDays(today, -TRANSFER_BACKDATE_DAYS_MAX))
    throw validationFailed([{ field: 'effective_date', message: transferMessages.effectiveTooEarly }]);
  if (body.keep_part_time && !assignment.isMain)
    throw validationFailed([{ field: 'keep_part_time', message: transferMessages.keepPartTimeMain }]);

  await assertAttachments(tx, body.attachment_ids, userId, transferId);
  await assertPlacementAllowed(tx, sealer, employee, assignment, {
    departmentId: department.id,
    storeId: store?.id ?? null,
    postId: post.id,
    keepPartTime: body.keep_part_time,
  });
  return {
    employee,
    assignment,
    toStoreId: store?.id ?? null,
    names: { fromStore: from.store, fromPost: from.post, toStore: store?.name ?? null, toPost: post.name },
  };
}

/** Attachments are the filer's own uploads, not yet another record's (or already this transfer's). */
async function assertAttachments(tx: Database, ids: number[], userId: number, transferId?: number) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, unique),
        eq(uploads.uploadedByUserId, userId),
        or(
          isNull(uploads.ownerType),
          transferId === undefined
            ? undefined
            : and(eq(uploads.ownerType, TRANSFER_OWNER), eq(uploads.ownerId, transferId)),
        ),
      ),
    );
  if (found.length !== unique.length)
    throw validationFailed([{ field: 'attachment_ids', message: transferMessages.attachmentInvalid }]);
}

/** The mutual-exclusion rules, on every post the person will hold once the transfer takes effect. */
export async function assertPlacementAllowed(
  tx: Database,
  sealer: Sealer,
  employee: typeof employees.$inferSelect,
  assignment: typeof assignments.$inferSelect,
  target: { departmentId: number; storeId: number | null; postId: number; keepPartTime: boolean },
) {
  const others = await tx
    .select({ postId: assignments.postId })
    .from(assignments)
    .where(
      and(
        eq(assignments.employeeId, employee.id),
        isNull(assignments.endDate),
        target.keepPartTime ? undefined : ne(assignments.id, assignment.id),
      ),
    );
  const violations = await checkPlacement(tx, sealer, {
    idNumber: sealer.open(employee.idNumberSealed),
    employeeId: employee.id,
    storeId: target.storeId,
    departmentId: target.departmentId,
    postIds: [...others.map((other) => other.postId), target.postId],
  });
  if (violations.length > 0)
    throw conflict(transferMessages.exclusion(violations[0]!.message), {
      errors: violations.map((violation) => ({ field: 'to_post_id', message: violation.message })),
    });
}

const openTransferTaken = () =>
  conflict(transferMessages.inProgress, {
    errors: [{ field: 'employee_id', message: transferMessages.inProgress }],
  });

/** The fields a transfer keeps of its checked body. */
const columnsOf = (body: TransferStoreBody, checked: CheckedTransfer) => ({
  employeeId: checked.employee.id,
  fromAssignmentId: checked.assignment.id,
  fromIsMain: checked.assignment.isMain,
  fromDepartmentId: checked.assignment.departmentId,
  fromStoreId: checked.assignment.storeId,
  fromPostId: checked.assignment.postId,
  toDepartmentId: body.to_department_id,
  toStoreId: checked.toStoreId,
  toPostId: body.to_post_id,
  typeId: body.type_id,
  effectiveDate: body.effective_date,
  reason: body.reason,
  keepPartTime: body.keep_part_time,
  attachmentIds: [...new Set(body.attachment_ids)],
});

/** The attachments belong to the transfer; ones it dropped are free again. */
async function claimAttachments(tx: Database, transferId: number, ids: number[]) {
  await tx
    .update(uploads)
    .set({ ownerType: null, ownerId: null })
    .where(and(eq(uploads.ownerType, TRANSFER_OWNER), eq(uploads.ownerId, transferId)));
  if (ids.length > 0)
    await tx
      .update(uploads)
      .set({ ownerType: TRANSFER_OWNER, ownerId: transferId })
      .where(inArray(uploads.id, ids));
}

/** Sends the transfer to its `posttransfer` flow; a flow that passes every node approves it at once. */
async function submitTransfer(
  tx: Database,
  engine: ApprovalEngine,
  actor: Actor,
  transfer: Transfer,
  checked: CheckedTransfer,
) {
  const { names } = checked;
  const place = (store: string | null, post: string) => (store ? `${store} · ${post}` : post);
  const instance = await engine.submit(tx, {
    businessType: POSTTRANSFER,
    businessId: transfer.id,
    title: `${checked.employee.name}（${place(names.fromStore, names.fromPost)} → ${place(names.toStore, names.toPost)}）`,
    applicantUserId: actor.userId,
    departmentId: transfer.fromDepartmentId,
    targetDepartmentId: transfer.toDepartmentId,
    form: {
      effective_date: transfer.effectiveDate,
      store_changes: transfer.fromStoreId === transfer.toStoreId ? 0 : 1,
      type_id: transfer.typeId,
    },
    actor,
  });
  await tx.update(jobTransfers).set({ instanceId: instance.id }).where(eq(jobTransfers.id, transfer.id));
}

/** `store`: files a transfer and sends it to its approval, in one transaction. */
export async function fileTransfer(
  db: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: TransferStoreBody,
): Promise<number> {
  return db.transaction(async (tx) => {
    const checked = await checkTransfer(tx, sealer, scope, actor.userId, today(), body);
    const [transfer] = await onUniqueViolation(openTransferTaken, () =>
      tx
        .insert(jobTransfers)
        .values({ ...columnsOf(body, checked), status: 'approving', createdByUserId: actor.userId })
        .returning(),
    );
    await claimAttachments(tx, transfer!.id, transfer!.attachmentIds);
    await writeAudit(tx, actor, {
      entity: 'job_transfer',
      entityId: transfer!.id,
      action: 'create',
      after: withoutTimestamps(transfer!),
    });
    await submitTransfer(tx, engine, actor, transfer!, checked);
    return transfer!.id;
  });
}

/** A transfer of the caller's scope, locked for a change. */
async function lockedTransfer(tx: Database, scope: Scope, id: number): Promise<Transfer> {
  const [transfer] = await tx
    .select()
    .from(jobTransfers)
    .where(and(eq(jobTransfers.id, id), visibleIn(scope)))
    .for('update');
  if (!transfer) throw notFound(transferMessages.notFound);
  return transfer;
}

/** `edit`: a returned transfer, changed and filed again. */
export async function editTransfer(
  db: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  today: Today,
  scope: Scope,
  actor: Actor,
  body: TransferEditBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedTransfer(tx, scope, body.id);
    if (before.status !== 'returned') throw conflict(transferMessages.notEditable);
    if (before.employeeId !== body.employee_id)
      throw validationFailed([{ field: 'employee_id', message: '调岗人员不能修改，请取消后重新发起' }]);
    const checked = await checkTransfer(tx, sealer, scope, actor.userId, today(), body, before.id);
    const [after] = await tx
      .update(jobTransfers)
      .set({ ...columnsOf(body, checked), status: 'approving', returnComment: null })
      .where(eq(jobTransfers.id, before.id))
      .returning();
    await claimAttachments(tx, before.id, after!.attachmentIds);
    await writeAudit(tx, actor, {
      entity: 'job_transfer',
      entityId: before.id,
      action: 'update',
      before: withoutTimestamps(before),
      after: withoutTimestamps(after!),
    });
    await submitTransfer(tx, engine, actor, after!, checked);
  });
}

/** `cancel`: a transfer stops before it takes effect; an approval still running is withdrawn with it. */
export async function cancelTransfer(
  db: Database,
  engine: ApprovalEngine,
  scope: Scope,
  actor: Actor,
  id: number,
  reason: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const transfer = await lockedTransfer(tx, scope, id);
    if (!(CANCELLABLE_TRANSFER_STATUSES as readonly string[]).includes(transfer.status))
      throw conflict(transferMessages.notCancellable);
    // The approval ends here too: its open tasks are no one's to decide any more.
    if (transfer.instanceId !== null) await engine.stop(tx, actor, transfer.instanceId, reason);
    await tx
      .update(jobTransfers)
      .set({ status: 'cancelled', cancelReason: reason, cancelledAt: new Date() })
      .where(eq(jobTransfers.id, id));
    await writeAudit(tx, actor, {
      entity: 'job_transfer',
      entityId: id,
      action: 'cancel',
      before: { status: transfer.status },
      after: { status: 'cancelled', cancelReason: reason },
    });
  });
}

/** `approve` / `reject` of `/processapproval/posttransfer`: the caller's open task on the transfer's approval. */
export async function decideTransfer(
  db: Database,
  engine: ApprovalEngine,
  scope: Scope,
  actor: Actor,
  id: number,
  decision: 'approve' | 'reject',
  comment: string | null,
): Promise<void> {
  const { transfer } = await readableTransfer(db, scope, actor.userId, id);
  const task = (await approvalStateOf(db, transfer.instanceId, actor.userId))?.task_id ?? null;
  if (task === null) throw conflict(transferMessages.noTask);
  await engine.decide(db, actor, task, decision, comment);
}
