import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { assignments, menus, postRoles, roleMenus, roles, userRoles, users } from '../db/schema';

export interface Access {
  roleKeys: string[];
  isSuper: boolean;
  /** Ids of the menu items the user may see: granted items plus the directories above them. */
  menuIds: Set<number>;
  permissions: Set<string>;
}

export type MenuRow = typeof menus.$inferSelect;

/** Active roles of a user: direct grants plus the roles of the posts they currently hold. */
async function effectiveRoles(db: Database, userId: number) {
  const direct = db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const viaPosts = db
    .select({ roleId: postRoles.roleId })
    .from(postRoles)
    .innerJoin(assignments, and(eq(assignments.postId, postRoles.postId), isNull(assignments.endDate)))
    .innerJoin(users, eq(users.employeeId, assignments.employeeId))
    .where(eq(users.id, userId));
  const roleIds = (await direct.union(viaPosts)).map((row) => row.roleId);
  if (roleIds.length === 0) return [];
  return db
    .select({ id: roles.id, key: roles.key, isSuper: roles.isSuper })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), eq(roles.status, 'active')));
}

export function withAncestors(granted: Iterable<number>, all: readonly MenuRow[]): Set<number> {
  const parentOf = new Map(all.map((menu) => [menu.id, menu.parentId]));
  const visible = new Set<number>();
  for (const id of granted) {
    let current: number | null | undefined = id;
    while (current != null && !visible.has(current)) {
      visible.add(current);
      current = parentOf.get(current);
    }
  }
  return visible;
}

/** What a user may see and do; super-admin holds every menu item and permission. */
export async function loadAccess(db: Database, userId: number): Promise<Access> {
  const held = await effectiveRoles(db, userId);
  const isSuper = held.some((role) => role.isSuper);
  const allMenus = await db.select().from(menus);
  let granted: number[];
  if (isSuper) {
    granted = allMenus.map((menu) => menu.id);
  } else if (held.length === 0) {
    granted = [];
  } else {
    const rows = await db
      .selectDistinct({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .where(
        inArray(
          roleMenus.roleId,
          held.map((role) => role.id),
        ),
      );
    granted = rows.map((row) => row.menuId);
  }
  const menuIds = withAncestors(granted, allMenus);
  const permissions = new Set(
    allMenus
      // Buttons carry most permissions, but a page may carry one too (e.g. the right to open it).
      .filter((menu) => menuIds.has(menu.id) && menu.perm)
      .map((menu) => menu.perm as string),
  );
  return { roleKeys: held.map((role) => role.key), isSuper, menuIds, permissions };
}

export function can(access: Access, permission: string): boolean {
  return access.isSuper || access.permissions.has(permission);
}

/** A route's declared permission: one name, alternatives of which any one suffices, or none. */
export type RoutePermission = string | readonly string[] | null;

export function canAny(access: Access, permission: string | readonly string[]): boolean {
  return typeof permission === 'string'
    ? can(access, permission)
    : permission.some((name) => can(access, name));
}
