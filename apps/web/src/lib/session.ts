import type { UserInfo } from '@dealer-hr/shared/api-types';
import { removeToken } from './auth-token';

const USER_KEY = 'userInfo';
const endListeners = new Set<() => void>();

/**
 * Something that belongs to the signed-in user outside the token and local storage (the query cache, the
 * tabs): it registers here and is wiped with the session.
 */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Forgets the signed-in user on this device: token cookie, everything in local storage, cached data. */
export function endSession(): void {
  removeToken();
  window.localStorage.clear();
  for (const listener of endListeners) listener();
}

/** Spec section 3: the user info is also kept in local storage. */
export function rememberUser(user: UserInfo): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}
