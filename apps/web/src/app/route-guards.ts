import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { LoaderFunction } from 'react-router';
import { menuTreeQueryOptions } from '../features/auth/api/get-menu-tree';
import { userInfoQueryOptions } from '../features/auth/api/get-user-info';
import { ApiError, SESSION_CODES } from '../lib/api-client';
import { getToken } from '../lib/auth-token';
import { notifyError } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { HOME_PATH, loginPath } from '../lib/navigation';
import { endSession } from '../lib/session';

/** Spec section 2 "Guard": with a token, /login goes to the dashboard. */
export const redirectIfSignedIn: LoaderFunction = () => (getToken() ? redirect(HOME_PATH) : null);

/**
 * Spec section 2 "Guard": no token -> /login?redirect=<here>; a token -> user info and menus are loaded
 * (once per session) before the signed-in area renders; a failure ends the session with a message.
 */
export function requireSession(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const backToLogin = loginPath(url.pathname + url.search);
    if (!getToken()) throw redirect(backToLogin);

    const [user, menus] = await Promise.allSettled([
      queryClient.ensureQueryData(userInfoQueryOptions()),
      queryClient.ensureQueryData(menuTreeQueryOptions()),
    ]);
    const failure =
      user.status === 'rejected'
        ? { error: user.reason as unknown, key: 'session.userInfoFailed' }
        : menus.status === 'rejected'
          ? { error: menus.reason as unknown, key: 'session.menuFailed' }
          : undefined;
    if (!failure) return null;

    // The api-client has already ended the session for its session codes.
    if (!(failure.error instanceof ApiError && SESSION_CODES.has(failure.error.code))) {
      notifyError(i18n.t(failure.key));
    }
    endSession();
    throw redirect(backToLogin);
  };
}
