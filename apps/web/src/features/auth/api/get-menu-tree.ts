import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { get } from '../../../lib/api-client';

export function getMenuTree(signal?: AbortSignal): Promise<MenuNode[]> {
  // The route guard shows why the menus failed to load.
  return get<MenuNode[]>('/auth/menus/tree', undefined, { signal, silent: true });
}

export const menuTreeQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'menus', 'tree'],
    queryFn: ({ signal }) => getMenuTree(signal),
    staleTime: Infinity,
  });

/** For the signed-in area, whose route guard has already loaded it. */
export function useMenuTree() {
  return useSuspenseQuery(menuTreeQueryOptions());
}
