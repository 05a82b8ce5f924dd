import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtectedRoute } from '../app';
import { createTestApp, type TestApp } from '../test/app';
import { userWith } from '../test/users';

// Walks the whole route table: every protected route refuses a signed-in user without its permission
// (1403) and lets one with only that permission through. New routes are covered without anyone adding
// a test; a route without a declared permission does not even start (app.ts).

let t: TestApp;
let nobody: string;
let routes: readonly ProtectedRoute[];

beforeAll(async () => {
  t = await createTestApp();
  nobody = await userWith(t, []);
  routes = t.app.protectedRoutes;
});
afterAll(() => t.close());

async function call(route: ProtectedRoute, authorization: string) {
  const url = route.url.replace(/:(\w+)/g, '1');
  const withBody = route.method !== 'GET' && route.method !== 'DELETE' ? { payload: {} } : {};
  const response = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { authorization },
    ...withBody,
  });
  // Downloads (Excel exports) answer a file: their HTTP status stands for the envelope code.
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  return isJson ? (response.json() as { code: number }).code : response.statusCode;
}

describe('permission walk over every protected route', () => {
  it('covers every route under /api/auth', () => {
    const withPermission = routes.filter((route) => route.permission !== null).length;
    console.log(
      `permission walk: ${routes.length} protected routes, ${withPermission} with a permission, ` +
        `${routes.length - withPermission} open to any signed-in user`,
    );
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.every((route) => route.url.startsWith('/api/auth/'))).toBe(true);
  });

  // Two calls per route and a sign-in per permission: some 15 s alone, twice that beside another test file.
  it('refuses a user without the permission and admits one who has only it', async () => {
    const failures: string[] = [];
    // One holder per permission, shared by the routes that ask for it: a sign-in costs a password hash.
    const holders = new Map<string, Promise<string>>();
    const holderOf = (permission: string) => {
      if (!holders.has(permission)) holders.set(permission, userWith(t, [permission]));
      return holders.get(permission)!;
    };
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      if (route.permission === null) {
        const code = await call(route, nobody);
        if (code === 1403 || code === 10004) failures.push(`${name}: open route answered ${code}`);
        continue;
      }
      const refused = await call(route, nobody);
      if (refused !== 1403) failures.push(`${name}: without ${String(route.permission)} answered ${refused}`);
      // Where a route accepts alternatives, each one alone must open it.
      for (const permission of ([] as string[]).concat(route.permission)) {
        const holder = await holderOf(permission);
        const admitted = await call(route, holder);
        if (admitted === 1403 || admitted === 10004) {
          failures.push(`${name}: with ${permission} answered ${admitted}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
