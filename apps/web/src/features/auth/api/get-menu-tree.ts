import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api-client';

export interface MenuNode {
  id: number;
  parent_id: number | null;
  name: string;
  /** Chinese title; the interface shows `menu.<name>` when translated. */
  title: string;
  path: string;
  /** See `MenuType` in the shared package. */
  type_id: number;
  perm: { name: string }[];
  /** An @ant-design/icons component name. */
  quick_icon: string | null;
  affix: boolean;
  noCache: boolean;
  sort: number;
  children: MenuNode[];
}

export function getMenuTree(signal?: AbortSignal): Promise<MenuNode[]> {
  return get<MenuNode[]>('/auth/menus/tree', undefined, { signal });
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
