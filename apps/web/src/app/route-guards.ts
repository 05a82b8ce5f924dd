import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { LoaderFunction } from 'react-router';
import { menuTreeQueryOptions, userInfoQueryOptions } from '../lib/session-queries';
import { safeRedirect } from '../features/auth/safe-redirect';
import { consumeSignInParams } from '../features/auth/single-sign-on';
import { ApiError, SESSION_CODES } from '../lib/api-client';
import { getToken } from '../lib/auth-token';
import { notifyError } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { normalizePath } from '../lib/menu-tree';
import { loginPath } from '../lib/navigation';
import { endSession, rememberUser } from '../lib/session';
import { prefetchPageData } from './routes/page-data';

/** docs/web.md "Guard": with a token, /login goes on to the page asked for (default the dashboard). */
export const redirectIfSignedIn: LoaderFunction = async ({ request }) => {
  const url = new URL(request.url);
  const cleanedUrl = await consumeSignInParams(url);
  if (getToken()) return redirect(safeRedirect(url.searchParams.get('redirect')));
  return cleanedUrl ? redirect(cleanedUrl) : null;
};

/** Why the session could not be loaded, in the words the user should see. */
function failureMessage(error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError && SESSION_CODES.has(error.code)) return error.message;
  return i18n.t(fallbackKey);
}

/**
 * docs/web.md "Guard": no token -> /login?redirect=<here>; a token without loaded roles -> user info,
 * then menus, then the navigation goes on; a failure clears the token, shows why and goes to /login.
 */
export function requireSession(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const cleanedUrl = await consumeSignInParams(url);
    if (cleanedUrl) throw redirect(cleanedUrl);
    const backToLogin = loginPath(url.pathname + url.search);
    if (!getToken()) throw redirect(backToLogin);

    // Both requests start at once (one round trip, and one shared token refresh when the token has
    // expired); the menus are only taken once the user info has arrived, as docs/web.md "Guard" orders it.
    const userInfo = queryClient.ensureQueryData(userInfoQueryOptions());
    const menus = queryClient.ensureQueryData(menuTreeQueryOptions());
    menus.catch(() => {});
    prefetchPageData(queryClient, normalizePath(url.pathname));
    // The page's code loads meanwhile, so the page renders at once instead of suspending (page-registry.ts).
    // The registry is imported here on demand: the login page, which shares this module, does not need it.
    const pageCode = import('./routes/page-registry')
      .then(({ preloadPage }) => preloadPage(normalizePath(url.pathname)))
      .catch(() => {});
    let step = 'session.userInfoFailed';
    try {
      rememberUser(await userInfo);
      step = 'session.menuFailed';
      await menus;
      await pageCode;
      return null;
    } catch (error) {
      notifyError(failureMessage(error, step));
      endSession();
      throw redirect(backToLogin);
    }
  };
}
