import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  assignments,
  departments,
  menus,
  postRoles,
  posts,
  roleMenus,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import type { Access } from '../../core/access';
import { openMainAssignmentOf, pathInScope, type Scope } from '../../core/scope';
import { freezeAccount, thawAccount } from '../employment';
import type {
  FreezeBody,
  PostOption,
  PostRolesBody,
  RoleCreateBody,
  RoleMenusBody,
  RoleRow,
  RoleUpdateBody,
  UserRolesBody,
} from '@dealer-hr/shared/roles/contract';
import { roleLabels } from '@dealer-hr/shared/roles/rules';
import type { RoleListQuery } from './roles.schemas';

type RoleRecord = typeof roles.$inferSelect;

/** The seeded administrator account: it can neither be frozen nor lose the super-admin role. */
const SEEDED_ADMIN = 'admin';

const keyTaken = () => conflict('角色标识已存在');

const sortedIds = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
const sortedIdsOf = (rows: readonly { id: number }[]) => sortedIds(rows.map((row) => row.id));

/** What the audit log keeps of a role. */
function roleFieldsOf(role: RoleRecord) {
  return {
    key: role.key,
    name: role.name,
    description: role.description,
    status: role.status,
    isSuper: role.isSuper,
    dataScope: role.dataScope,
    sort: role.sort,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Roles

export async function listRoles(
  db: Database,
  query: RoleListQuery,
): Promise<{ data: RoleRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.name) {
    const pattern = likeContains(query.name);
    conditions.push(or(sql`${roles.name} ilike ${pattern}`, sql`${roles.key} ilike ${pattern}`));
  }
  if (query.status) conditions.push(eq(roles.status, query.status));
  const where = and(...conditions);

  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(roles).where(where);
  const rows = await db
    .select({
      role: roles,
      userCount: sql<number>`(
        select count(*)::int from ${userRoles}
        inner join ${users} on ${users.id} = ${userRoles.userId}
        where ${userRoles.roleId} = ${roles.id} and ${users.deletedAt} is null
      )`,
      postCount: sql<number>`(select count(*)::int from ${postRoles} where ${postRoles.roleId} = ${roles.id})`,
    })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.sort), asc(roles.id))
    .limit(query.limit)
    .offset(offsetOf(query));

  return {
    total,
    data: rows.map(({ role, userCount, postCount }) => ({
      id: role.id,
      key: role.key,
      name: role.name,
      description: role.description,
      status: role.status,
      isSuper: role.isSuper,
      dataScope: role.dataScope,
      sort: role.sort,
      userCount: Number(userCount),
      postCount: Number(postCount),
      createdAt: role.createdAt.toISOString(),
      updatedAt: role.updatedAt.toISOString(),
    })),
  };
}

/** The role, locked for the rest of the transaction so concurrent changes of it queue up; else 404. */
async function lockRole(tx: Database, id: number): Promise<RoleRecord> {
  const [role] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!role) throw notFound('角色不存在');
  return role;
}

async function assertKeyFree(tx: Database, key: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.key, key), exceptId === undefined ? undefined : ne(roles.id, exceptId)))
    .limit(1);
  if (taken) throw keyTaken();
}

export async function createRole(
  db: Database,
  actor: AuditActor,
  body: RoleCreateBody,
): Promise<{ id: number }> {
  // Two creates of one key at once: the index decides, the loser gets the same answer as the check.
  return onUniqueViolation(keyTaken, () =>
    db.transaction(async (tx) => {
      await assertKeyFree(tx, body.key);
      const [created] = await tx.insert(roles).values(body).returning();
      await writeAudit(tx, actor, {
        entity: 'role',
        entityId: created!.id,
        action: 'create',
        after: roleFieldsOf(created!),
      });
      return { id: created!.id };
    }),
  );
}

export async function updateRole(
  db: Database,
  actor: AuditActor,
  body: RoleUpdateBody,
): Promise<{ id: number }> {
  const { id, ...changes } = body;
  return onUniqueViolation(keyTaken, () =>
    db.transaction(async (tx) => {
      const before = await lockRole(tx, id);
      if (before.isSuper) {
        if (changes.status === 'disabled') throw conflict('超级管理员角色不能停用');
        if (changes.key !== undefined && changes.key !== before.key)
          throw conflict('超级管理员角色的标识不能修改');
        // Super-admin sees everything whatever its data scope says; keep what the list shows truthful.
        if (changes.dataScope === 'subtree') throw conflict('超级管理员角色的数据范围只能是全集团');
      }
      if (changes.key !== undefined && changes.key !== before.key) await assertKeyFree(tx, changes.key, id);
      const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const [after] =
        Object.keys(set).length > 0
          ? await tx.update(roles).set(set).where(eq(roles.id, id)).returning()
          : [before];
      await writeAudit(tx, actor, {
        entity: 'role',
        entityId: id,
        action: 'update',
        before: roleFieldsOf(before),
        after: roleFieldsOf(after!),
      });
      return { id };
    }),
  );
}

/** Deletes a role with its menu grants, user grants and post grants, all in one transaction. */
export async function deleteRole(db: Database, actor: AuditActor, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const role = await lockRole(tx, id);
    if (role.isSuper) throw conflict('超级管理员角色不能删除');
    const menuRows = await tx
      .delete(roleMenus)
      .where(eq(roleMenus.roleId, id))
      .returning({ id: roleMenus.menuId });
    const userRows = await tx
      .delete(userRoles)
      .where(eq(userRoles.roleId, id))
      .returning({ id: userRoles.userId });
    const postRows = await tx
      .delete(postRoles)
      .where(eq(postRoles.roleId, id))
      .returning({ id: postRoles.postId });
    await tx.delete(roles).where(eq(roles.id, id));
    await writeAudit(tx, actor, {
      entity: 'role',
      entityId: id,
      action: 'delete',
      before: {
        ...roleFieldsOf(role),
        menu_ids: sortedIdsOf(menuRows),
        user_ids: sortedIdsOf(userRows),
        post_ids: sortedIdsOf(postRows),
      },
    });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Role menus

async function grantedMenuIds(db: Database, roleId: number): Promise<number[]> {
  return sortedIdsOf(
    await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)),
  );
}

/** The menu items a role grants; a super-admin role holds every item. */
export async function roleMenuIds(db: Database, roleId: number): Promise<number[]> {
  const [role] = await db.select({ isSuper: roles.isSuper }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound('角色不存在');
  if (role.isSuper) return sortedIdsOf(await db.select({ id: menus.id }).from(menus));
  return grantedMenuIds(db, roleId);
}

/** 422 on `field` unless every asked id names a row that was `found`. */
function assertAllKnown(
  field: string,
  label: string,
  asked: readonly number[],
  found: readonly { id: number }[],
) {
  const known = new Set(found.map((row) => row.id));
  const unknown = asked.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw validationFailed([{ field, message: `${label}不存在：${unknown.join(', ')}` }]);
  }
}

/** The audit row of a change of what is granted: the id lists before and after. */
function auditGrant(
  tx: Database,
  actor: AuditActor,
  entity: 'role_menus' | 'post_roles' | 'user_roles',
  entityId: number,
  before: { menu_ids: number[] } | { role_ids: number[] },
  after: { menu_ids: number[] } | { role_ids: number[] },
): Promise<void> {
  return writeAudit(tx, actor, { entity, entityId, action: 'grant', before, after });
}

/**
 * Replaces the menu items a role grants with exactly `menu_ids`. The directories above granted items are
 * implied when access is computed, so what the client sends is stored as it is.
 */
export async function setRoleMenus(db: Database, actor: AuditActor, body: RoleMenusBody): Promise<number[]> {
  return db.transaction(async (tx) => {
    const role = await lockRole(tx, body.id);
    if (role.isSuper) throw conflict('超级管理员拥有全部权限，无需分配');
    const found =
      body.menu_ids.length === 0
        ? []
        : await tx.select({ id: menus.id }).from(menus).where(inArray(menus.id, body.menu_ids));
    assertAllKnown('menu_ids', '菜单', body.menu_ids, found);
    const before = await grantedMenuIds(tx, role.id);
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, role.id));
    if (body.menu_ids.length > 0) {
      await tx.insert(roleMenus).values(body.menu_ids.map((menuId) => ({ roleId: role.id, menuId })));
    }
    const after = sortedIds(body.menu_ids);
    await auditGrant(tx, actor, 'role_menus', role.id, { menu_ids: before }, { menu_ids: after });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Post roles and user roles

/**
 * The roles to grant: 422 for an unknown id, and for a super-admin role unless the caller is one (anyone
 * else could otherwise make themselves all-powerful through a post or a user grant).
 */
async function assertGrantable(tx: Database, roleIds: readonly number[], caller: Access): Promise<void> {
  if (roleIds.length === 0) return;
  const found = await tx
    .select({ id: roles.id, isSuper: roles.isSuper })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]));
  assertAllKnown('role_ids', roleLabels.role, roleIds, found);
  if (!caller.isSuper && found.some((row) => row.isSuper)) {
    throw validationFailed([{ field: 'role_ids', message: '只有超级管理员可以分配超级管理员角色' }]);
  }
}

async function lockPost(tx: Database, postId: number): Promise<void> {
  const [post] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('update');
  if (!post) throw notFound('岗位不存在');
}

async function rolesOfPost(db: Database, postId: number): Promise<number[]> {
  return sortedIdsOf(
    await db.select({ id: postRoles.roleId }).from(postRoles).where(eq(postRoles.postId, postId)),
  );
}

export async function postRoleIds(db: Database, postId: number): Promise<number[]> {
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  if (!post) throw notFound('岗位不存在');
  return rolesOfPost(db, postId);
}

/** Replaces the roles a post carries (every holder of the post gets them). */
export async function setPostRoles(
  db: Database,
  actor: AuditActor,
  caller: Access,
  body: PostRolesBody,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockPost(tx, body.post_id);
    await assertGrantable(tx, body.role_ids, caller);
    const before = await rolesOfPost(tx, body.post_id);
    await tx.delete(postRoles).where(eq(postRoles.postId, body.post_id));
    if (body.role_ids.length > 0) {
      await tx.insert(postRoles).values(body.role_ids.map((roleId) => ({ postId: body.post_id, roleId })));
    }
    const after = sortedIds(body.role_ids);
    await auditGrant(tx, actor, 'post_roles', body.post_id, { role_ids: before }, { role_ids: after });
    return after;
  });
}

/** Active posts for the post-roles page, in display order, with the roles each carries. */
export async function postOptions(db: Database): Promise<PostOption[]> {
  const rows = await db
    .select({ id: posts.id, name: posts.name, code: posts.code })
    .from(posts)
    .where(eq(posts.status, 'active'))
    .orderBy(asc(posts.sort), asc(posts.id));
  const grants = await db.select().from(postRoles);
  const byPost = new Map<number, number[]>();
  for (const grant of grants) byPost.set(grant.postId, [...(byPost.get(grant.postId) ?? []), grant.roleId]);
  return rows.map((row) => ({ ...row, role_ids: sortedIds(byPost.get(row.id) ?? []) }));
}

type UserRecord = typeof users.$inferSelect;

/**
 * A live account inside the caller's data scope, locked for the transaction; else 404. An account is
 * placed by the department of its employee's current main post (as the accounts module lists it); an
 * account without an employee (the seeded admin) is inside only a group-wide scope.
 */
async function lockUserInScope(tx: Database, scope: Scope, userId: number): Promise<UserRecord> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!user) throw notFound('用户不存在');
  if (scope.all) return user;
  if (user.employeeId === null) throw notFound('用户不存在');
  const held = await tx
    .select({ path: departments.path })
    .from(assignments)
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .where(openMainAssignmentOf(user.employeeId));
  if (held.some((row) => pathInScope(scope, row.path))) return user;
  throw notFound('用户不存在');
}

async function directRolesOf(db: Database, userId: number): Promise<number[]> {
  return sortedIdsOf(
    await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)),
  );
}

const isSeededAdmin = (user: UserRecord) => user.username.toLowerCase() === SEEDED_ADMIN;

/**
 * `give` adds roles to a user's direct roles; `sync` makes them exactly `role_ids`. The seeded admin keeps
 * the super-admin role, so the installation always has someone who can undo any mistake.
 */
export async function setUserRoles(
  db: Database,
  actor: AuditActor,
  caller: { access: Access; scope: Scope },
  body: UserRolesBody,
  mode: 'give' | 'sync',
): Promise<{ user_id: number; role_ids: number[] }> {
  return db.transaction(async (tx) => {
    const user = await lockUserInScope(tx, caller.scope, body.user_id);
    await assertGrantable(tx, body.role_ids, caller.access);
    const before = await directRolesOf(tx, user.id);
    const after = sortedIds(new Set(mode === 'give' ? [...before, ...body.role_ids] : body.role_ids));
    if (mode === 'sync' && isSeededAdmin(user)) {
      const superIds = await tx
        .select({ id: roles.id })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, user.id), eq(roles.isSuper, true)));
      if (superIds.some(({ id }) => !after.includes(id))) {
        throw conflict('系统管理员账号必须保留超级管理员角色');
      }
    }
    const removed = before.filter((id) => !after.includes(id));
    const added = after.filter((id) => !before.includes(id));
    if (removed.length > 0) {
      await tx
        .delete(userRoles)
        .where(and(eq(userRoles.userId, user.id), inArray(userRoles.roleId, removed)));
    }
    if (added.length > 0) {
      await tx.insert(userRoles).values(added.map((roleId) => ({ userId: user.id, roleId })));
    }
    await auditGrant(tx, actor, 'user_roles', user.id, { role_ids: before }, { role_ids: after });
    return { user_id: user.id, role_ids: after };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Freeze and thaw

export interface UserStatusAnswer {
  id: number;
  status: 'active' | 'frozen';
  frozenReason: string | null;
  revokedSessions: number;
}

/**
 * Freezes an account and ends every open session of it at once, in one transaction: the user's tokens stop
 * working on their next request, and they cannot sign in or refresh until thawed.
 */
export async function freezeUser(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  body: FreezeBody,
): Promise<UserStatusAnswer> {
  return db.transaction(async (tx) => {
    const user = await lockUserInScope(tx, scope, body.id);
    if (user.id === actor.userId) throw conflict('不能冻结自己的账号');
    if (isSeededAdmin(user)) throw conflict('不能冻结系统管理员账号');
    if (user.status === 'frozen') throw conflict('该账号已被冻结');
    const revokedSessions = await freezeAccount(tx, actor, user, body.reason);
    return { id: user.id, status: 'frozen', frozenReason: body.reason, revokedSessions };
  });
}

/** Thaws a frozen account; the reason is kept in the audit log (the account keeps no thaw history). */
export async function thawUser(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  body: FreezeBody,
): Promise<UserStatusAnswer> {
  return db.transaction(async (tx) => {
    const user = await lockUserInScope(tx, scope, body.id);
    if (user.status !== 'frozen') throw conflict('该账号未被冻结');
    await thawAccount(tx, actor, user, body.reason);
    return { id: user.id, status: 'active', frozenReason: null, revokedSessions: 0 };
  });
}
