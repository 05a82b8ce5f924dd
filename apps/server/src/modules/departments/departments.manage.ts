import { departmentLevelMessages, levelBreakOf, mayHold } from '@dealer-hr/shared/departments/levels';
import type { DepartmentKind } from '@dealer-hr/shared/dictionary-types';
import { and, asc, count, countDistinct, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assignments, departments, employees, posts, stores } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import { nestByParent } from '../../lib/tree';
import { onForeignKeyViolation, onUniqueViolation } from '../../lib/pg-errors';
import { pathInScope, type Scope } from '../../core/scope';
import { idsOfPath, nodeColumns, underPath } from '../../core/department-tree';
import { restoreOpenAssignments } from '../employment';
import type {
  ChildRow,
  CreateBody,
  DepartmentDetail,
  ManagedNode,
  StaffRow,
  UpdateBody,
} from '@dealer-hr/shared/departments/contract';
import { departmentMessages as messages } from '@dealer-hr/shared/departments/rules';
import type { StaffQuery } from './departments.schemas';

type DepartmentRecord = typeof departments.$inferSelect;

const codeTaken = () => conflict(messages.codeTaken, { field: 'code' });
const hasHistory = () => conflict(messages.hasHistory);

/**
 * Distinct employees on staff with an open assignment at a department whose path starts with `path`.
 * Written with aliases: drizzle leaves columns of a one-table select unqualified, which a correlated
 * subquery over the same tables would make ambiguous.
 */
const staffUnder = (path: SQL): SQL<number> => sql<number>`(
  select count(distinct a.employee_id)::int from ${assignments} a
  inner join ${departments} d2 on d2.id = a.department_id
  inner join ${employees} e on e.id = a.employee_id
  where a.end_date is null and e.status <> 'resigned' and d2.path like ${path} || '%'
)`;

/** Open assignments of people on staff at `path` or below (joined with employees and departments). */
const onStaffUnder = (path: string) =>
  and(isNull(assignments.endDate), ne(employees.status, 'resigned'), underPath(path));

/** The path column of the outer `departments` row, for correlated subqueries. */
const outerPath = sql`${departments}.path`;

/** Distinct people on staff with an open assignment at `path` or below. */
async function staffCountUnder(db: Database, path: string): Promise<number> {
  const [row] = await db
    .select({ total: countDistinct(assignments.employeeId) })
    .from(assignments)
    .innerJoin(employees, eq(employees.id, assignments.employeeId))
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .where(onStaffUnder(path));
  return Number(row?.total ?? 0);
}

function auditFieldsOf(row: DepartmentRecord) {
  return {
    name: row.name,
    kind: row.kind,
    code: row.code,
    parentId: row.parentId,
    path: row.path,
    leaderEmployeeId: row.leaderEmployeeId,
    sort: row.sort,
    status: row.status,
  };
}

/** The department when it exists and lies inside the scope; else 404 (the same answer for both). */
async function visibleDepartment(db: Database, scope: Scope, id: number): Promise<DepartmentRecord> {
  const [row] = await db.select().from(departments).where(eq(departments.id, id));
  if (!row || !pathInScope(scope, row.path)) throw notFound('部门不存在');
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** The whole part of the tree the scope covers, disabled nodes included (the page shows and edits them). */
export async function managedTree(db: Database, scope: Scope): Promise<ManagedNode[]> {
  const rows = await db
    .select({ ...nodeColumns, code: departments.code, status: departments.status, path: departments.path })
    .from(departments)
    .orderBy(asc(departments.depth), asc(departments.sort), asc(departments.id));
  return nestByParent(
    rows.filter((row) => pathInScope(scope, row.path)),
    (row): ManagedNode => ({
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      kind: row.kind,
      code: row.code,
      status: row.status,
    }),
  );
}

/** `departments/asynchronous`: the children of a node, or the roots of the caller's scope. */
export async function childDepartments(
  db: Database,
  scope: Scope,
  parentId: number | undefined,
): Promise<ChildRow[]> {
  let where: SQL | undefined;
  if (parentId !== undefined) {
    await visibleDepartment(db, scope, parentId);
    where = eq(departments.parentId, parentId);
  } else if (scope.all) {
    where = isNull(departments.parentId);
  } else {
    if (scope.rootIds.length === 0) return [];
    where = inArray(departments.id, scope.rootIds);
  }
  const rows = await db
    .select({
      ...nodeColumns,
      code: departments.code,
      status: departments.status,
      sort: departments.sort,
      hasChildren: sql<boolean>`exists (select 1 from ${departments} c where c.parent_id = ${departments}.id)`,
      staffCount: staffUnder(outerPath),
    })
    .from(departments)
    .where(where)
    .orderBy(asc(departments.sort), asc(departments.id));
  return rows.map((row) => ({
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    kind: row.kind,
    code: row.code,
    status: row.status,
    sort: row.sort,
    has_children: Boolean(row.hasChildren),
    staff_count: Number(row.staffCount),
  }));
}

export async function departmentDetail(db: Database, scope: Scope, id: number): Promise<DepartmentDetail> {
  const row = await visibleDepartment(db, scope, id);
  const ancestorIds = idsOfPath(row.path);
  const [ancestors, leader, store, children, staffCount] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(inArray(departments.id, ancestorIds)),
    row.leaderEmployeeId === null
      ? Promise.resolve([])
      : db
          .select({ id: employees.id, name: employees.name })
          .from(employees)
          .where(eq(employees.id, row.leaderEmployeeId)),
    db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.departmentId, id)),
    db.select({ total: count() }).from(departments).where(eq(departments.parentId, id)),
    staffCountUnder(db, row.path),
  ]);
  const names = new Map(ancestors.map((ancestor) => [ancestor.id, ancestor.name]));
  const parent = row.parentId === null ? null : { id: row.parentId, name: names.get(row.parentId) ?? '' };
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    code: row.code,
    parent,
    path_names: ancestorIds.map((ancestor) => names.get(ancestor) ?? ''),
    leader: leader[0] ?? null,
    store: store[0] ?? null,
    sort: row.sort,
    status: row.status,
    children_count: children[0]?.total ?? 0,
    staff_count: staffCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The people on staff with an open assignment at the node or below: one row each (their main post first). */
export async function departmentStaff(
  db: Database,
  scope: Scope,
  query: StaffQuery,
): Promise<{ data: StaffRow[]; total: number }> {
  const row = await visibleDepartment(db, scope, query.id);
  const held = onStaffUnder(row.path);
  const total = await staffCountUnder(db, row.path);
  const one = db
    .selectDistinctOn([assignments.employeeId], {
      assignmentId: sql<number>`${assignments.id}`.as('assignment_id'),
      employeeId: sql<number>`${assignments.employeeId}`.as('employee_id'),
      employeeNo: sql<string>`${employees.employeeNo}`.as('employee_no'),
      name: sql<string>`${employees.name}`.as('employee_name'),
      phone: sql<string>`${employees.phone}`.as('phone'),
      status: sql<string>`${employees.status}`.as('employee_status'),
      departmentId: sql<number>`${departments.id}`.as('department_id'),
      departmentName: sql<string>`${departments.name}`.as('department_name'),
      departmentPath: sql<string>`${departments.path}`.as('department_path'),
      postId: sql<number>`${posts.id}`.as('post_id'),
      postName: sql<string>`${posts.name}`.as('post_name'),
      isMain: sql<boolean>`${assignments.isMain}`.as('is_main'),
      startDate: sql<string>`${assignments.startDate}`.as('start_date'),
    })
    .from(assignments)
    .innerJoin(employees, eq(employees.id, assignments.employeeId))
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .innerJoin(posts, eq(posts.id, assignments.postId))
    .where(held)
    .orderBy(assignments.employeeId, desc(assignments.isMain), asc(assignments.id))
    .as('one');
  const rows = await db
    .select()
    .from(one)
    .orderBy(asc(one.departmentPath), desc(one.isMain), asc(one.employeeNo))
    .limit(query.limit)
    .offset(offsetOf(query));
  return {
    total,
    data: rows.map((staff) => ({
      employee_id: Number(staff.employeeId),
      employee_no: staff.employeeNo,
      name: staff.name,
      phone: staff.phone,
      status: staff.status,
      department: { id: Number(staff.departmentId), name: staff.departmentName },
      post: { id: Number(staff.postId), name: staff.postName },
      is_main: Boolean(staff.isMain),
      start_date: String(staff.startDate),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Changing

async function assertLeader(db: Database, employeeId: number | null | undefined): Promise<void> {
  if (employeeId === null || employeeId === undefined) return;
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), ne(employees.status, 'resigned')));
  if (!row) throw validationFailed([{ field: 'leader_employee_id', message: messages.leaderUnknown }]);
}

/** The parent a new or moved node goes under: inside the scope; top level only for a group-wide scope. */
async function allowedParent(
  db: Database,
  scope: Scope,
  parentId: number | null,
): Promise<DepartmentRecord | null> {
  if (parentId === null) {
    if (!scope.all) throw forbidden(messages.rootNeedsGroupScope);
    return null;
  }
  const [parent] = await db.select().from(departments).where(eq(departments.id, parentId));
  if (!parent) throw validationFailed([{ field: 'parent_id', message: '上级部门不存在' }]);
  if (!pathInScope(scope, parent.path)) throw forbidden(messages.parentOutsideScope);
  return parent;
}

/** A new node's kind must fit under its parent (docs/decisions.md): else 422 on `kind`, what the caller chose. */
function assertKindFits(parent: DepartmentRecord | null, kind: DepartmentKind): void {
  const parentKind = parent?.kind ?? null;
  if (!mayHold(parentKind, kind))
    throw validationFailed([{ field: 'kind', message: departmentLevelMessages.notUnder(parentKind, kind) }]);
}

interface LevelNode {
  id: number;
  name: string;
  kind: DepartmentKind;
  children?: LevelNode[];
}

/**
 * A move must leave the whole moved subtree in order under its new parent, not only the moved node: a shape
 * written before the levels were checked may lie below it. Else 422 on `parent_id`, what the caller chose.
 */
async function assertSubtreeFits(
  tx: Database,
  moved: DepartmentRecord,
  parent: DepartmentRecord | null,
): Promise<void> {
  const rows = await tx
    .select({
      id: departments.id,
      parentId: departments.parentId,
      name: departments.name,
      kind: departments.kind,
    })
    .from(departments)
    .where(underPath(moved.path))
    .orderBy(asc(departments.depth), asc(departments.sort), asc(departments.id));
  const [root] = nestByParent(
    rows.map((row) => (row.id === moved.id ? { ...row, parentId: null } : row)),
    (row): LevelNode => ({ id: row.id, name: row.name, kind: row.kind }),
  );
  const broken = root && levelBreakOf(parent?.kind ?? null, root);
  if (!broken) return;
  const message =
    broken.parent === null || broken.node.id === moved.id
      ? departmentLevelMessages.notUnder(broken.parent, broken.node.kind)
      : departmentLevelMessages.belowNotUnder(broken.node.name, broken.parent, broken.node.kind);
  throw validationFailed([{ field: 'parent_id', message }]);
}

/** Creates a node beside (`same`) or under (`down`) the node `body.id`. */
export async function createDepartment(
  db: Database,
  scope: Scope,
  actor: AuditActor,
  placement: 'same' | 'down',
  body: CreateBody,
): Promise<{ id: number }> {
  return onUniqueViolation(codeTaken, () =>
    db.transaction(async (tx) => {
      const anchor = await visibleDepartment(tx, scope, body.id);
      const parent = await allowedParent(tx, scope, placement === 'down' ? anchor.id : anchor.parentId);
      assertKindFits(parent, body.kind);
      await assertLeader(tx, body.leader_employee_id);
      const siblings = parent === null ? isNull(departments.parentId) : eq(departments.parentId, parent.id);
      const [{ last } = { last: null }] = await tx
        .select({ last: sql<number | null>`max(${departments.sort})` })
        .from(departments)
        .where(siblings);
      const [created] = await tx
        .insert(departments)
        .values({
          parentId: parent?.id ?? null,
          name: body.name,
          kind: body.kind,
          code: body.code ?? null,
          leaderEmployeeId: body.leader_employee_id ?? null,
          sort: body.sort ?? Math.min(Number(last ?? -1) + 1, 9999),
          status: body.status,
          // Rewritten at once below, when the id is known.
          path: '/',
          depth: (parent?.depth ?? -1) + 1,
        })
        .returning();
      const [row] = await tx
        .update(departments)
        .set({ path: `${parent?.path ?? '/'}${created!.id}/` })
        .where(eq(departments.id, created!.id))
        .returning();
      await writeAudit(tx, actor, {
        entity: 'department',
        entityId: row!.id,
        action: 'create',
        after: auditFieldsOf(row!),
      });
      return { id: row!.id };
    }),
  );
}

/**
 * After a move, the stores and open assignments inside the moved subtree follow their new ancestors: a
 * store's region is the region above its node, an assignment's store the store above its department.
 */
async function followMove(tx: Database, newPrefix: string): Promise<void> {
  const moved = await tx
    .select({ id: departments.id, path: departments.path, kind: departments.kind })
    .from(departments)
    .where(underPath(newPrefix));
  const ancestorIds = [...new Set(moved.flatMap((row) => idsOfPath(row.path)))];
  const ancestors = await tx
    .select({ id: departments.id, kind: departments.kind })
    .from(departments)
    .where(inArray(departments.id, ancestorIds));
  const kindOf = new Map(ancestors.map((row) => [row.id, row.kind]));
  const nearest = (path: string, kind: string): number | null =>
    idsOfPath(path)
      .reverse()
      .find((id) => kindOf.get(id) === kind) ?? null;

  const storeRows = await tx
    .select({ id: stores.id, departmentId: stores.departmentId })
    .from(stores)
    .innerJoin(departments, eq(departments.id, stores.departmentId))
    .where(underPath(newPrefix));
  const pathOf = new Map(moved.map((row) => [row.id, row.path]));
  for (const store of storeRows) {
    const region = nearest(pathOf.get(store.departmentId)!, 'region');
    if (region === null) throw validationFailed([{ field: 'parent_id', message: messages.storeNeedsRegion }]);
    await tx.update(stores).set({ regionDepartmentId: region }).where(eq(stores.id, store.id));
  }
  const storeByNode = new Map(
    (await tx.select({ id: stores.id, departmentId: stores.departmentId }).from(stores)).map((row) => [
      row.departmentId,
      row.id,
    ]),
  );
  await restoreOpenAssignments(
    tx,
    moved.map((node) => {
      const storeNode = idsOfPath(node.path)
        .reverse()
        .find((id) => storeByNode.has(id));
      return { departmentId: node.id, storeId: storeNode === undefined ? null : storeByNode.get(storeNode)! };
    }),
  );
}

/** Rename, recode, new leader, sort, status, and a move under another parent that keeps the levels. */
export async function updateDepartment(
  db: Database,
  scope: Scope,
  actor: AuditActor,
  body: UpdateBody,
): Promise<{ id: number }> {
  return onUniqueViolation(codeTaken, () =>
    db.transaction(async (tx) => {
      const before = await visibleDepartment(tx, scope, body.id);
      const moving = body.parent_id !== undefined && body.parent_id !== before.parentId;
      let parent: DepartmentRecord | null = null;
      if (moving) {
        if (body.parent_id === before.id)
          throw validationFailed([{ field: 'parent_id', message: messages.cycle }]);
        parent = await allowedParent(tx, scope, body.parent_id ?? null);
        if (parent && parent.path.startsWith(before.path))
          throw validationFailed([{ field: 'parent_id', message: messages.cycle }]);
        await assertSubtreeFits(tx, before, parent);
      }
      // Only a new leader is checked: keeping one who has since left must not block a rename.
      if (body.leader_employee_id !== before.leaderEmployeeId)
        await assertLeader(tx, body.leader_employee_id);
      const [updated] = await tx
        .update(departments)
        .set({
          name: body.name,
          code: body.code,
          leaderEmployeeId: body.leader_employee_id,
          sort: body.sort,
          status: body.status,
          updatedAt: new Date(),
        })
        .where(eq(departments.id, before.id))
        .returning();
      let after: DepartmentRecord | undefined = updated;
      if (moving) {
        const newPath = `${parent?.path ?? '/'}${before.id}/`;
        const depthShift = (parent?.depth ?? -1) + 1 - before.depth;
        // One statement rewrites the whole subtree: the old prefix becomes the new one, depths shift alike.
        await tx
          .update(departments)
          .set({
            path: sql`${newPath}::text || substr(${departments.path}, ${before.path.length + 1}::int)`,
            depth: sql`${departments.depth} + ${depthShift}::int`,
          })
          .where(underPath(before.path));
        [after] = await tx
          .update(departments)
          .set({ parentId: parent?.id ?? null })
          .where(eq(departments.id, before.id))
          .returning();
        await followMove(tx, newPath);
      }
      await writeAudit(tx, actor, {
        entity: 'department',
        entityId: before.id,
        action: moving ? 'move' : 'update',
        before: auditFieldsOf(before),
        after: auditFieldsOf(after!),
      });
      return { id: before.id };
    }),
  );
}

/** Deletes a node without children or staff; a store's node belongs to its store and stays. */
export async function deleteDepartment(
  db: Database,
  scope: Scope,
  actor: AuditActor,
  id: number,
): Promise<{ id: number }> {
  // History (closed assignments) and other records keep their department: such a node can only be disabled.
  return onForeignKeyViolation(hasHistory, () =>
    db.transaction(async (tx) => {
      const row = await visibleDepartment(tx, scope, id);
      const [store] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.departmentId, id));
      if (store) throw conflict(messages.storeNode(store.name));
      const [children] = await tx
        .select({ total: count() })
        .from(departments)
        .where(eq(departments.parentId, id));
      const [staff] = await tx
        .select({ total: countDistinct(assignments.employeeId) })
        .from(assignments)
        .innerJoin(employees, eq(employees.id, assignments.employeeId))
        .where(
          and(
            eq(assignments.departmentId, id),
            isNull(assignments.endDate),
            ne(employees.status, 'resigned'),
          ),
        );
      const childCount = Number(children?.total ?? 0);
      const staffCount = Number(staff?.total ?? 0);
      if (childCount > 0 || staffCount > 0)
        throw conflict(messages.hasDependants(childCount, staffCount), {
          children: childCount,
          staff: staffCount,
        });
      await tx.delete(departments).where(eq(departments.id, id));
      await writeAudit(tx, actor, {
        entity: 'department',
        entityId: id,
        action: 'delete',
        before: auditFieldsOf(row),
      });
      return { id };
    }),
  );
}
