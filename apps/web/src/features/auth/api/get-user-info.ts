import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client';

export interface UserPost {
  id: number;
  title: string;
  isMain: boolean;
  department: string;
  store: string | null;
}

export interface UserInfo {
  id: number;
  username: string;
  name: string;
  face: string | null;
  avatar: string | null;
  introduction: string;
  employeeId: number | null;
  isSale: boolean;
  roles: string[];
  permissions: string[];
  /** Main post first. */
  post: UserPost[];
}

export function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return post<UserInfo>('/auth/me', undefined, { signal });
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
