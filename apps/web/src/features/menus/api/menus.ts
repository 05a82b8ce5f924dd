import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import type {
  AdminMenuNode,
  MenuSaved,
  MenuSortInput,
  MenuStoreInput,
} from '@dealer-hr/shared/menus/contract';
import { del, get, post, put } from '../../../lib/api-client';

/** One item of the whole menu table (`GET /api/auth/menus`); `perm` is its own permission name. */
export type AdminMenu = AdminMenuNode;

/** The body of `POST menus/store`; `PUT menus/update` adds `id`. */
export type MenuInput = MenuStoreInput;

export type SortInput = MenuSortInput;

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

export function useSaveMenu(options: Options<MenuSaved, MenuInput & { id?: number }> = {}) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    ...options,
    mutationFn: ({ id, ...input }) =>
      id === undefined
        ? post<MenuSaved>('/auth/menus/store', input)
        : put<MenuSaved>('/auth/menus/update', { id, ...input }),
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
