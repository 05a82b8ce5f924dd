import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, departments, users } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { mainPostOf, userWith } from '../../test/users';
import { inScope, loadScope } from '../../core/scope';
import type { DepartmentNode } from '@dealer-hr/shared/departments/contract';

let t: TestApp;
const call = callerOf(() => ({ app: t }));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const myTree = (authorization: string, partTime?: string) =>
  call<DepartmentNode[]>(
    'GET',
    `departments/my/tree${partTime ? `?partTime=${partTime}` : ''}`,
    undefined,
    authorization,
  );

const count = (nodes: readonly DepartmentNode[]): number =>
  nodes.reduce((sum, node) => sum + 1 + count(node.children ?? []), 0);

const hasEmptyChildren = (nodes: readonly DepartmentNode[]): boolean =>
  nodes.some((node) =>
    node.children ? node.children.length === 0 || hasEmptyChildren(node.children) : false,
  );

describe('GET /api/auth/departments/my/tree', () => {
  it('answers the whole group to a group-wide role, without empty children', async () => {
    const { code, data } = await myTree(await t.login());
    const [{ total }] = (await t.db
      .select({ total: sql<number>`count(*)::int` })
      .from(departments)
      .where(eq(departments.status, 'active'))) as [{ total: number }];
    expect(code).toBe(200);
    expect(data).toHaveLength(1);
    expect(data[0]!.parent_id).toBeNull();
    expect(count(data)).toBe(total);
    expect(hasEmptyChildren(data)).toBe(false);
  });

  it("answers a store manager the subtree of their store's department only", async () => {
    const { departmentId, path } = await mainPostOf(t, 'manager');
    const { data } = await myTree(await t.login('manager'));
    expect(data.map((node) => node.id)).toEqual([departmentId]);
    const [{ total }] = (await t.db
      .select({ total: sql<number>`count(*)::int` })
      .from(departments)
      .where(and(sql`${departments.path} like ${`${path}%`}`, eq(departments.status, 'active')))) as [
      { total: number },
    ];
    expect(count(data)).toBe(total);
  });

  it('answers an empty list to an account without posts, and 422 for a bad partTime', async () => {
    const authorization = await userWith(t, []);
    expect((await myTree(authorization)).data).toEqual([]);
    expect((await myTree(authorization, '2')).code).toBe(422);
  });
});

describe('data scope condition', () => {
  it('keeps exactly the employees whose main post is inside the scope', async () => {
    const { userId, path } = await mainPostOf(t, 'manager');
    const scope = await loadScope(t.db, userId);
    expect(scope).toMatchObject({ all: false, paths: [path] });

    const seen = await t.db
      .select({ path: departments.path })
      .from(assignments)
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .where(and(isNull(assignments.endDate), inScope(scope, assignments.departmentId)));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.path.startsWith(path))).toBe(true);
    const [{ outside }] = (await t.db
      .select({ outside: sql<number>`count(*)::int` })
      .from(assignments)
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .where(and(isNull(assignments.endDate), sql`${departments.path} not like ${`${path}%`}`))) as [
      { outside: number },
    ];
    expect(outside).toBeGreaterThan(0);
  });

  it('is the whole group for super and HR admins', async () => {
    const [hr] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
    expect(await loadScope(t.db, hr!.id)).toEqual({ all: true });
  });
});
