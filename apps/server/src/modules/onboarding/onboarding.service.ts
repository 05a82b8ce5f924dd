import { birthDateFromMainlandId, isValidMainlandId } from '@dealer-hr/shared/id-number';
import {
  ONBOARDING_DOCUMENTS,
  REQUIRED_DOCUMENTS,
  onboardingMessages,
  type OnboardingDocument,
} from '@dealer-hr/shared/onboarding/rules';
import { messages } from '@dealer-hr/shared/rules';
import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  inArray,
  like,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  departments,
  dictionaryItems,
  employees,
  onboardingEntries,
  posts,
  stores,
  uploads,
  users,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { createdWithin } from '../../lib/day-range';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { likeContains, likePrefix, offsetOf, olderThan, type NewestFirstCursor } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { onUniqueViolation } from '../../lib/pg-errors';
import {
  normaliseIdentifier,
  sealedIdNumber,
  withMaskedIdNumber,
  type Sealer,
} from '../../lib/sealed-values';
import { accountNameOf } from '../../core/account-name';
import { inScope, pathInScope, type Scope } from '../../core/scope';
import type { ApprovalEngine } from '../approvals';
import { approvalStateOf, taskSentTo, wasSentTask } from '../approvals';
import { underPath } from '../../core/department-tree';
import { uploadAnswerOf } from '../uploads';
import { assertPersonDictionaryItems } from '../employment';
import { assertHireable, employeeWithIdNumber, type Candidate } from './onboarding.checks';
import type {
  ContractStep,
  DocumentsStep,
  OnboardingDetail,
  OnboardingRow,
  OnboardingStartBody,
  OnboardingUpdateBody,
  PersonalStep,
} from '@dealer-hr/shared/onboarding/contract';
import type { OnboardingListQuery } from './onboarding.schemas';

export type OnboardingEntry = typeof onboardingEntries.$inferSelect;
type Actor = AuditActor & { userId: number };

export const INDUCTION = 'inductionfirst' as const;
/** Uploads owned by an entry carry this owner type. */
export const ONBOARDING_OWNER = 'onboarding';

const creator = aliasedTable(users, 'creator');
const creatorPerson = aliasedTable(employees, 'creator_person');
const hired = aliasedTable(employees, 'hired');

function entriesQuery(db: Database) {
  return db
    .select({
      entry: onboardingEntries,
      storeName: stores.name,
      storeDepartmentId: stores.departmentId,
      departmentName: departments.name,
      postName: posts.name,
      createdBy: accountNameOf(creator, creatorPerson),
      employeeNo: hired.employeeNo,
    })
    .from(onboardingEntries)
    .innerJoin(stores, eq(stores.id, onboardingEntries.storeId))
    .innerJoin(departments, eq(departments.id, onboardingEntries.departmentId))
    .innerJoin(posts, eq(posts.id, onboardingEntries.postId))
    .leftJoin(creator, eq(creator.id, onboardingEntries.createdByUserId))
    .leftJoin(creatorPerson, eq(creatorPerson.id, creator.employeeId))
    .leftJoin(hired, eq(hired.id, onboardingEntries.employeeId));
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof entriesQuery>['execute']>>[number];

const hasRequiredDocuments = (entry: OnboardingEntry) =>
  REQUIRED_DOCUMENTS.every((document) => entry.documents[document] !== undefined);

const rowOf = ({ entry, ...names }: ListedRow): OnboardingRow => ({
  id: entry.id,
  status: entry.status,
  name: entry.name,
  phone: entry.phone,
  id_number: entry.idNumberMasked,
  store_id: entry.storeId,
  store_name: names.storeName,
  store_department_id: names.storeDepartmentId,
  department_id: entry.departmentId,
  department_name: names.departmentName,
  post_id: entry.postId,
  post_name: names.postName,
  entry_date: entry.contract?.entry_date ?? null,
  steps: {
    personal: entry.personal !== null,
    documents: hasRequiredDocuments(entry),
    contract: entry.contract !== null && entry.passwordHash !== null,
  },
  return_comment: entry.returnComment,
  employee_id: entry.employeeId,
  employee_no: names.employeeNo,
  created_by: names.createdBy,
  created_at: entry.createdAt.toISOString(),
  submitted_at: entry.submittedAt?.toISOString() ?? null,
  approved_at: entry.approvedAt?.toISOString() ?? null,
});

function conditionsOf(scope: Scope, userId: number, query: Omit<OnboardingListQuery, 'page' | 'limit'>) {
  // The entries waiting for the caller are theirs to see wherever they are: the flow chose them.
  const conditions: (SQL | undefined)[] = [
    query.awaiting_me ? undefined : inScope(scope, onboardingEntries.departmentId),
  ];
  if (query.keyword)
    conditions.push(
      or(
        like(onboardingEntries.name, likePrefix(query.keyword)),
        like(onboardingEntries.phone, likeContains(query.keyword)),
      ),
    );
  if (query.status) conditions.push(eq(onboardingEntries.status, query.status));
  if (query.store_id) conditions.push(eq(onboardingEntries.storeId, query.store_id));
  if (query.awaiting_me)
    conditions.push(
      eq(onboardingEntries.status, 'pending'),
      taskSentTo(onboardingEntries.instanceId, userId, { open: true }),
    );
  conditions.push(createdWithin(onboardingEntries.createdAt, query));
  return and(...conditions);
}

/** `GET user/entry/step/index`: the caller's scope, newest first. */
export async function listOnboarding(db: Database, scope: Scope, userId: number, query: OnboardingListQuery) {
  const where = conditionsOf(scope, userId, query);
  const [rows, [total]] = await Promise.all([
    entriesQuery(db)
      .where(where)
      .orderBy(desc(onboardingEntries.createdAt), desc(onboardingEntries.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(onboardingEntries).where(where),
  ]);
  return { data: rows.map(rowOf), total: total?.total ?? 0 };
}

/** Every row the filters select, a page of 1000 at a time (the Excel export streams them). */
export async function* allOnboarding(
  db: Database,
  scope: Scope,
  userId: number,
  query: Omit<OnboardingListQuery, 'page' | 'limit'>,
): AsyncGenerator<OnboardingRow> {
  const where = conditionsOf(scope, userId, query);
  let before: NewestFirstCursor | null = null;
  for (;;) {
    const rows: ListedRow[] = await entriesQuery(db)
      .where(and(where, olderThan(onboardingEntries, before)))
      .orderBy(desc(onboardingEntries.createdAt), desc(onboardingEntries.id))
      .limit(1000);
    for (const row of rows) yield rowOf(row);
    if (rows.length < 1000) return;
    const last = rows[rows.length - 1]!.entry;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The entry, 404 outside the caller's scope; locked for the rest of the transaction when `forUpdate`. With
 * `approver`, whoever was sent a task on its approval may read it too.
 */
async function entryOf(
  db: Database,
  scope: Scope,
  id: number,
  options: { forUpdate?: boolean; approver?: number } = {},
): Promise<OnboardingEntry> {
  const query = db.select().from(onboardingEntries).where(eq(onboardingEntries.id, id));
  const [entry] = options.forUpdate ? await query.for('update') : await query;
  if (!entry) throw notFound(onboardingMessages.notFound);
  const [department] = await db
    .select({ path: departments.path })
    .from(departments)
    .where(eq(departments.id, entry.departmentId));
  const visible = department !== undefined && pathInScope(scope, department.path);
  if (!visible && !(options.approver && (await wasSentTask(db, options.approver, entry.instanceId))))
    throw notFound(onboardingMessages.notFound);
  return entry;
}

/** `GET user/entry/step/detail`: every step as saved, the documents, and the caller's task if they decide now. */
export async function onboardingDetail(
  db: Database,
  sealer: Sealer,
  scope: Scope,
  userId: number,
  id: number,
): Promise<OnboardingDetail> {
  const entry = await entryOf(db, scope, id, { approver: userId });
  const [row] = await entriesQuery(db).where(eq(onboardingEntries.id, id));
  const uploadIds = Object.values(entry.documents);
  const [[idType], files, approval] = await Promise.all([
    db
      .select({ name: dictionaryItems.name })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.id, entry.idTypeId)),
    uploadIds.length > 0 ? db.select().from(uploads).where(inArray(uploads.id, uploadIds)) : [],
    approvalStateOf(db, entry.instanceId, userId),
  ]);
  const byId = new Map(files.map((file) => [file.id, file]));
  return {
    ...rowOf(row!),
    id_type_id: entry.idTypeId,
    id_type_name: idType?.name ?? null,
    id_number: sealer.open(entry.idNumberSealed),
    personal: entry.personal,
    documents: ONBOARDING_DOCUMENTS.flatMap((document) => {
      const file = byId.get(entry.documents[document] ?? 0);
      return file ? [uploadAnswerOf(file)] : [];
    }),
    contract: entry.contract ? { ...entry.contract, has_password: entry.passwordHash !== null } : null,
    approval,
  };
}

/** What the audit log keeps of an entry: no password, the ID number masked, never sealed or indexed. */
const auditedOf = (entry: OnboardingEntry) => {
  const { passwordHash: _hash, createdAt: _created, updatedAt: _updated, ...fields } = entry;
  return withMaskedIdNumber(fields);
};

/** An active store in the caller's scope (404 otherwise) and an active post (422 otherwise). */
async function placeOf(tx: Database, scope: Scope, storeId: number, postId: number) {
  const [store] = await tx
    .select({ id: stores.id, departmentId: stores.departmentId, path: departments.path })
    .from(stores)
    .innerJoin(departments, eq(departments.id, stores.departmentId))
    .where(and(eq(stores.id, storeId), eq(stores.status, 'active'), inScope(scope, stores.departmentId)));
  if (!store) throw validationFailed([{ field: 'store_id', message: '门店不存在或已停用' }]);
  const [post] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.status, 'active')));
  if (!post) throw validationFailed([{ field: 'post_id', message: '岗位不存在或已停用' }]);
  return store;
}

/** A mainland ID number must be a valid one; it gives the birth date. */
function checkedIdentity(idTypeCode: string | null, idNumber: string, birthDate: string | null) {
  const normalised = normaliseIdentifier(idNumber);
  if (idTypeCode !== 'mainland') return { idNumber: normalised, birthDate };
  if (!isValidMainlandId(normalised))
    throw validationFailed([{ field: 'id_number', message: messages.idNumberInvalid }]);
  return { idNumber: normalised, birthDate: birthDateFromMainlandId(normalised) };
}

export const candidateOf = (sealer: Sealer, entry: OnboardingEntry): Candidate => ({
  idNumber: sealer.open(entry.idNumberSealed),
  phone: entry.phone,
  storeId: entry.storeId,
  departmentId: entry.departmentId,
  postId: entry.postId,
  entryId: entry.id,
});

/** The open-entry index refused a concurrent start or change of the same person. */
const openEntryTaken = () =>
  conflict(onboardingMessages.openEntry, {
    errors: [{ field: 'id_number', message: onboardingMessages.openEntry }],
  });

const insertOrOpenEntryTaken = <T>(write: () => Promise<T>): Promise<T> =>
  onUniqueViolation(openEntryTaken, write);

/**
 * `POST user/entry/step/start`: refuses, with the reason, a person on the prohibited list, one an employee on
 * staff already is (ID number or phone), one with an open onboarding, or a placement a mutual-exclusion rule
 * forbids; otherwise opens the entry at the store's own node.
 */
export async function startOnboarding(
  db: Database,
  sealer: Sealer,
  scope: Scope,
  actor: Actor,
  body: OnboardingStartBody,
): Promise<OnboardingDetail> {
  const id = await db.transaction(async (tx) => {
    const store = await placeOf(tx, scope, body.store_id, body.post_id);
    const idTypeCode = await assertPersonDictionaryItems(tx, { id_type_id: body.id_type_id });
    const { idNumber } = checkedIdentity(idTypeCode, body.id_number, null);
    const candidate = {
      idNumber,
      phone: body.phone,
      storeId: store.id,
      departmentId: store.departmentId,
      postId: body.post_id,
    };
    await assertHireable(tx, sealer, candidate);
    const [entry] = await insertOrOpenEntryTaken(() =>
      tx
        .insert(onboardingEntries)
        .values({
          name: body.name,
          phone: body.phone,
          idTypeId: body.id_type_id,
          ...sealedIdNumber(sealer, idNumber),
          storeId: store.id,
          departmentId: store.departmentId,
          postId: body.post_id,
          createdByUserId: actor.userId,
        })
        .returning(),
    );
    await writeAudit(tx, actor, {
      entity: 'onboarding',
      entityId: entry!.id,
      action: 'create',
      after: auditedOf(entry!),
    });
    return entry!.id;
  });
  return onboardingDetail(db, sealer, scope, actor.userId, id);
}

async function savePersonal(tx: Database, sealer: Sealer, entry: OnboardingEntry, step: PersonalStep) {
  const idTypeCode = await assertPersonDictionaryItems(tx, step);
  const { idNumber, birthDate } = checkedIdentity(idTypeCode, step.id_number, step.birth_date ?? null);
  // A corrected name, phone or ID number is a different person for the checks start made.
  await assertHireable(tx, sealer, { ...candidateOf(sealer, entry), idNumber, phone: step.phone });
  return {
    name: step.name,
    phone: step.phone,
    idTypeId: step.id_type_id,
    ...sealedIdNumber(sealer, idNumber),
    personal: {
      gender: step.gender,
      email: step.email,
      birth_date: birthDate,
      height: step.height,
      ethnicity_id: step.ethnicity_id,
      marital_status_id: step.marital_status_id,
      education_id: step.education_id,
      college: step.college,
      region_id: step.region_id,
      has_license_id: step.has_license_id ?? null,
    },
  };
}

/**
 * The documents step: each upload must be the caller's own new file or one the entry already holds, of the
 * purpose it is given for. The entry takes the files it keeps; the ones it drops go back to their uploader.
 */
async function saveDocuments(tx: Database, actor: Actor, entry: OnboardingEntry, step: DocumentsStep) {
  const chosen = ONBOARDING_DOCUMENTS.flatMap((document) => {
    const uploadId = step[document];
    return uploadId ? [[document, uploadId] as const] : [];
  });
  const files =
    chosen.length > 0
      ? await tx
          .select()
          .from(uploads)
          .where(
            inArray(
              uploads.id,
              chosen.map(([, uploadId]) => uploadId),
            ),
          )
      : [];
  const errors = chosen.flatMap(([document, uploadId]) => {
    const file = files.find((candidate) => candidate.id === uploadId);
    const ownedHere = file?.ownerType === ONBOARDING_OWNER && file.ownerId === entry.id;
    const mine = file?.ownerType === null && file.uploadedByUserId === actor.userId;
    if (!file || !(ownedHere || mine))
      return [{ field: document, message: onboardingMessages.documentUnknown }];
    if (file.purpose !== document && file.purpose !== 'other')
      return [{ field: document, message: onboardingMessages.documentPurpose(document) }];
    return [];
  });
  if (errors.length > 0) throw validationFailed(errors);
  const documents = Object.fromEntries(chosen) as Partial<Record<OnboardingDocument, number>>;
  const kept = chosen.map(([, uploadId]) => uploadId);
  await tx
    .update(uploads)
    .set({ ownerType: null, ownerId: null })
    .where(
      and(
        eq(uploads.ownerType, ONBOARDING_OWNER),
        eq(uploads.ownerId, entry.id),
        kept.length > 0 ? notInArray(uploads.id, kept) : undefined,
      ),
    );
  if (kept.length > 0)
    await tx
      .update(uploads)
      .set({ ownerType: ONBOARDING_OWNER, ownerId: entry.id })
      .where(inArray(uploads.id, kept));
  return { documents };
}

async function saveContract(
  tx: Database,
  sealer: Sealer,
  scope: Scope,
  entry: OnboardingEntry,
  step: ContractStep,
) {
  const store = await placeOf(tx, scope, entry.storeId, step.post_id);
  const [department] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(eq(departments.id, step.department_id), eq(departments.status, 'active'), underPath(store.path)),
    );
  if (!department)
    throw validationFailed([{ field: 'department_id', message: onboardingMessages.departmentOutsideStore }]);
  await assertPersonDictionaryItems(tx, { employee_type_id: step.employee_type_id });
  if (step.password === undefined && entry.passwordHash === null)
    throw validationFailed([{ field: 'password', message: messages.passwordRequired }]);
  const [namesake] = await tx
    .select({ employeeId: users.employeeId })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${step.username})`);
  // A person who comes back may keep the name of their old account: it reopens at approval.
  const candidate = candidateOf(sealer, entry);
  const rehired = namesake?.employeeId
    ? await employeeWithIdNumber(tx, sealer, candidate.idNumber)
    : undefined;
  if (namesake && namesake.employeeId !== rehired?.id)
    throw conflict(onboardingMessages.usernameTaken, {
      errors: [{ field: 'username', message: onboardingMessages.usernameTaken }],
    });
  await assertHireable(tx, sealer, {
    ...candidate,
    departmentId: department.id,
    postId: step.post_id,
  });
  return {
    departmentId: department.id,
    postId: step.post_id,
    contract: {
      entry_date: step.entry_date,
      employee_type_id: step.employee_type_id,
      probation_months: step.probation_months,
      contract_start: step.contract_start,
      contract_end: step.contract_end,
      username: step.username,
      is_sale: step.is_sale,
    },
    ...(step.password === undefined ? {} : { passwordHash: await hashPassword(step.password) }),
  };
}

/** `PUT user/entry/step/update`: saves one step of an entry being filled, checked whole. */
export async function updateOnboardingStep(
  db: Database,
  sealer: Sealer,
  scope: Scope,
  actor: Actor,
  body: OnboardingUpdateBody,
): Promise<OnboardingDetail> {
  await db.transaction(async (tx) => {
    const entry = await entryOf(tx, scope, body.id, { forUpdate: true });
    if (entry.status !== 'draft') throw conflict(onboardingMessages.notEditable);
    const changes =
      body.step === 'personal'
        ? await savePersonal(tx, sealer, entry, body)
        : body.step === 'documents'
          ? await saveDocuments(tx, actor, entry, body)
          : await saveContract(tx, sealer, scope, entry, body);
    const [after] = await insertOrOpenEntryTaken(() =>
      tx.update(onboardingEntries).set(changes).where(eq(onboardingEntries.id, entry.id)).returning(),
    );
    await writeAudit(tx, actor, {
      entity: 'onboarding',
      entityId: entry.id,
      action: `save_${body.step}`,
      before: auditedOf(entry),
      after: auditedOf(after!),
    });
  });
  return onboardingDetail(db, sealer, scope, actor.userId, body.id);
}

/** `PUT user/entry/step/refill`: a rejected entry goes back to HR's hands; the approver's comment stays shown. */
export async function refillOnboarding(db: Database, sealer: Sealer, scope: Scope, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const entry = await entryOf(tx, scope, id, { forUpdate: true });
    if (entry.status !== 'returned') throw conflict(onboardingMessages.notReturned);
    await tx.update(onboardingEntries).set({ status: 'draft' }).where(eq(onboardingEntries.id, id));
    await writeAudit(tx, actor, { entity: 'onboarding', entityId: id, action: 'refill' });
  });
  return onboardingDetail(db, sealer, scope, actor.userId, id);
}

/** The first step still missing, as the 422 that names it. */
function assertComplete(entry: OnboardingEntry) {
  if (entry.personal === null)
    throw validationFailed([{ field: 'personal', message: onboardingMessages.stepMissing('personal') }]);
  const missing = REQUIRED_DOCUMENTS.find((document) => entry.documents[document] === undefined);
  if (missing)
    throw validationFailed([{ field: missing, message: onboardingMessages.documentMissing(missing) }]);
  if (entry.contract === null || entry.passwordHash === null)
    throw validationFailed([{ field: 'contract', message: onboardingMessages.stepMissing('contract') }]);
}

/**
 * `POST user/entry/step/post`: a complete entry goes to the `inductionfirst` flow of its department. The
 * refusal checks run again: the prohibited list or the staff may have changed since the entry was started.
 */
export async function submitOnboarding(
  db: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  scope: Scope,
  actor: Actor,
  id: number,
): Promise<OnboardingDetail> {
  await db.transaction(async (tx) => {
    const entry = await entryOf(tx, scope, id, { forUpdate: true });
    if (entry.status !== 'draft') throw conflict(onboardingMessages.notDraft);
    assertComplete(entry);
    await assertHireable(tx, sealer, candidateOf(sealer, entry));
    const [place] = await tx
      .select({ store: stores.name, post: posts.name })
      .from(stores)
      .innerJoin(posts, eq(posts.id, entry.postId))
      .where(eq(stores.id, entry.storeId));
    await tx
      .update(onboardingEntries)
      .set({ status: 'pending', submittedAt: new Date(), returnComment: null })
      .where(eq(onboardingEntries.id, id));
    const instance = await engine.submit(tx, {
      businessType: INDUCTION,
      businessId: id,
      title: `${entry.name}（${place!.store} · ${place!.post}）`,
      applicantUserId: actor.userId,
      departmentId: entry.departmentId,
      form: { entry_date: entry.contract!.entry_date, probation_months: entry.contract!.probation_months },
      actor,
    });
    // A flow whose every node was passed over approves at once: the entry is then approved already.
    await tx.update(onboardingEntries).set({ instanceId: instance.id }).where(eq(onboardingEntries.id, id));
    await writeAudit(tx, actor, { entity: 'onboarding', entityId: id, action: 'submit' });
  });
  return onboardingDetail(db, sealer, scope, actor.userId, id);
}

/** Deletes an entry never submitted (draft, not a returned one: its approval history stays). */
export async function destroyOnboarding(db: Database, scope: Scope, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await entryOf(tx, scope, id, { forUpdate: true });
    if (entry.status !== 'draft' || entry.instanceId !== null) throw conflict(onboardingMessages.notDraft);
    await tx
      .update(uploads)
      .set({ ownerType: null, ownerId: null })
      .where(and(eq(uploads.ownerType, ONBOARDING_OWNER), eq(uploads.ownerId, id)));
    await tx.delete(onboardingEntries).where(eq(onboardingEntries.id, id));
    await writeAudit(tx, actor, {
      entity: 'onboarding',
      entityId: id,
      action: 'delete',
      before: auditedOf(entry),
    });
  });
}

/**
 * `user/entry/step/approve|reject` (the `/processapproval/inductionfirst` page): the caller's open task on the
 * entry's approval, decided through the engine like any task.
 */
export async function decideOnboarding(
  db: Database,
  sealer: Sealer,
  engine: ApprovalEngine,
  scope: Scope,
  actor: Actor,
  id: number,
  decision: 'approve' | 'reject',
  comment: string | null,
): Promise<OnboardingDetail> {
  const entry = await entryOf(db, scope, id, { approver: actor.userId });
  const task = (await approvalStateOf(db, entry.instanceId, actor.userId))?.task_id ?? null;
  if (task === null) throw conflict(onboardingMessages.noTask);
  await engine.decide(db, actor, task, decision, comment);
  return onboardingDetail(db, sealer, scope, actor.userId, id);
}
