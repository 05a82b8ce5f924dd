import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { assignments, departments, employees, menus, roleMenus, roles, userRoles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { openMainAssignmentOf } from '../core/scope';
import type { TestApp } from './app';

const PASSWORD = 'Test@2026-pass';
let passwordHash: Promise<string> | undefined;

/**
 * A new role (data scope `subtree`) granting exactly the menu items that carry `permissions`. Fails when a
 * permission is not a menu item's `perm`, so a misspelt one cannot pass for "not granted".
 */
async function roleGranting(t: TestApp, permissions: readonly string[]): Promise<number> {
  const suffix = randomUUID().slice(0, 8);
  const granted = await t.db
    .select({ id: menus.id, perm: menus.perm })
    .from(menus)
    .where(inArray(menus.perm, [...permissions]));
  const missing = permissions.filter((permission) => !granted.some((menu) => menu.perm === permission));
  if (missing.length > 0) throw new Error(`no menu item carries ${missing.join(', ')}`);
  const [role] = await t.db
    .insert(roles)
    .values({ key: `test-${suffix}`, name: `测试角色${suffix}` })
    .returning({ id: roles.id });
  await t.db.insert(roleMenus).values(granted.map((menu) => ({ roleId: role!.id, menuId: menu.id })));
  return role!.id;
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no account ${username}`);
  return user.id;
}

export async function roleIdOf(t: TestApp, key: string): Promise<number> {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
  if (!role) throw new Error(`no role ${key}`);
  return role.id;
}

/**
 * Gives the existing account `username` one more role granting exactly `permissions`. Its data scope stays
 * what its posts make it: the seeded `manager` keeps seeing their own store only.
 */
export async function grantPermissions(t: TestApp, username: string, permissions: readonly string[]) {
  const roleId = await roleGranting(t, permissions);
  await t.db.insert(userRoles).values({ userId: await userIdOf(t, username), roleId });
}

/**
 * A fresh account holding one role that grants exactly the menu items carrying `permissions` (none for an
 * empty list); answers its bearer header. It holds no post, so its data scope is empty.
 */
export async function userWith(t: TestApp, permissions: readonly string[]): Promise<string> {
  const suffix = randomUUID().slice(0, 8);
  const [user] = await t.db
    .insert(users)
    .values({
      username: `t-${suffix}`,
      name: `测试用户${suffix}`,
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
    })
    .returning({ id: users.id, username: users.username });
  if (permissions.length > 0) {
    await t.db.insert(userRoles).values({ userId: user!.id, roleId: await roleGranting(t, permissions) });
  }
  return t.login(user!.username, PASSWORD);
}

/**
 * Where the employee of the account `username` works: their open main post, its department (whose subtree
 * is the account's data scope) and the store above it. The seeded `manager` is a store's general manager.
 */
export async function mainPostOf(t: TestApp, username: string) {
  const [row] = await t.db
    .select({
      userId: users.id,
      employeeId: employees.id,
      phone: employees.phone,
      assignmentId: assignments.id,
      postId: assignments.postId,
      storeId: assignments.storeId,
      departmentId: departments.id,
      path: departments.path,
      kind: departments.kind,
    })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .innerJoin(assignments, openMainAssignmentOf(employees.id))
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .where(eq(users.username, username));
  if (!row) throw new Error(`${username} holds no main post`);
  return row;
}
