// Test support only (not part of the app): a menu with a pinned dashboard and a noCache page, and tiny
// pages with some state to lose, which the tests register through a mock of the page registry.
import Cookies from 'js-cookie';
import { useState } from 'react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { sessionRoutes } from '../../../test/fixtures';
import { mockApi, ok } from '../../../test/mock-api';

const node = (
  id: number,
  parentId: number | null,
  name: string,
  title: string,
  path: string,
  options: Partial<MenuNode> = {},
): MenuNode => ({
  id,
  parent_id: parentId,
  name,
  title,
  path,
  type_id: 2,
  perm: [],
  quick_icon: null,
  affix: false,
  noCache: false,
  sort: id,
  children: [],
  ...options,
});

export const testMenus: MenuNode[] = [
  node(1, null, 'home', '首页', '/dashboard', {
    type_id: 1,
    children: [node(2, 1, 'dashboard', '工作台', '/dashboard/dashboard', { affix: true })],
  }),
  node(10, null, 'tests', '测试', '/tests', {
    type_id: 1,
    children: [
      node(11, 10, 'testForm', '表单页', '/tests/form'),
      node(12, 10, 'testList', '列表页', '/tests/list'),
      node(13, 10, 'testDraft', '草稿页', '/tests/draft', { noCache: true }),
    ],
  }),
];

/** The same menu without a pinned tab. */
export const unpinnedMenus: MenuNode[] = testMenus.map((top) => ({
  ...top,
  children: top.children.map((child) => ({ ...child, affix: false })),
}));

/** A page with state: an input, a counter and the location it reads. */
function probePage(label: string): ComponentType {
  return function ProbePage() {
    const [count, setCount] = useState(0);
    const { pathname, search } = useLocation();
    return (
      <section>
        <label>
          {label}输入
          <input />
        </label>
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          {label}计数 {count}
        </button>
        <p>
          {label}地址 {pathname + search}
        </p>
      </section>
    );
  };
}

export const testRegistry: Record<string, ComponentType> = {
  '/dashboard/dashboard': probePage('工作台'),
  '/tests/form': probePage('表单'),
  '/tests/list': probePage('列表'),
  '/tests/draft': probePage('草稿'),
};

/** A signed-in session whose menu is `menus`. */
export function signIn(menus: MenuNode[] = testMenus) {
  Cookies.set('Token', 'token-1');
  return mockApi({ ...sessionRoutes, 'GET /api/auth/menus/tree': ok(menus) });
}
