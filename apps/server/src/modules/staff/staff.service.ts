import { birthDateFromMainlandId, isValidMainlandId, maskIdNumber } from '@dealer-hr/shared/id-number';
import { fieldLabels, messages, requiredMessage, selectMessage } from '@dealer-hr/shared/rules';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  like,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { assignments, departments, dictionaryItems, employees, posts, stores, users } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { notFound, validationFailed } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { pinyinKeys } from '../../lib/pinyin';
import { normaliseIdentifier, sealedIdNumber, type Sealer } from '../../lib/sealed-values';
import { assertInScope, inScope, type Scope } from '../../core/scope';
import { employeeKeywordMatch } from '../../core/employee-keyword';
import { underPath } from '../../core/department-tree';
import { assertPersonDictionaryItems, updatePerson } from '../employment';
import { FIELDS_KEPT_IF_EMPTY, staffMessages, type FieldKeptIfEmpty } from '@dealer-hr/shared/staff/rules';
import type { Employee } from '../employment';
import type { StaffDetail, StaffRow, StaffUpdateBody } from '@dealer-hr/shared/staff/contract';
import type { StaffListQuery } from './staff.schemas';

const employeeTypes = alias(dictionaryItems, 'employee_types');

/** What a list row shows of the employee: a page reads these, not the sealed number or the whole profile. */
const listedColumns = {
  id: employees.id,
  employeeNo: employees.employeeNo,
  name: employees.name,
  gender: employees.gender,
  phone: employees.phone,
  idNumberMasked: employees.idNumberMasked,
  status: employees.status,
  employeeTypeId: employees.employeeTypeId,
  entryDate: employees.entryDate,
  leftOn: employees.leftOn,
};

/** Employees as a list shows them, with the names of where they work. */
const staffQuery = (db: Database) => placedQuery(db, listedColumns);
/** The same with the sealed number, for an export that may open it: nothing else of the profile. */
const exportedStaffQuery = (db: Database) =>
  placedQuery(db, { ...listedColumns, idNumberSealed: employees.idNumberSealed });
/** The same with every column of the employee, for a detail. */
const wholeStaffQuery = (db: Database) => placedQuery(db, employees);

function placedQuery<Columns extends typeof employees | typeof listedColumns>(
  db: Database,
  columns: Columns,
) {
  return db
    .select({
      employee: columns,
      employeeTypeName: employeeTypes.name,
      storeId: stores.id,
      storeName: stores.name,
      departmentId: departments.id,
      departmentName: departments.name,
      postId: posts.id,
      postName: posts.name,
      /** The host store while the person is away on a dispatch. */
      dispatchedTo: sql<string | null>`(
        select hs.name from assignments da join stores hs on hs.id = da.store_id
        where da.employee_id = ${employees.id} and da.kind = 'dispatch' and da.end_date is null
        order by da.id desc limit 1)`,
    })
    .from(employees)
    .leftJoin(departments, eq(departments.id, employees.mainDepartmentId))
    .leftJoin(stores, eq(stores.id, employees.mainStoreId))
    .leftJoin(posts, eq(posts.id, employees.mainPostId))
    .leftJoin(employeeTypes, eq(employeeTypes.id, employees.employeeTypeId));
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof staffQuery>['execute']>>[number];
type WholeRow = Awaited<ReturnType<ReturnType<typeof wholeStaffQuery>['execute']>>[number];

const rowOf = (row: ListedRow): StaffRow => ({
  id: row.employee.id,
  employee_no: row.employee.employeeNo,
  name: row.employee.name,
  gender: row.employee.gender,
  phone: row.employee.phone,
  id_number: row.employee.idNumberMasked,
  status: row.employee.status,
  employee_type_id: row.employee.employeeTypeId,
  employee_type_name: row.employeeTypeName,
  entry_date: row.employee.entryDate,
  left_on: row.employee.leftOn,
  store_id: row.storeId,
  store_name: row.storeName,
  department_id: row.departmentId,
  department_name: row.departmentName,
  post_id: row.postId,
  post_name: row.postName,
  dispatched_to: row.dispatchedTo,
});

const hostAssignments = alias(assignments, 'host_assignments');

/** The person is away on a dispatch now, at a host department that passes `where`. */
const dispatchedWhere = (db: Database, where: SQL | undefined) =>
  exists(
    db
      .select({ id: hostAssignments.id })
      .from(hostAssignments)
      .where(
        and(
          eq(hostAssignments.employeeId, employees.id),
          eq(hostAssignments.kind, 'dispatch'),
          isNull(hostAssignments.endDate),
          where,
        ),
      ),
  );

/**
 * The staff a scope sees: those placed inside it, and those dispatched into it for now (a host store's
 * manager sees who works there this month). Changes stay with the home scope (`ownedEmployee`).
 */
const visibleTo = (db: Database, scope: Scope): SQL | undefined =>
  scope.all
    ? undefined
    : or(
        inScope(scope, employees.mainDepartmentId),
        dispatchedWhere(db, inScope(scope, hostAssignments.departmentId)),
      );

async function conditionsOf(
  db: Database,
  sealer: Sealer,
  scope: Scope,
  query: StaffListQuery,
): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [visibleTo(db, scope)];
  if (query.keyword) conditions.push(employeeKeywordMatch(query.keyword));
  if (query.phone) conditions.push(like(employees.phone, likeContains(query.phone)));
  if (query.id_number) conditions.push(eq(employees.idNumberIndex, sealer.blindIndex(query.id_number)));
  if (query.store_id)
    conditions.push(
      or(
        eq(employees.mainStoreId, query.store_id),
        dispatchedWhere(db, eq(hostAssignments.storeId, query.store_id)),
      ),
    );
  if (query.department_id) {
    const [department] = await db
      .select({ path: departments.path })
      .from(departments)
      .where(eq(departments.id, query.department_id));
    conditions.push(
      department
        ? inArray(
            employees.mainDepartmentId,
            db.select({ id: departments.id }).from(departments).where(underPath(department.path)),
          )
        : sql`false`,
    );
  }
  if (query.post_id) conditions.push(eq(employees.mainPostId, query.post_id));
  if (query.status) conditions.push(eq(employees.status, query.status));
  if (query.employee_type_id) conditions.push(eq(employees.employeeTypeId, query.employee_type_id));
  if (query.entry_from) conditions.push(gte(employees.entryDate, query.entry_from));
  if (query.entry_to) conditions.push(lte(employees.entryDate, query.entry_to));
  return and(...conditions);
}

/** `GET user/index`: the caller's scope only, by employee number. */
export async function listStaff(db: Database, sealer: Sealer, scope: Scope, query: StaffListQuery) {
  const where = await conditionsOf(db, sealer, scope, query);
  const [rows, [total]] = await Promise.all([
    staffQuery(db).where(where).orderBy(asc(employees.employeeNo)).limit(query.limit).offset(offsetOf(query)),
    db.select({ total: count() }).from(employees).where(where),
  ]);
  return { data: rows.map(rowOf), total: total?.total ?? 0 };
}

/**
 * Every row of the filter, for the export, read in pages so a large group never sits in memory at once; with
 * `wholeIdNumbers` (the caller may reveal them) each row's number is opened.
 */
export async function* allStaff(
  db: Database,
  sealer: Sealer,
  scope: Scope,
  query: StaffListQuery,
  { wholeIdNumbers }: { wholeIdNumbers: boolean },
): AsyncGenerator<StaffRow> {
  const where = await conditionsOf(db, sealer, scope, query);
  const batch = 1000;
  // Keyset pages by employee number (unique): each page is one short indexed read, however deep the export.
  let after: string | null = null;
  for (;;) {
    const rows = await exportedStaffQuery(db)
      .where(and(where, after === null ? undefined : gt(employees.employeeNo, after)))
      .orderBy(asc(employees.employeeNo))
      .limit(batch);
    // Whole numbers only of the scope's own people: someone dispatched into it is listed, masked.
    const owned = wholeIdNumbers ? await ownedAmong(db, scope, rows) : new Set<number>();
    for (const row of rows)
      yield owned.has(row.employee.id)
        ? { ...rowOf(row), id_number: sealer.open(row.employee.idNumberSealed) }
        : rowOf(row);
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.employee.employeeNo;
  }
}

/** Which of the rows are placed inside the scope (not only dispatched into it). */
async function ownedAmong(db: Database, scope: Scope, rows: readonly { employee: { id: number } }[]) {
  const ids = rows.map((row) => row.employee.id);
  if (scope.all || ids.length === 0) return new Set(ids);
  const owned = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(inArray(employees.id, ids), inScope(scope, employees.mainDepartmentId)));
  return new Set(owned.map((row) => row.id));
}

/** The employee and their placement, or 404 when missing or outside what the caller's scope sees. */
async function visibleEmployee(db: Database, scope: Scope, id: number): Promise<WholeRow> {
  const [row] = await wholeStaffQuery(db).where(and(eq(employees.id, id), visibleTo(db, scope)));
  if (!row) throw notFound(staffMessages.notFound);
  return row;
}

/** The same for a change or a reveal: only the home scope has them (a host store only sees the person). */
async function ownedEmployee(db: Database, scope: Scope, id: number): Promise<WholeRow> {
  const [row] = await wholeStaffQuery(db).where(eq(employees.id, id));
  if (!row) throw notFound(staffMessages.notFound);
  await assertInScope(db, scope, row.departmentId);
  return row;
}

const dictionaryName = (id: number | null, names: Map<number, string>) =>
  id === null ? null : (names.get(id) ?? null);

/** `GET user/detail`: every field, the dictionary names, the account and the whole assignment history. */
export async function staffDetail(db: Database, scope: Scope, id: number): Promise<StaffDetail> {
  const row = await visibleEmployee(db, scope, id);
  const employee = row.employee;
  const dictionaryIds = [
    employee.idTypeId,
    employee.ethnicityId,
    employee.maritalStatusId,
    employee.educationId,
    employee.regionId,
    employee.hasLicenseId,
  ].filter((value): value is number => value !== null);
  const [names, history, [account]] = await Promise.all([
    db
      .select({ id: dictionaryItems.id, name: dictionaryItems.name })
      .from(dictionaryItems)
      .where(inArray(dictionaryItems.id, dictionaryIds)),
    db
      .select({
        id: assignments.id,
        isMain: assignments.isMain,
        kind: assignments.kind,
        storeId: stores.id,
        storeName: stores.name,
        departmentId: departments.id,
        departmentName: departments.name,
        postId: posts.id,
        postName: posts.name,
        startDate: assignments.startDate,
        endDate: assignments.endDate,
      })
      .from(assignments)
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .innerJoin(posts, eq(posts.id, assignments.postId))
      .leftJoin(stores, eq(stores.id, assignments.storeId))
      .where(eq(assignments.employeeId, id))
      .orderBy(desc(assignments.startDate), desc(assignments.id)),
    db
      .select({ username: users.username, status: users.status, isSale: users.isSale })
      .from(users)
      .where(eq(users.employeeId, id)),
  ]);
  const nameOf = new Map(names.map((item) => [item.id, item.name]));
  return {
    ...rowOf(row),
    email: employee.email,
    id_type_id: employee.idTypeId,
    id_type_name: dictionaryName(employee.idTypeId, nameOf),
    birth_date: employee.birthDate,
    height: employee.height,
    ethnicity_id: employee.ethnicityId,
    ethnicity_name: dictionaryName(employee.ethnicityId, nameOf),
    marital_status_id: employee.maritalStatusId,
    marital_status_name: dictionaryName(employee.maritalStatusId, nameOf),
    education_id: employee.educationId,
    education_name: dictionaryName(employee.educationId, nameOf),
    college: employee.college,
    region_id: employee.regionId,
    region_name: dictionaryName(employee.regionId, nameOf),
    has_license_id: employee.hasLicenseId,
    has_license_name: dictionaryName(employee.hasLicenseId, nameOf),
    face_url: employee.faceUrl,
    work_user_id: employee.workUserId,
    account: account ? { username: account.username, status: account.status, is_sale: account.isSale } : null,
    assignments: history.map((entry) => ({
      id: entry.id,
      is_main: entry.isMain,
      kind: entry.kind,
      store_id: entry.storeId,
      store_name: entry.storeName,
      department_id: entry.departmentId,
      department_name: entry.departmentName,
      post_id: entry.postId,
      post_name: entry.postName,
      start_date: entry.startDate,
      end_date: entry.endDate,
    })),
    created_at: employee.createdAt.toISOString(),
    updated_at: employee.updatedAt.toISOString(),
  };
}

/** `GET user/detail/id-number`: the whole number, for those allowed; every reveal is written to the audit log. */
export async function revealIdNumber(
  db: Database,
  sealer: Sealer,
  scope: Scope,
  actor: AuditActor,
  id: number,
) {
  const { employee } = await ownedEmployee(db, scope, id);
  await writeAudit(db, actor, { entity: 'employee', entityId: id, action: 'reveal_id_number' });
  return { id, id_number: sealer.open(employee.idNumberSealed) };
}

/** An export with whole ID numbers is a reveal of every row: one audit row with its filters (the number masked). */
export async function auditIdNumberExport(db: Database, actor: AuditActor, query: StaffListQuery) {
  const { page: _page, limit: _limit, ...filters } = query;
  await writeAudit(db, actor, {
    entity: 'employee',
    entityId: 'export',
    action: 'export_id_numbers',
    after: { ...filters, ...(filters.id_number ? { id_number: maskIdNumber(filters.id_number) } : {}) },
  });
}

/**
 * The column and the message of each field an old record may lack (FIELDS_KEPT_IF_EMPTY): left out they stay
 * empty, so an unrelated edit of such a record goes through; once a field has a value it cannot be left out,
 * and no field can be sent empty (docs/decisions.md "Required fields of an existing record").
 */
const keptIfEmpty = {
  email: ['email', messages.emailRequired],
  height: ['height', messages.heightRequired],
  ethnicity_id: ['ethnicityId', selectMessage(fieldLabels.ethnicity)],
  marital_status_id: ['maritalStatusId', selectMessage(fieldLabels.maritalStatus)],
  education_id: ['educationId', selectMessage(fieldLabels.education)],
  college: ['college', requiredMessage(fieldLabels.college)],
  region_id: ['regionId', selectMessage(fieldLabels.region)],
  employee_type_id: ['employeeTypeId', selectMessage(fieldLabels.type)],
} as const satisfies Record<FieldKeptIfEmpty, readonly [keyof Employee, string]>;

function assertNothingCleared(before: Employee, body: StaffUpdateBody): void {
  const errors = FIELDS_KEPT_IF_EMPTY.filter(
    (field) => body[field] === undefined && before[keptIfEmpty[field][0]] !== null,
  ).map((field) => ({ field, message: keptIfEmpty[field][1] }));
  if (errors.length > 0) throw validationFailed(errors);
}

/** `PUT user/update`: the profile with the shared rules; phone and ID number stay unique. */
export async function updateStaff(
  db: Database,
  sealer: Sealer,
  scope: Scope,
  actor: AuditActor,
  body: StaffUpdateBody,
) {
  await db.transaction(async (tx) => {
    await ownedEmployee(tx, scope, body.id);
    const [before] = await tx.select().from(employees).where(eq(employees.id, body.id)).for('update');
    assertNothingCleared(before!, body);
    const idType = await assertPersonDictionaryItems(tx, body);
    const idNumber =
      body.id_number === undefined
        ? sealer.open(before!.idNumberSealed)
        : normaliseIdentifier(body.id_number);
    let birthDate = body.birth_date ?? before!.birthDate;
    if (idType === 'mainland') {
      if (!isValidMainlandId(idNumber))
        throw validationFailed([{ field: 'id_number', message: messages.idNumberInvalid }]);
      birthDate = birthDateFromMainlandId(idNumber);
    }
    const keys = pinyinKeys(body.name);
    await updatePerson(tx, actor, before!, {
      name: body.name,
      namePinyin: keys.pinyin,
      nameInitials: keys.initials,
      phone: body.phone,
      email: body.email ?? null,
      gender: body.gender,
      idTypeId: body.id_type_id,
      ...(body.id_number === undefined ? {} : sealedIdNumber(sealer, idNumber)),
      birthDate,
      height: body.height ?? null,
      ethnicityId: body.ethnicity_id ?? null,
      maritalStatusId: body.marital_status_id ?? null,
      educationId: body.education_id ?? null,
      college: body.college ?? null,
      regionId: body.region_id ?? null,
      employeeTypeId: body.employee_type_id ?? null,
      hasLicenseId: body.has_license_id ?? null,
      entryDate: body.entry_date,
      workUserId: body.work_user_id,
    });
  });
  return staffDetail(db, scope, body.id);
}
