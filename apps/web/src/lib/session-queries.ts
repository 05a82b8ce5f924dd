import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { MenuNode, UserInfo } from '@dealer-hr/shared/api-types';
import { get, post } from './api-client';

// The signed-in user and their menu tree: loaded once per session by the route guard (which shows why a
// load failed, hence `silent`), read by the shell and by any page. Signing in clears the cache, so they
// never outlive the token they were read with.

export function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return post<UserInfo>('/auth/me', undefined, { signal, silent: true });
}

export function getMenuTree(signal?: AbortSignal): Promise<MenuNode[]> {
  return get<MenuNode[]>('/auth/menus/tree', undefined, { signal, silent: true });
}

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: Infinity,
  });

export const menuTreeQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'menus', 'tree'],
    queryFn: ({ signal }) => getMenuTree(signal),
    staleTime: Infinity,
  });

/** For the signed-in area, whose route guard has already loaded it. */
export function useUserInfo() {
  return useSuspenseQuery(userInfoQueryOptions());
}

/** For the signed-in area, whose route guard has already loaded it. */
export function useMenuTree() {
  return useSuspenseQuery(menuTreeQueryOptions());
}
