import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  assignments,
  departments,
  employees,
  menus,
  postRoles,
  posts,
  roleMenus,
  roles,
  sessions,
  stores,
  userRoles,
  users,
} from '../../db/schema';
import { type AuditActor, writeAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { onUniqueViolation } from '../../lib/pg-errors';
import { loadAccess, withAncestors, type MenuRow } from '../../core/access';
import { inScope, openMainAssignmentOf, type Scope } from '../../core/scope';
import { openAccount } from '../employment';
import type {
  AccessAnswer,
  AccountRow,
  CreateBody,
  EmployeeOption,
  FilterOptions,
  PasswordBody,
  PermissionEntry,
  RoleSource,
} from '@dealer-hr/shared/accounts/contract';
import type { ListQuery } from './accounts.schemas';

/** How many employees the create dialog's picker offers at once. */
export const EMPLOYEE_OPTIONS_LIMIT = 20;

export const messages = {
  accountNotFound: '账号不存在',
  employeeNotFound: '员工不存在',
  employeeHasAccount: '该员工已有账号',
  employeeResigned: '该员工已离职，不能开通账号',
  usernameTaken: '用户名已被使用',
  superAdminOnly: '只有超级管理员可以重置超级管理员的密码',
} as const;

/** The account's employee's current main post: what places an account in the organisation and a scope. */
const mainAssignment = openMainAssignmentOf(users.employeeId);

function listConditions(scope: Scope, query: ListQuery) {
  const name = query.name ? likeContains(query.name) : undefined;
  return and(
    isNull(users.deletedAt),
    // Accounts outside the scope, and (for a scope that is not group-wide) accounts without an employee
    // or a main post, are not listed: their department is null, which no scope contains.
    inScope(scope, assignments.departmentId),
    name ? or(ilike(users.name, name), ilike(users.username, name), ilike(employees.name, name)) : undefined,
    query.phone ? ilike(employees.phone, likeContains(query.phone)) : undefined,
    query.store_id ? eq(assignments.storeId, query.store_id) : undefined,
    query.post_id ? eq(assignments.postId, query.post_id) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
}

export async function listAccounts(
  db: Database,
  scope: Scope,
  query: ListQuery,
): Promise<{ data: AccountRow[]; total: number }> {
  const where = listConditions(scope, query);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(assignments, mainAssignment)
    .where(where);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      employeeId: employees.id,
      employeeName: employees.name,
      employeePhone: employees.phone,
      postTitle: posts.name,
      storeName: stores.name,
      departmentName: departments.name,
      status: users.status,
      frozenReason: users.frozenReason,
      isSale: users.isSale,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(assignments, mainAssignment)
    .leftJoin(posts, eq(posts.id, assignments.postId))
    .leftJoin(stores, eq(stores.id, assignments.storeId))
    .leftJoin(departments, eq(departments.id, assignments.departmentId))
    .where(where)
    .orderBy(desc(users.id))
    .limit(query.limit)
    .offset(offsetOf(query));

  const ids = rows.map((row) => row.id);
  const granted =
    ids.length === 0
      ? []
      : await db
          .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(inArray(userRoles.userId, ids))
          .orderBy(asc(roles.sort), asc(roles.id));

  return {
    total,
    data: rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: row.employeeName ?? row.name,
      employee:
        row.employeeId === null
          ? null
          : { id: row.employeeId, name: row.employeeName ?? '', phone: row.employeePhone ?? '' },
      postTitle: row.postTitle,
      storeName: row.storeName,
      departmentName: row.departmentName,
      status: row.status,
      frozenReason: row.frozenReason,
      isSale: row.isSale,
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
      roles: granted.filter((role) => role.userId === row.id).map(({ id, name }) => ({ id, name })),
    })),
  };
}

/** Stores inside the caller's scope and the enabled posts, for the list's filters. */
export async function filterOptions(db: Database, scope: Scope): Promise<FilterOptions> {
  const storeRows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(inScope(scope, stores.departmentId))
    .orderBy(asc(stores.code), asc(stores.id));
  const postRows = await db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(eq(posts.status, 'active'))
    .orderBy(asc(posts.sort), asc(posts.id));
  return { stores: storeRows, posts: postRows };
}

/** Employees in scope who are on staff and have no account yet, matching name, phone or employee number. */
export async function employeesWithoutAccount(
  db: Database,
  scope: Scope,
  keyword: string | undefined,
): Promise<EmployeeOption[]> {
  const pattern = keyword ? likeContains(keyword) : undefined;
  return db
    .select({
      id: employees.id,
      name: employees.name,
      phone: employees.phone,
      employeeNo: employees.employeeNo,
      postTitle: posts.name,
      storeName: stores.name,
      departmentName: departments.name,
    })
    .from(employees)
    .leftJoin(users, eq(users.employeeId, employees.id))
    .leftJoin(assignments, openMainAssignmentOf(employees.id))
    .leftJoin(posts, eq(posts.id, assignments.postId))
    .leftJoin(stores, eq(stores.id, assignments.storeId))
    .leftJoin(departments, eq(departments.id, assignments.departmentId))
    .where(
      and(
        isNull(users.id),
        ne(employees.status, 'resigned'),
        inScope(scope, assignments.departmentId),
        pattern
          ? or(
              ilike(employees.name, pattern),
              ilike(employees.phone, pattern),
              ilike(employees.employeeNo, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(employees.id))
    .limit(EMPLOYEE_OPTIONS_LIMIT);
}

type UserRow = typeof users.$inferSelect;

/** A live account inside the caller's scope (by the department of its employee's main post), else 404. */
async function accountInScope(db: Database, scope: Scope, id: number): Promise<UserRow> {
  const [row] = await db
    .select({ user: users })
    .from(users)
    .leftJoin(assignments, mainAssignment)
    // An account without an employee (the seeded admin) belongs to no department: group-wide scopes only.
    .where(and(eq(users.id, id), isNull(users.deletedAt), inScope(scope, assignments.departmentId)));
  if (!row) throw notFound(messages.accountNotFound);
  return row.user;
}

const usernameTaken = () => conflict(messages.usernameTaken, { field: 'username' });
const employeeHasAccount = () => conflict(messages.employeeHasAccount, { field: 'employee_id' });
/** The index a concurrent request won names what it took. */
const takenMeanwhile = (constraint: string | undefined) =>
  constraint === 'users_employee_key' ? employeeHasAccount() : usernameTaken();

/** Opens an account for an employee in scope who has none. */
export async function createAccount(
  db: Database,
  scope: Scope,
  actor: AuditActor,
  body: CreateBody,
): Promise<{ id: number; username: string }> {
  const [employee] = await db
    .select({
      id: employees.id,
      name: employees.name,
      status: employees.status,
    })
    .from(employees)
    .leftJoin(assignments, openMainAssignmentOf(employees.id))
    .where(and(eq(employees.id, body.employee_id), inScope(scope, assignments.departmentId)));
  if (!employee) throw notFound(messages.employeeNotFound);
  if (employee.status === 'resigned') throw conflict(messages.employeeResigned, { field: 'employee_id' });

  // Both are unique over every account, removed ones too (the indexes say so), so the checks match them.
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.employeeId, employee.id));
  if (holder) throw employeeHasAccount();
  const [namesake] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${body.username})`);
  if (namesake) throw usernameTaken();

  const passwordHash = await hashPassword(body.password);
  // Another request may take the username or open this employee's account in between.
  return onUniqueViolation(takenMeanwhile, () =>
    db.transaction((tx) =>
      openAccount(
        tx,
        actor,
        {
          employeeId: employee.id,
          username: body.username,
          passwordHash,
          name: employee.name,
          isSale: body.is_sale,
        },
        { taken: takenMeanwhile },
      ),
    ),
  );
}

/** Sets a new password and ends every open session of the account, in one transaction. */
export async function resetPassword(
  db: Database,
  scope: Scope,
  actor: AuditActor,
  callerIsSuper: boolean,
  body: PasswordBody,
): Promise<{ id: number; sessionsEnded: number }> {
  const account = await accountInScope(db, scope, body.id);
  // Whoever sets a super-admin's password becomes one: only a super-admin may.
  if (!callerIsSuper && (await loadAccess(db, account.id)).isSuper) throw forbidden(messages.superAdminOnly);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, account.id));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password_reset' })
      .where(and(eq(sessions.userId, account.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: account.id,
      action: 'reset_password',
      before: null,
      after: { username: account.username, sessionsEnded: ended.length },
    });
    return { id: account.id, sessionsEnded: ended.length };
  });
}

/** Menu items depth first in their sibling order, so permissions read like the menu. */
function inMenuOrder(all: readonly MenuRow[]): MenuRow[] {
  const children = new Map<number | null, MenuRow[]>();
  for (const menu of all) {
    const list = children.get(menu.parentId) ?? [];
    list.push(menu);
    children.set(menu.parentId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const ordered: MenuRow[] = [];
  const visit = (parentId: number | null) => {
    for (const menu of children.get(parentId) ?? []) {
      ordered.push(menu);
      visit(menu.id);
    }
  };
  visit(null);
  return ordered;
}

/**
 * "Why can this person do X": the user's effective roles, where each comes from (a direct grant, or a
 * post they hold at a department), the permissions each grants, and the union that applies.
 */
export async function accountAccess(db: Database, scope: Scope, id: number): Promise<AccessAnswer> {
  const account = await accountInScope(db, scope, id);
  const [employee] =
    account.employeeId === null
      ? []
      : await db.select({ name: employees.name }).from(employees).where(eq(employees.id, account.employeeId));

  const sources = new Map<number, RoleSource[]>();
  const addSource = (roleId: number, source: RoleSource) =>
    sources.set(roleId, [...(sources.get(roleId) ?? []), source]);

  const direct = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, account.id));
  for (const { roleId } of direct) addSource(roleId, { type: 'direct' });
  if (account.employeeId !== null) {
    const viaPosts = await db
      .select({
        roleId: postRoles.roleId,
        postId: posts.id,
        postName: posts.name,
        departmentId: departments.id,
        departmentName: departments.name,
        isMain: assignments.isMain,
      })
      .from(assignments)
      .innerJoin(postRoles, eq(postRoles.postId, assignments.postId))
      .innerJoin(posts, eq(posts.id, assignments.postId))
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .where(and(eq(assignments.employeeId, account.employeeId), isNull(assignments.endDate)))
      .orderBy(desc(assignments.isMain), asc(assignments.id));
    for (const { roleId, ...post } of viaPosts) addSource(roleId, { type: 'post', ...post });
  }

  const roleIds = [...sources.keys()];
  const roleRows =
    roleIds.length === 0
      ? []
      : await db
          .select()
          .from(roles)
          .where(inArray(roles.id, roleIds))
          .orderBy(asc(roles.sort), asc(roles.id));
  const grants =
    roleIds.length === 0 ? [] : await db.select().from(roleMenus).where(inArray(roleMenus.roleId, roleIds));
  const allMenus = await db.select().from(menus);
  const ordered = inMenuOrder(allMenus);
  const byId = new Map(allMenus.map((menu) => [menu.id, menu]));
  const titlePath = (menu: MenuRow): string => {
    const titles: string[] = [];
    for (let current: MenuRow | undefined = menu; current;) {
      titles.unshift(current.title);
      current = current.parentId == null ? undefined : byId.get(current.parentId);
    }
    return titles.join(' / ');
  };
  const permissionsOf = (menuIds: ReadonlySet<number> | 'all'): PermissionEntry[] =>
    ordered
      .filter((menu) => menu.perm && (menuIds === 'all' || menuIds.has(menu.id)))
      .map((menu) => ({ name: menu.perm as string, title: titlePath(menu) }));

  const access = await loadAccess(db, account.id);
  const active = roleRows.filter((role) => role.status === 'active');
  return {
    user: {
      id: account.id,
      username: account.username,
      name: employee?.name ?? account.name,
      status: account.status,
      isSale: account.isSale,
    },
    isSuper: access.isSuper,
    dataScope: active.some((role) => role.isSuper || role.dataScope === 'all') ? 'all' : 'subtree',
    roles: roleRows.map((role) => ({
      id: role.id,
      key: role.key,
      name: role.name,
      status: role.status,
      isSuper: role.isSuper,
      dataScope: role.dataScope,
      sources: sources.get(role.id) ?? [],
      permissions: permissionsOf(
        role.isSuper
          ? 'all'
          : withAncestors(
              grants.filter((grant) => grant.roleId === role.id).map((grant) => grant.menuId),
              allMenus,
            ),
      ),
    })),
    permissions: permissionsOf(access.isSuper ? 'all' : access.menuIds),
  };
}
