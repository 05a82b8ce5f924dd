import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { UserInfo } from '@dealer-hr/shared/api-types';
import { post } from '../../../lib/api-client';

export function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  // The route guard shows why the user could not be loaded.
  return post<UserInfo>('/auth/me', undefined, { signal, silent: true });
}

// Loaded once per session: signing in clears the cache, so it never outlives the token it was read with.
export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: Infinity,
  });

/** For the signed-in area, whose route guard has already loaded it. */
export function useUserInfo() {
  return useSuspenseQuery(userInfoQueryOptions());
}
