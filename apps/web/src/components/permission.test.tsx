import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { createQueryClient } from '../lib/query-client';
import { menuTreeQueryOptions } from '../lib/session-queries';
import { menus } from '../test/fixtures';
import { Permission, usePermission } from './permission';

/** The fixture menu with buttons granted on the staff roster (and one on a hidden page). */
function withPerms(nodes: MenuNode[]): MenuNode[] {
  const perms: Record<string, string[]> = {
    '/staff/list': ['staff:list:export', 'staff:list:create'],
    '/staff/detail': ['staff:detail:edit'],
  };
  return nodes.map((node) => ({
    ...node,
    perm: (perms[node.path] ?? []).map((name) => ({ name })),
    children: withPerms(node.children),
  }));
}

function Toolbar() {
  const can = usePermission();
  return (
    <>
      <Permission name="staff:list:export">
        <button type="button">导出</button>
      </Permission>
      <Permission name="staff:list:delete">
        <button type="button">删除</button>
      </Permission>
      <Permission name="staff:detail:edit">
        <button type="button">编辑</button>
      </Permission>
      <output>{can('staff:list:create') ? 'can create' : 'cannot create'}</output>
    </>
  );
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  // What the route guard loads before any page renders.
  queryClient.setQueryData(menuTreeQueryOptions().queryKey, withPerms(menus));
  const router = createMemoryRouter([{ path: '*', Component: Toolbar }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Permission (docs/web.md "Permissions in the client")', () => {
  it("shows what the current page's perm list grants and removes the rest", () => {
    renderAt('/staff/list');

    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    // Granted on another page only.
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.getByText('can create')).toBeInTheDocument();
  });

  it('reads the perm list of a hidden page, and of the path without a trailing slash', () => {
    renderAt('/staff/detail/');

    expect(screen.getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
    expect(screen.getByText('cannot create')).toBeInTheDocument();
  });

  it('grants nothing on a page without buttons', () => {
    renderAt('/staff/payroll');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('cannot create')).toBeInTheDocument();
  });

  it('grants nothing outside the menu', () => {
    renderAt('/somewhere/else');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
