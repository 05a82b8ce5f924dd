import { MenuType, type MenuNode } from '@dealer-hr/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

async function treeOf(username: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/menus/tree',
    headers: { authorization: await t.login(username) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as MenuNode[];
}

describe('GET /api/auth/menus/tree', () => {
  it('gives super-admin every area of the product', async () => {
    const tree = await treeOf('admin');
    expect(tree.map((node) => node.name)).toEqual([
      'home',
      'organization',
      'staff',
      'approval',
      'attendance',
      'statistics',
      'system',
    ]);
    const paths = flatten(tree).map((node) => node.path);
    for (const path of [
      '/dashboard/dashboard',
      '/organization/departments',
      '/staff/list',
      '/system/audit',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('folds buttons into their page perm list and keeps hidden pages as routes', async () => {
    const all = flatten(await treeOf('admin'));
    expect(all.some((node) => node.type_id === MenuType.BUTTON)).toBe(false);
    const staffList = all.find((node) => node.path === '/staff/list');
    expect(staffList?.perm).toContainEqual({ name: 'staff:list:export' });
    const hidden = all.filter((node) => node.type_id === MenuType.HIDDEN_PAGE).map((node) => node.path);
    expect(hidden).toEqual(expect.arrayContaining(['/staff/detail', '/staff/resignation/handover']));
    expect(all.find((node) => node.path === '/dashboard/dashboard')?.affix).toBe(true);
  });

  it('gives a staff member only their pages, with the directories above them', async () => {
    const tree = await treeOf('staff');
    const all = flatten(tree);
    expect(all.map((node) => node.path)).toContain('/dashboard/dashboard');
    expect(all.some((node) => node.path.startsWith('/system'))).toBe(false);
    expect(all.some((node) => node.path === '/organization/departments')).toBe(false);
    for (const node of all.filter((item) => item.parent_id !== null)) {
      expect(
        all.some((parent) => parent.id === node.parent_id),
        node.name,
      ).toBe(true);
    }
  });

  it('refuses without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/menus/tree' });
    expect(response.json().code).toBe(10004);
  });
});
