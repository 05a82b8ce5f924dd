import { useMutation } from '@tanstack/react-query';
import type { LogoutAnswer } from '@dealer-hr/shared/auth/contract';
import { getToken } from '../../../lib/auth-token';
import { post } from '../../../lib/api-client';
import { LOGIN_PATH, browser } from '../../../lib/navigation';
import { endSession } from '../../../lib/session';

/** `url`: a single sign-on logout page the browser should go to. */
export type { LogoutAnswer };

export function logout(): Promise<LogoutAnswer> {
  // docs/web.md "Logout": a failed logout shows nothing.
  return post<LogoutAnswer>('/logout', undefined, { silent: true });
}

/**
 * docs/web.md "Logout": ends the session on the server, then forgets it here (token, user, local
 * storage, tabs, cached data) and leaves with a full page load: to the provider's logout page when the
 * answer names one, else to /login. The local end happens whatever the server says — the user asked to go,
 * and a shared computer must not stay signed in because the network hiccupped.
 */
export async function signOut(): Promise<void> {
  const answer = await logout().catch(() => null);
  endSession();
  browser.leaveTo(answer?.url ?? LOGIN_PATH);
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}

/**
 * Sent while the page unloads, so it must survive the page: `keepalive` (unlike sendBeacon it can carry
 * the Authorization header). The server ends the session unless the page comes back at once (a refresh).
 */
export function logoutOnPageClose(): void {
  const token = getToken();
  if (!token) return;
  void fetch('/api/logout', {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: 'page-close' }),
  }).catch(() => {});
}
