import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { ApiError } from '../../lib/api-client';
import { setToken } from '../../lib/auth-token';
import { notifyError } from '../../lib/feedback';
import { i18n } from '../../lib/i18n';
import { browser } from '../../lib/navigation';
import type { TokenAnswer } from './api/login';
import { exchangeCode } from './api/sso';
import { safeRedirect } from './safe-redirect';

// Kept in session storage: it survives the trip to the provider and back in this tab, and nothing else.
const STATE_KEY = 'dealer-hr:sso-state';
const RETURN_KEY = 'dealer-hr:sso-return';
const SIGN_IN_PARAMS = ['code', 'access_token', 'appid', 'state'] as const;

/** Before leaving for a provider: the state it must send back, and the page to land on afterwards. */
export function prepareSignOn(state: string, returnTo: string | null): void {
  window.sessionStorage.setItem(STATE_KEY, state);
  if (returnTo) window.sessionStorage.setItem(RETURN_KEY, returnTo);
  else window.sessionStorage.removeItem(RETURN_KEY);
}

/** The page the user was heading for when they left for the provider (once). */
export function takeReturnPath(): string {
  const saved = window.sessionStorage.getItem(RETURN_KEY);
  window.sessionStorage.removeItem(RETURN_KEY);
  return safeRedirect(saved);
}

export function newState(): string {
  return crypto.randomUUID();
}

/** The URL without the sign-in parameters, as a path for the router. */
function cleaned(url: URL): string {
  const next = new URL(url);
  for (const name of SIGN_IN_PARAMS) next.searchParams.delete(name);
  return next.pathname + next.search + next.hash;
}

export type SignInOutcome = 'signed-in' | 'left' | 'failed';

/** docs/web.md "Login": a 10008 answer sends the browser to the sales-link home page. */
export function leaveForSalesApp(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.SALES_ONLY) return false;
  const url = (error.data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') {
    notifyError(error.message);
    return false;
  }
  browser.leaveTo(url);
  return true;
}

/**
 * A successful sign-in answer stores the token; a sales-only user leaves for the sales app. A refused
 * code or ticket (422) has no form to show it on, so it is shown here; other failures the api-client
 * has shown already.
 */
export async function acceptSignIn(answer: Promise<TokenAnswer>): Promise<SignInOutcome> {
  try {
    setToken((await answer).access_token);
    return 'signed-in';
  } catch (error) {
    if (leaveForSalesApp(error)) return 'left';
    if (error instanceof ApiError && error.code === ErrorCode.VALIDATION) notifyError(error.message);
    return 'failed';
  }
}

/**
 * docs/web.md "Guard": a URL carrying `code` or `access_token` together with `appid` is consumed — the code is
 * exchanged for a token (or the token stored as it is) and the caller moves on to the cleaned URL, which
 * this answers; null when the URL carries no sign-in.
 */
export async function consumeSignInParams(url: URL): Promise<string | null> {
  const params = url.searchParams;
  const appid = params.get('appid');
  const code = params.get('code');
  const accessToken = params.get('access_token');
  if (!appid || (!code && !accessToken)) return null;

  const expectedState = window.sessionStorage.getItem(STATE_KEY);
  window.sessionStorage.removeItem(STATE_KEY);
  const state = params.get('state');
  if (state && expectedState && state !== expectedState) {
    // Not the sign-in this tab started: somebody else's code must not sign this browser in.
    notifyError(i18n.t('login:sso.stateMismatch'));
  } else if (accessToken) {
    setToken(accessToken);
  } else if (code) {
    await acceptSignIn(exchangeCode({ code, appid }));
  }
  return cleaned(url);
}
