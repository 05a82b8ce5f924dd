import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { findMenu } from '../../../lib/menu-tree';
import { useMenuTree } from '../../../lib/session-queries';
import { SCOPE_PATHS, TASK_SCOPES, taskCountQuery, type TaskCounts, type TaskScope } from './api';

/**
 * The lists the user can open (their pages are in the menu), for the tabs between them, with how many
 * each holds. The counts are a nicety: without them the tabs still work.
 */
export function useScopeTabs(): { scopes: TaskScope[]; counts: TaskCounts | undefined } {
  const { data: menus } = useMenuTree();
  const scopes = useMemo(
    () => TASK_SCOPES.filter((scope) => findMenu(menus, SCOPE_PATHS[scope]) !== undefined),
    [menus],
  );
  const counts = useQuery(taskCountQuery());
  return { scopes, counts: counts.data };
}
