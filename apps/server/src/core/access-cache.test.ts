import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { cacheEpochs, menus, roleMenus, roles } from '../db/schema';
import { callerOf } from '../test/api';
import { createTestApp, type TestApp } from '../test/app';
import { roleIdOf, userWith } from '../test/users';

// What a session may do is cached per server instance (plugins/auth.ts) and dropped when `cache_epochs`
// moves on. Two instances share one database here: a change made through one is seen by the other at its
// very next request, as several servers behind a balancer must.
let t: TestApp;
let other: App;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: admin }));

/** The same request sent to the second instance. */
async function onOther(method: 'GET' | 'POST', url: string, authorization: string) {
  const response = await other.inject({ method, url: `/api/auth/${url}`, headers: { authorization } });
  return response.json() as { code: number; data: unknown };
}

const epoch = async (name: string) =>
  (await t.db.select().from(cacheEpochs).where(eq(cacheEpochs.name, name)))[0]!.version;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'silent' }) });
  await other.ready();
  admin = await t.login();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('cached access across server instances', () => {
  it('sees a granted role at once on the other instance', async () => {
    const user = await userWith(t, []);
    expect((await onOther('GET', 'roles', user)).code).toBe(1403);
    const [viewer] = await t.db
      .insert(roles)
      .values({ key: 'cache-viewer', name: '缓存测试角色' })
      .returning({ id: roles.id });
    const [item] = await t.db.select({ id: menus.id }).from(menus).where(eq(menus.perm, 'system:roles:view'));
    await t.db.insert(roleMenus).values({ roleId: viewer!.id, menuId: item!.id });
    const userId = ((await onOther('POST', 'me', user)).data as { id: number }).id;
    const granted = await call('PUT', 'user/roles/give', { user_id: userId, role_ids: [viewer!.id] });
    expect(granted.code).toBe(200);
    expect((await onOther('GET', 'roles', user)).code).toBe(200);

    const revoked = await call('PUT', 'user/roles/sync', { user_id: userId, role_ids: [] });
    expect(revoked.code).toBe(200);
    expect((await onOther('GET', 'roles', user)).code).toBe(1403);
  });

  it('drops a menu tree when a role loses a menu item', async () => {
    const hr = await t.login('hr');
    const treeTitles = async () => {
      const answer = await onOther('GET', 'menus/tree', hr);
      return JSON.stringify(answer.data);
    };
    const before = await treeTitles();
    expect(before).toContain('/staff/onboarding');
    const held = ((await onOther('POST', 'me', hr)).data as { roles: string[] }).roles;
    const heldRoles = await t.db.select({ id: roles.id }).from(roles).where(inArray(roles.key, held));
    expect(heldRoles.length).toBeGreaterThan(0);
    await t.db.delete(roleMenus).where(
      inArray(
        roleMenus.roleId,
        heldRoles.map((role) => role.id),
      ),
    );
    expect(await treeTitles()).not.toContain('/staff/onboarding');
  });

  it('sees a new dictionary item at once on the other instance', async () => {
    const read = async () =>
      JSON.stringify((await onOther('GET', 'dictionarie/data?type_ids=21', admin)).data);
    expect(await read()).not.toContain('缓存测试证件');
    const added = await call('POST', 'dictionarie/data/store', {
      type_id: 21,
      name: '缓存测试证件',
      code: 'cache_test',
    });
    expect(added.code).toBe(200);
    expect(await read()).toContain('缓存测试证件');
  });

  it('raises an epoch once per transaction, however many rows change', async () => {
    const roleId = await roleIdOf(t, 'hr-admin');
    const items = await t.db.select({ id: menus.id }).from(menus).limit(20);
    const before = await epoch('access');
    await t.db.transaction(async (tx) => {
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
      await tx.insert(roleMenus).values(items.map((item) => ({ roleId, menuId: item.id })));
    });
    expect(await epoch('access')).toBe(before + 1);
    const dictionaries = await epoch('dictionaries');
    await t.db.update(roles).set({ sort: 5 }).where(eq(roles.id, roleId));
    expect(await epoch('access')).toBe(before + 2);
    expect(await epoch('dictionaries')).toBe(dictionaries);
  });

  it('leaves the epoch alone when a transaction rolls back', async () => {
    const before = await epoch('access');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(roles).set({ sort: 9 }).where(eq(roles.key, 'hr-admin'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await epoch('access')).toBe(before);
  });
});
