import { useCallback, useMemo } from 'react';
import { findMenu } from '../../../lib/menu-tree';
import { useMenuTree } from '../../../lib/session-queries';
import { SCOPE_PATHS } from './api';

/**
 * Whether the user's menu grants a button permission of the approval pages, whichever of them shows it:
 * the detail opens from any list (and from messages), but approve and reject are buttons of the to-do page
 * (`approval:todo:*`) and withdraw one of "my requests" (`approval:mine:withdraw`), so `usePermission`,
 * which asks only the page showing, would hide them on the other pages.
 */
export function useApprovalGrants(): (name: string) => boolean {
  const { data: menus } = useMenuTree();
  const granted = useMemo(
    () =>
      new Set(
        Object.values(SCOPE_PATHS).flatMap(
          (path) => findMenu(menus, path)?.perm.map((entry) => entry.name) ?? [],
        ),
      ),
    [menus],
  );
  return useCallback((name: string) => granted.has(name), [granted]);
}
