import { removeToken } from './auth-token';

/** Forgets the signed-in user on this device: token cookie and everything kept in local storage. */
export function endSession(): void {
  removeToken();
  window.localStorage.clear();
}
