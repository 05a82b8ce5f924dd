import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { SidebarMenu } from './sidebar-menu';

// The whole Outlined set (869 kB) is only for an icon outside the sidebar's own list: here it is replaced by
// an empty set that notes whether it was loaded.
const iconSet = vi.hoisted(() => ({ loaded: vi.fn() }));
vi.mock('../../lib/icon-set', () => {
  iconSet.loaded();
  return { outlinedIcons: new Map() };
});

const item = (id: number, path: string, icon: string, children: MenuNode[] = []): MenuNode => ({
  id,
  parent_id: null,
  name: `item${id}`,
  title: `菜单${id}`,
  path,
  type_id: children.length > 0 ? 1 : 2,
  perm: [],
  quick_icon: icon,
  affix: false,
  noCache: false,
  sort: id,
  children,
});

async function renderSidebar(menus: MenuNode[], at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <SidebarMenu menus={menus} />
    </MemoryRouter>,
  );
  // Lets the effect that would load the icon set run, and the dynamic import settle.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('sidebar icons', () => {
  it("shows the seeded menus' icons from its own list, without loading the whole set", async () => {
    // The attendance section of the seeded menus, with the clock-in page (AimOutlined).
    await renderSidebar(
      [item(1, '/attendance', 'ScheduleOutlined', [item(2, '/attendance/clock', 'AimOutlined')])],
      '/attendance/clock',
    );

    expect(screen.getByRole('img', { name: 'schedule' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'aim' })).toBeInTheDocument();
    expect(iconSet.loaded).not.toHaveBeenCalled();
  });

  it('loads the whole set for an icon an administrator picked outside that list', async () => {
    await renderSidebar([item(1, '/dashboard/dashboard', 'BugOutlined')], '/dashboard/dashboard');

    expect(iconSet.loaded).toHaveBeenCalled();
  });
});

describe('sidebar titles', () => {
  it('names each page on hover, for the titles the sidebar cuts short', async () => {
    await renderSidebar(
      [item(1, '/attendance', 'ScheduleOutlined', [item(2, '/attendance/clock', 'AimOutlined')])],
      '/attendance/clock',
    );

    expect(screen.getByRole('menuitem', { name: /菜单2/ })).toHaveAttribute('title', '菜单2');
  });
});
