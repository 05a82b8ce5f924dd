import { DictType } from '@dealer-hr/shared/dictionary-types';
import { staffMessages, type AssignmentKind } from '@dealer-hr/shared/staff/rules';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addDays } from '../../core/clock';
import type { Database } from '../../db/client';
import { markStints } from '../../db/stints';
import { assignments, dictionaryItems, employees, sessions, users } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { fieldConflict, validationFailed, type AppError } from '../../lib/errors';
import { onUniqueViolation } from '../../lib/pg-errors';
import { withMaskedIdNumber } from '../../lib/sealed-values';

/**
 * The one writer of employment: employees, their assignments and their login accounts. Onboarding, staff
 * edits, account freeze and thaw, and the department tree call it; transfers, resignations, dispatch and
 * rotation will. Every function is a step of the caller's transaction (it takes `tx`, never opens one), so a
 * business change and its employment writes commit or roll back together.
 */

export type Employee = typeof employees.$inferSelect;
/** An employee's own fields: the number is given at hire, the placement columns follow the assignments. */
export type PersonFields = Omit<
  typeof employees.$inferInsert,
  'id' | 'employeeNo' | 'mainDepartmentId' | 'mainStoreId' | 'mainPostId' | 'createdAt' | 'updatedAt'
>;
/** How a caller turns a unique index that refused a write into its answer (409 on the field). */
export type TakenAnswer = (constraint: string | undefined) => AppError;

/** What the audit log keeps of an employee: the ID number masked, never sealed or indexed. */
export const auditedEmployee = (employee: Employee) => {
  const {
    namePinyin: _pinyin,
    nameInitials: _initials,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  } = employee;
  return withMaskedIdNumber(fields);
};

/** The unique indexes of employees, as the field and message a refused write answers with. */
const uniqueFields: Record<string, { field: string; message: string }> = {
  employees_active_phone_key: { field: 'phone', message: staffMessages.phoneTaken },
  employees_id_number_key: { field: 'id_number', message: staffMessages.idNumberTaken },
  employees_work_user_key: { field: 'work_user_id', message: staffMessages.workUserTaken },
};

/** A unique index of employees that refused a write, as the 409 naming its field. */
export const employeeTaken: TakenAnswer = (constraint) => {
  const { field, message } = uniqueFields[constraint ?? ''] ?? { field: 'id', message: '数据冲突' };
  return fieldConflict(field, message);
};

/** Dictionary ids of a person: each must be an item of its dictionary (else 422 on the field). */
const personDictionaryFields = [
  ['id_type_id', DictType.ID_CARD],
  ['ethnicity_id', DictType.ETHNICITY],
  ['marital_status_id', DictType.MARITAL_STATUS],
  ['education_id', DictType.EDUCATION],
  ['region_id', DictType.REGION],
  ['employee_type_id', DictType.EMPLOYEE_TYPE],
  ['has_license_id', DictType.HAS_LICENSE],
] as const;

type PersonDictionaryValues = Partial<
  Record<(typeof personDictionaryFields)[number][0], number | null | undefined>
>;

/** Checks every dictionary id of a person's form; answers the code of its ID type (`mainland`...), if any. */
export async function assertPersonDictionaryItems(
  tx: Database,
  body: PersonDictionaryValues,
): Promise<string | null> {
  const ids = personDictionaryFields
    .map(([field]) => body[field])
    .filter((value): value is number => typeof value === 'number');
  const items = await tx
    .select({ id: dictionaryItems.id, typeId: dictionaryItems.typeId, code: dictionaryItems.code })
    .from(dictionaryItems)
    .where(inArray(dictionaryItems.id, ids));
  const errors = personDictionaryFields
    .filter(([field, typeId]) => {
      const value = body[field];
      return typeof value === 'number' && !items.some((item) => item.id === value && item.typeId === typeId);
    })
    .map(([field]) => ({ field, message: '选项不存在' }));
  if (errors.length > 0) throw validationFailed(errors);
  return items.find((item) => item.id === body.id_type_id)?.code ?? null;
}

/** The next employee number (E + six or more digits); a transaction lock keeps two hires from taking one. */
async function nextEmployeeNo(tx: Database): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('employees.employee_no'))`);
  const [row] = await tx
    .select({
      last: sql<number>`coalesce(max(substring(${employees.employeeNo} from 2)::int), 100000)`,
    })
    .from(employees)
    .where(sql`${employees.employeeNo} ~ '^E[0-9]{6,9}$'`);
  return `E${Number(row!.last) + 1}`;
}

/** A new employee with the next employee number. */
export async function hire(
  tx: Database,
  actor: AuditActor,
  person: PersonFields,
  taken: TakenAnswer = employeeTaken,
): Promise<Employee> {
  const employeeNo = await nextEmployeeNo(tx);
  const [employee] = await onUniqueViolation(taken, () =>
    tx
      .insert(employees)
      .values({ ...person, employeeNo })
      .returning(),
  );
  await writeAudit(tx, actor, {
    entity: 'employee',
    entityId: employee!.id,
    action: 'create',
    after: auditedEmployee(employee!),
  });
  return employee!;
}

/** A person who left comes back on their own record: their number and history are kept. */
export async function rehire(
  tx: Database,
  actor: AuditActor,
  employeeId: number,
  person: PersonFields,
  taken: TakenAnswer = employeeTaken,
): Promise<Employee> {
  const [employee] = await onUniqueViolation(taken, () =>
    tx.update(employees).set(person).where(eq(employees.id, employeeId)).returning(),
  );
  await writeAudit(tx, actor, {
    entity: 'employee',
    entityId: employeeId,
    action: 'rehire',
    after: auditedEmployee(employee!),
  });
  return employee!;
}

/** An edit of a person's own fields, audited with what it was before. */
export async function updatePerson(
  tx: Database,
  actor: AuditActor,
  before: Employee,
  person: Partial<PersonFields>,
): Promise<Employee> {
  const [after] = await onUniqueViolation(employeeTaken, () =>
    tx.update(employees).set(person).where(eq(employees.id, before.id)).returning(),
  );
  await writeAudit(tx, actor, {
    entity: 'employee',
    entityId: before.id,
    action: 'update',
    before: auditedEmployee(before),
    after: auditedEmployee(after!),
  });
  return after!;
}

/**
 * Copies onto the employee where they work: their open main assignment, else the last main one, and marks
 * their stints. Every change of assignments goes through this module and ends here, so the directory's
 * placement columns and the statistics' marks never disagree with the history.
 */
async function syncPlacement(tx: Database, employeeId: number): Promise<void> {
  await markStints(tx, [employeeId]);
  const [main] = await tx
    .select({
      departmentId: assignments.departmentId,
      storeId: assignments.storeId,
      postId: assignments.postId,
    })
    .from(assignments)
    .where(and(eq(assignments.employeeId, employeeId), eq(assignments.isMain, true)))
    .orderBy(sql`${assignments.endDate} desc nulls first`, desc(assignments.startDate), desc(assignments.id))
    .limit(1);
  await tx
    .update(employees)
    .set({
      mainDepartmentId: main?.departmentId ?? null,
      mainStoreId: main?.storeId ?? null,
      mainPostId: main?.postId ?? null,
    })
    .where(eq(employees.id, employeeId));
}

export interface AssignmentStart {
  employeeId: number;
  departmentId: number;
  storeId: number | null;
  postId: number;
  isMain: boolean;
  startDate: string;
  /** A dispatch or a rotation stage holds it; the person's own post otherwise. */
  kind?: AssignmentKind;
}

/** An employee takes up a post from a day on. */
export async function startAssignment(tx: Database, assignment: AssignmentStart): Promise<{ id: number }> {
  const [started] = await tx.insert(assignments).values(assignment).returning({ id: assignments.id });
  await syncPlacement(tx, assignment.employeeId);
  return started!;
}

/** An employee leaves a post at the end of a day; the history keeps it. */
export async function endAssignment(tx: Database, assignmentId: number, endDate: string): Promise<void> {
  const [ended] = await tx
    .update(assignments)
    .set({ endDate })
    .where(and(eq(assignments.id, assignmentId), isNull(assignments.endDate)))
    .returning({ employeeId: assignments.employeeId });
  if (ended) await syncPlacement(tx, ended.employeeId);
}

export interface AssignmentMove {
  /** The open assignment that ends the day before `startDate`. */
  assignmentId: number;
  departmentId: number;
  storeId: number | null;
  postId: number;
  /** The first day at the new place. */
  startDate: string;
  /** A main post moved: the old place is kept as a part-time post from `startDate` on. */
  keepAsPartTime: boolean;
  /** What holds the new assignment (a rotation stage moves the main post too). */
  kind?: AssignmentKind;
}

/**
 * A move of one post to another place (a transfer): the old assignment ends the day before `startDate` and
 * the new one, main if the old was, starts on it, so the history has no gap and no overlap. Answers the new
 * assignment, or null when the old one has ended meanwhile (nothing is moved).
 */
export async function moveAssignment(tx: Database, move: AssignmentMove): Promise<{ id: number } | null> {
  const [old] = await tx
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, move.assignmentId), isNull(assignments.endDate)))
    .for('update');
  if (!old) return null;
  await tx
    .update(assignments)
    .set({ endDate: addDays(move.startDate, -1) })
    .where(eq(assignments.id, old.id));
  if (old.isMain && move.keepAsPartTime) {
    await tx.insert(assignments).values({
      employeeId: old.employeeId,
      departmentId: old.departmentId,
      storeId: old.storeId,
      postId: old.postId,
      isMain: false,
      startDate: move.startDate,
    });
  }
  return startAssignment(tx, {
    employeeId: old.employeeId,
    departmentId: move.departmentId,
    storeId: move.storeId,
    postId: move.postId,
    isMain: old.isMain,
    startDate: move.startDate,
    kind: move.kind,
  });
}

/**
 * The employee has left: every post they still hold ends on their last day, and they are resigned from it.
 * Their account is the caller's to freeze (a resignation decides when); their number and history stay.
 */
export async function endEmployment(
  tx: Database,
  actor: AuditActor,
  employeeId: number,
  lastDay: string,
): Promise<Employee> {
  const [before] = await tx.select().from(employees).where(eq(employees.id, employeeId)).for('update');
  if (!before) throw new Error(`employee ${employeeId} is gone`);
  await tx
    .update(assignments)
    .set({ endDate: lastDay })
    .where(and(eq(assignments.employeeId, employeeId), isNull(assignments.endDate)));
  await tx.update(employees).set({ status: 'resigned', leftOn: lastDay }).where(eq(employees.id, employeeId));
  await syncPlacement(tx, employeeId);
  const [after] = await tx.select().from(employees).where(eq(employees.id, employeeId));
  await writeAudit(tx, actor, {
    entity: 'employee',
    entityId: employeeId,
    action: 'end_employment',
    before: auditedEmployee(before),
    after: auditedEmployee(after!),
  });
  return after!;
}

/**
 * Departments moved in the tree: the open assignments in each take the store the node now sits under (or
 * none), and their employees' placement follows.
 */
export async function restoreOpenAssignments(
  tx: Database,
  moved: readonly { departmentId: number; storeId: number | null }[],
): Promise<void> {
  const employeeIds = new Set<number>();
  for (const { departmentId, storeId } of moved) {
    const changed = await tx
      .update(assignments)
      .set({ storeId })
      .where(and(eq(assignments.departmentId, departmentId), isNull(assignments.endDate)))
      .returning({ employeeId: assignments.employeeId });
    for (const { employeeId } of changed) employeeIds.add(employeeId);
  }
  for (const employeeId of employeeIds) await syncPlacement(tx, employeeId);
}

export interface AccountOpening {
  employeeId: number;
  username: string;
  passwordHash: string;
  name: string;
  isSale: boolean;
}

/**
 * A login account for an employee. With `reopen`, a rehired person's old account opens again with the new
 * name and password (an employee has at most one account, removed ones included).
 */
export async function openAccount(
  tx: Database,
  actor: AuditActor,
  opening: AccountOpening,
  { reopen = false, taken }: { reopen?: boolean; taken: TakenAnswer },
): Promise<{ id: number; username: string }> {
  const account = {
    username: opening.username,
    passwordHash: opening.passwordHash,
    name: opening.name,
    isSale: opening.isSale,
    status: 'active' as const,
    frozenReason: null,
    frozenAt: null,
    deletedAt: null,
  };
  const insert = tx.insert(users).values({ ...account, employeeId: opening.employeeId });
  const [user] = await onUniqueViolation(taken, () =>
    (reopen ? insert.onConflictDoUpdate({ target: users.employeeId, set: account }) : insert).returning({
      id: users.id,
      username: users.username,
    }),
  );
  await writeAudit(tx, actor, {
    entity: 'user',
    entityId: user!.id,
    action: 'create',
    after: {
      id: user!.id,
      username: user!.username,
      name: opening.name,
      employeeId: opening.employeeId,
      isSale: opening.isSale,
      status: 'active',
    },
  });
  return user!;
}

interface AccountState {
  id: number;
  status: 'active' | 'frozen';
  frozenReason: string | null;
}

/**
 * Freezes an account and ends every open session of it at once: the user's tokens stop working on their
 * next request, and they cannot sign in or refresh until thawed. Answers how many sessions ended.
 */
export async function freezeAccount(
  tx: Database,
  actor: AuditActor,
  user: AccountState,
  reason: string,
): Promise<number> {
  const now = new Date();
  await tx
    .update(users)
    .set({ status: 'frozen', frozenReason: reason, frozenAt: now })
    .where(eq(users.id, user.id));
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'frozen' })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await writeAudit(tx, actor, {
    entity: 'user',
    entityId: user.id,
    action: 'freeze',
    before: { status: user.status, frozenReason: user.frozenReason },
    after: { status: 'frozen', frozenReason: reason, revokedSessions: ended.length },
  });
  return ended.length;
}

/** Thaws a frozen account; the reason is kept in the audit log (the account keeps no thaw history). */
export async function thawAccount(
  tx: Database,
  actor: AuditActor,
  user: AccountState,
  reason: string,
): Promise<void> {
  await tx
    .update(users)
    .set({ status: 'active', frozenReason: null, frozenAt: null })
    .where(eq(users.id, user.id));
  await writeAudit(tx, actor, {
    entity: 'user',
    entityId: user.id,
    action: 'thaw',
    before: { status: user.status, frozenReason: user.frozenReason },
    after: { status: 'active', frozenReason: null, thawReason: reason },
  });
}
