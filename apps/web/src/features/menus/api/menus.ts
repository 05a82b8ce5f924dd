import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { del, get, post, put } from '../../../lib/api-client';

/** One item of the whole menu table (`GET /api/auth/menus`); `perm` is its own permission name. */
export interface AdminMenu {
  id: number;
  parent_id: number | null;
  name: string;
  title: string;
  path: string;
  /** See `MenuType`. */
  type_id: number;
  perm: string | null;
  quick_icon: string | null;
  affix: boolean;
  noCache: boolean;
  sort: number;
  /** Seeded: its name, path and permission are fixed, and it cannot be deleted. */
  builtin: boolean;
  children: AdminMenu[];
}

/** The body of `POST menus/store`; `PUT menus/update` adds `id`. */
export interface MenuInput {
  parent_id: number | null;
  type_id: number;
  title: string;
  name: string;
  path: string;
  perm: string | null;
  quick_icon: string | null;
  affix: boolean;
  noCache: boolean;
  sort?: number;
}

export interface SortInput {
  parent_id: number | null;
  ids: number[];
}

export const menusQueryOptions = () =>
  queryOptions({
    queryKey: ['systemMenus', 'list'],
    queryFn: ({ signal }) => get<AdminMenu[]>('/auth/menus', undefined, { signal }),
  });

/**
 * After any change: the page's list, and the signed-in user's menu tree and info (the sidebar, the
 * routes and the permission buttons), so they follow without a reload.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['systemMenus'] }),
      queryClient.invalidateQueries({ queryKey: ['auth'] }),
    ]);
}

type Options<TData, TInput> = Omit<UseMutationOptions<TData, Error, TInput>, 'mutationFn'>;

export function useSaveMenu(options: Options<{ id: number }, MenuInput & { id?: number }> = {}) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    ...options,
    mutationFn: ({ id, ...input }) =>
      id === undefined
        ? post<{ id: number }>('/auth/menus/store', input)
        : put<{ id: number }>('/auth/menus/update', { id, ...input }),
    onSuccess: async (...args) => {
      await refresh();
      return options.onSuccess?.(...args);
    },
  });
}

export function useDeleteMenu(options: Options<null, number> = {}) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    ...options,
    mutationFn: (id) => del<null>('/auth/menus/destroy', { id }),
    onSuccess: async (...args) => {
      await refresh();
      return options.onSuccess?.(...args);
    },
  });
}

export function useSortMenus(options: Options<null, SortInput> = {}) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    ...options,
    mutationFn: (input) => put<null>('/auth/menus/sort', input),
    // A refused order (a stale list) is refetched too, so the page shows what the server has.
    onSettled: async (...args) => {
      await refresh();
      return options.onSettled?.(...args);
    },
  });
}
