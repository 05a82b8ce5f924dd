import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { menus, roleMenus, roles, userRoles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { TestApp } from './app';

const PASSWORD = 'Test@2026-pass';
let passwordHash: Promise<string> | undefined;

/**
 * A fresh account holding one role that grants exactly the menu items carrying `permissions` (none for an
 * empty list); answers its bearer header. Fails when a permission is not a menu item's `perm`.
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
    await t.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  }
  return t.login(user!.username, PASSWORD);
}
