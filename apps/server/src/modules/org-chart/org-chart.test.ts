import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, departments, employees, headcountPlans, stores } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { mainPostOf, userWith } from '../../test/users';
import type { ChartNode } from '@dealer-hr/shared/org-chart/contract';

let t: TestApp;
const call = callerOf(() => ({ app: t }));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const chart = (authorization: string, rootId?: string) =>
  call<ChartNode[]>(
    'GET',
    `departments/chart${rootId === undefined ? '' : `?root_id=${rootId}`}`,
    undefined,
    authorization,
  );

const flatten = (nodes: readonly ChartNode[]): ChartNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children)]);

/** Open main assignments at the departments whose path starts with `prefix`, counted by the database. */
async function staffUnder(prefix: string): Promise<number> {
  const [row] = await t.db
    .select({ total: sql<number>`count(*)::int` })
    .from(assignments)
    .innerJoin(departments, eq(departments.id, assignments.departmentId))
    .where(
      and(eq(assignments.isMain, true), isNull(assignments.endDate), like(departments.path, `${prefix}%`)),
    );
  return row!.total;
}

async function plannedUnder(prefix: string): Promise<number> {
  const [row] = await t.db
    .select({ total: sql<number>`coalesce(sum(${headcountPlans.planned}), 0)::int` })
    .from(headcountPlans)
    .innerJoin(stores, eq(stores.id, headcountPlans.storeId))
    .innerJoin(departments, eq(departments.id, stores.departmentId))
    .where(like(departments.path, `${prefix}%`));
  return row!.total;
}

describe('GET /api/auth/departments/chart', () => {
  it('answers the whole group with leaders, and headcounts and plans that match the seed', async () => {
    const { code, data } = await chart(await t.login());
    expect(code).toBe(200);
    expect(data).toHaveLength(1);
    const [group] = data;
    expect(group!.kind).toBe('group');
    expect(group!.headcount).toBe(await staffUnder('/'));
    expect(group!.headcount).toBeGreaterThan(0);
    expect(group!.planned).toBe(await plannedUnder('/'));

    const nodes = flatten(data);
    const [{ active }] = (await t.db
      .select({ active: sql<number>`count(*)::int` })
      .from(departments)
      .where(eq(departments.status, 'active'))) as [{ active: number }];
    expect(nodes).toHaveLength(active);

    const storeNodes = nodes.filter((node) => node.kind === 'store');
    expect(storeNodes.length).toBeGreaterThan(0);
    for (const node of storeNodes.slice(0, 3)) {
      const [row] = await t.db
        .select({ path: departments.path })
        .from(departments)
        .where(eq(departments.id, node.id));
      expect(node.headcount).toBe(await staffUnder(row!.path));
      expect(node.planned).toBe(await plannedUnder(row!.path));
      expect(node.planned).toBeGreaterThan(0);
    }
    expect(nodes.filter((node) => node.kind === 'department').every((node) => node.planned === null)).toBe(
      true,
    );

    const led = await t.db
      .select({ id: departments.id, leaderId: employees.id, leaderName: employees.name })
      .from(departments)
      .innerJoin(employees, eq(employees.id, departments.leaderEmployeeId))
      .where(eq(departments.status, 'active'));
    expect(led.length).toBeGreaterThan(0);
    const byId = new Map(nodes.map((node) => [node.id, node]));
    for (const row of led)
      expect(byId.get(row.id)!.leader).toEqual({ id: row.leaderId, name: row.leaderName });
    expect(nodes.filter((node) => node.leader === null).length).toBe(nodes.length - led.length);
  });

  it("answers a store manager their store's subtree only, and 404 for a root outside it", async () => {
    const store = await mainPostOf(t, 'manager');
    expect(store.kind).toBe('store');
    const authorization = await t.login('manager');
    const { code, data } = await chart(authorization);
    expect(code).toBe(200);
    expect(data.map((node) => node.id)).toEqual([store.departmentId]);
    expect(data[0]!.headcount).toBe(await staffUnder(store.path));
    const [{ below }] = (await t.db
      .select({ below: sql<number>`count(*)::int` })
      .from(departments)
      .where(and(like(departments.path, `${store.path}%`), eq(departments.status, 'active')))) as [
      { below: number },
    ];
    expect(flatten(data)).toHaveLength(below);

    const [group] = await t.db
      .select({ id: departments.id })
      .from(departments)
      .where(isNull(departments.parentId));
    expect((await chart(authorization, String(group!.id))).code).toBe(404);
  });

  it('draws from a chosen root, and shows a newly created store with zero staff', async () => {
    const authorization = await t.login();
    const [region] = await t.db
      .select({ id: departments.id, path: departments.path, depth: departments.depth })
      .from(departments)
      .where(eq(departments.kind, 'region'))
      .limit(1);
    const [created] = await t.db
      .insert(departments)
      .values({
        parentId: region!.id,
        name: '图表测试新门店',
        kind: 'store',
        path: '',
        depth: region!.depth + 1,
      })
      .returning({ id: departments.id });
    await t.db
      .update(departments)
      .set({ path: `${region!.path}${created!.id}/` })
      .where(eq(departments.id, created!.id));

    const { code, data } = await chart(authorization, String(region!.id));
    expect(code).toBe(200);
    expect(data.map((node) => node.id)).toEqual([region!.id]);
    expect(data[0]!.headcount).toBe(await staffUnder(region!.path));
    const fresh = data[0]!.children.find((node) => node.id === created!.id);
    expect(fresh).toEqual({
      id: created!.id,
      name: '图表测试新门店',
      kind: 'store',
      leader: null,
      headcount: 0,
      planned: 0,
      children: [],
    });
  });

  it('answers 404 for an unknown or disabled root, 422 for a malformed one, 1403 without the permission', async () => {
    const authorization = await t.login();
    expect((await chart(authorization, '2147483000')).code).toBe(404);
    const [team] = await t.db
      .update(departments)
      .set({ status: 'disabled' })
      .where(eq(departments.id, sql`(select max(${departments.id}) from ${departments} where kind = 'team')`))
      .returning({ id: departments.id });
    expect((await chart(authorization, String(team!.id))).code).toBe(404);
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const answer = await chart(authorization, bad);
      expect(answer.code).toBe(422);
      expect(answer.message).toBe('根部门格式不正确');
    }
    expect((await chart(await userWith(t, []))).code).toBe(1403);
    expect((await chart(await userWith(t, ['organization:chart:view']))).code).toBe(200);
  });
});
