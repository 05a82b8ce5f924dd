import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  dictionaryItems,
  dictionaryTypes,
  holidayCalendar,
  menus,
  roleMenus,
  roles,
  userRoles,
  users,
} from '../schema';
import { hashPassword } from '../../lib/passwords';
import { withAncestors } from '../../core/access';
import { dictionaries } from './data/dictionaries';
import { dictionaryItemNames } from './data/dictionary-names';
import { holidaySeeds } from './data/holidays';
import { menus as menuSeeds, type MenuSeed } from './data/menus';
import { roles as roleSeeds } from './data/roles';

/** Identity columns seeded with explicit ids must continue after the highest id. */
export async function syncIdentity(db: Database, table: string) {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
  );
}

/** Dictionary types keep their fixed ids (docs/domain.md "Dictionaries"); only missing types and items are
 * added, with their names in every language; edits are kept. */
async function seedDictionaries(db: Database) {
  await db
    .insert(dictionaryTypes)
    .values(dictionaries.map(({ id, code, name }) => ({ id, code, name })))
    .onConflictDoNothing();
  await syncIdentity(db, 'dictionary_types');
  await db
    .insert(dictionaryItems)
    .values(
      dictionaries.flatMap((type) =>
        type.items.map((item, index) => {
          const [nameEn, nameEs, nameJa] = dictionaryItemNames[type.id]?.[item.code] ?? [];
          return {
            typeId: type.id,
            code: item.code,
            name: item.name,
            nameEn,
            nameEs,
            nameJa,
            sort: (index + 1) * 10,
          };
        }),
      ),
    )
    .onConflictDoNothing();
}

/**
 * Adds menu items that do not exist yet (matched by name), so new pages of later releases appear, and
 * gives existing items a permission a release introduced (routes check permissions by these names).
 * Everything else an administrator changed is kept.
 */
async function seedMenus(db: Database): Promise<Map<string, number>> {
  const existing = await db.select({ id: menus.id, name: menus.name, perm: menus.perm }).from(menus);
  const idOf = new Map(existing.map((row) => [row.name, row.id]));
  const permless = new Set(existing.filter((row) => row.perm === null).map((row) => row.name));
  const visit = async (items: readonly MenuSeed[], parentId: number | null) => {
    for (const [index, item] of items.entries()) {
      let id = idOf.get(item.name);
      if (id !== undefined && item.perm && permless.has(item.name)) {
        await db.update(menus).set({ perm: item.perm }).where(eq(menus.id, id));
      }
      if (id === undefined) {
        const [row] = await db
          .insert(menus)
          .values({
            parentId,
            name: item.name,
            title: item.title,
            path: item.path,
            typeId: item.typeId,
            perm: item.perm ?? null,
            quickIcon: item.icon ?? null,
            affix: item.affix ?? false,
            noCache: item.noCache ?? false,
            sort: (index + 1) * 10,
          })
          .returning({ id: menus.id });
        id = row!.id;
        idOf.set(item.name, id);
      }
      await visit(item.children ?? [], id);
    }
  };
  await visit(menuSeeds, null);
  return idOf;
}

/** Creates missing roles with their grants; roles that exist keep whatever an administrator made of them. */
async function seedRoles(db: Database, menuIds: Map<string, number>) {
  const allMenus = await db.select().from(menus);
  for (const [index, seed] of roleSeeds.entries()) {
    const [created] = await db
      .insert(roles)
      .values({
        key: seed.key,
        name: seed.name,
        description: seed.description,
        isSuper: seed.isSuper,
        dataScope: seed.dataScope,
        sort: index,
      })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    if (!created || seed.menuNames === 'all') continue;
    const granted = seed.menuNames.map((name) => {
      const id = menuIds.get(name);
      if (id === undefined) throw new Error(`role ${seed.key} grants unknown menu ${name}`);
      return id;
    });
    const ids = [...withAncestors(granted, allMenus)];
    if (ids.length) await db.insert(roleMenus).values(ids.map((menuId) => ({ roleId: created.id, menuId })));
  }
}

async function seedAdmin(db: Database, adminPassword: string) {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = 'admin'`);
  if (found) return;
  const [admin] = await db
    .insert(users)
    .values({ username: 'admin', name: '系统管理员', passwordHash: await hashPassword(adminPassword) })
    .returning({ id: users.id });
  const [superAdmin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'super-admin'));
  if (admin && superAdmin) await db.insert(userRoles).values({ userId: admin.id, roleId: superAdmin.id });
}

/**
 * The published holiday calendar, written once: a year that has any entry is the administrator's to keep
 * (a day they removed stays removed).
 */
async function seedHolidays(db: Database) {
  const years = [...new Set(holidaySeeds.map((entry) => entry.day.slice(0, 4)))];
  for (const year of years) {
    const [entered] = await db
      .select({ day: holidayCalendar.day })
      .from(holidayCalendar)
      .where(sql`${holidayCalendar.day} between ${`${year}-01-01`} and ${`${year}-12-31`}`)
      .limit(1);
    if (!entered)
      await db.insert(holidayCalendar).values(holidaySeeds.filter((entry) => entry.day.startsWith(year)));
  }
}

/**
 * What every installation needs, demo or not: dictionaries, menus, roles, the admin account and the
 * published holiday calendar.
 */
export async function seedBase(db: Database, adminPassword: string) {
  await seedDictionaries(db);
  await seedHolidays(db);
  const menuIds = await seedMenus(db);
  await seedRoles(db, menuIds);
  await seedAdmin(db, adminPassword);
}

/** Dictionary item ids by type and code, for seeding records that refer to items. */
export async function dictionaryLookup(db: Database) {
  const rows = await db
    .select({ id: dictionaryItems.id, typeId: dictionaryItems.typeId, code: dictionaryItems.code })
    .from(dictionaryItems);
  const byKey = new Map(rows.map((row) => [`${row.typeId}:${row.code}`, row.id]));
  return (typeId: number, code: string): number => {
    const id = byKey.get(`${typeId}:${code}`);
    if (id === undefined) throw new Error(`dictionary ${typeId} has no item ${code}`);
    return id;
  };
}
