import { useCallback, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { findMenu } from '../lib/menu-tree';
import { useMenuTree } from '../lib/session-queries';

/**
 * docs/web.md "Permissions in the client": whether the current page's menu item grants a button permission, i.e. its `perm` list
 * (the server folds the permitted buttons of a page into it) has an entry with that name. A page outside
 * the menu grants nothing. For the signed-in area, whose route guard has loaded the menu.
 */
export function usePermission(): (name: string) => boolean {
  const { data: menus } = useMenuTree();
  const { pathname } = useLocation();
  const granted = useMemo(
    () => new Set(findMenu(menus, pathname)?.perm.map((entry) => entry.name)),
    [menus, pathname],
  );
  return useCallback((name: string) => granted.has(name), [granted]);
}

interface PermissionProps {
  /** A button permission name, e.g. `staff:list:export`. */
  name: string;
  children: ReactNode;
}

/**
 * The permission directive (docs/web.md "Permissions in the client"): renders its children only when the current page grants `name`. It
 * only hides; the server checks the same permission on the call the button makes.
 */
export function Permission({ name, children }: PermissionProps) {
  const can = usePermission();
  return can(name) ? children : null;
}
