import { describe, expect, it } from 'vitest';
import { menus } from '../test/fixtures';
import { ancestorKeys, findMenu, firstPagePath, sidebarNodes, targetPath } from './menu-tree';

describe('menu tree', () => {
  it('keeps directories and pages in the sidebar, not hidden pages', () => {
    const staff = sidebarNodes(menus)[1]!;
    expect(staff.children.map((node) => node.name)).toEqual(['staffList', 'payroll']);
  });

  it('finds any item by its path, hidden pages included, ignoring a trailing slash', () => {
    expect(findMenu(menus, '/staff/detail/')?.name).toBe('staffDetail');
    expect(findMenu(menus, '/staff/unknown')).toBeUndefined();
  });

  it('names the directories to open for a path', () => {
    expect(ancestorKeys(menus, '/staff/list')).toEqual(['dir:10']);
    expect(ancestorKeys(menus, '/nowhere')).toEqual([]);
  });

  it('leads a directory to its first visible page', () => {
    expect(firstPagePath(menus[1]!)).toBe('/staff/list');
  });

  it('points an item without a path at its first child, with its id', () => {
    const group = { ...menus[1]!, path: '', type_id: 2 };
    expect(targetPath(group)).toBe('/staff/list?id=10');
  });
});
