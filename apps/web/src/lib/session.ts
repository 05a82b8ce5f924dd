import type { UserInfo } from '@dealer-hr/shared/api-types';
import { removeToken } from './auth-token';
import { forgetDrafts } from './draft-cache';

const USER_KEY = 'userInfo';
/** The open tabs of this browser tab, kept through a reload (session storage: they end with the tab). */
export const VISITED_VIEWS_KEY = 'visitedViews';
/**
 * Forgets the signed-in user on this device: the token cookie and everything in local storage. Cached
 * server data goes with the full page load every sign-out ends in, or is dropped at the next sign-in.
 */
export function endSession(): void {
  removeToken();
  window.localStorage.clear();
  window.sessionStorage.removeItem(VISITED_VIEWS_KEY);
  // The next user of this browser must not be offered this user's drafts.
  forgetDrafts();
}

/** docs/web.md "Session data": the user info is also kept in local storage. */
export function rememberUser(user: UserInfo): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}
