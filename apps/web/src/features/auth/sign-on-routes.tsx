import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import type { LoaderFunction } from 'react-router';
import { getToken } from '../../lib/auth-token';
import { LOGIN_PATH, browser } from '../../lib/navigation';
import { casLogin, getLoginModes } from './api/sso';
import { acceptSignIn, consumeSignInParams, takeReturnPath } from './single-sign-on';
import styles from './login-page.module.css';

/** /transit: where sign-on providers send the browser back; it lands on the page the user was heading for. */
export const transitLoader: LoaderFunction = async ({ request }) => {
  await consumeSignInParams(new URL(request.url));
  return redirect(getToken() ? takeReturnPath() : LOGIN_PATH);
};

/**
 * /casLogin: with a `ticket` (CAS sent the browser back) the server validates it; without one the browser
 * goes to the CAS login page, whose service is this page.
 */
export const casLoginLoader: LoaderFunction = async ({ request }) => {
  const url = new URL(request.url);
  const ticket = url.searchParams.get('ticket');
  if (ticket) {
    const outcome = await acceptSignIn(casLogin({ ticket, service: url.origin + url.pathname }));
    if (outcome === 'left') return null;
    return redirect(outcome === 'signed-in' ? takeReturnPath() : LOGIN_PATH);
  }
  const modes = await getLoginModes().catch(() => null);
  if (!modes?.cas) return redirect(LOGIN_PATH);
  // Without a configured service URL the server leaves it to us: this page is the service.
  const loginUrl = new URL(modes.cas.loginUrl);
  if (!loginUrl.searchParams.has('service')) loginUrl.searchParams.set('service', url.origin + url.pathname);
  browser.leaveTo(loginUrl.toString());
  return null;
};

/**
 * /auth-redirect: the return address of a sign-on opened in a popup. It hands the provider's answer to
 * the window that opened it and closes; opened on its own, it goes on to /transit itself.
 */
export const authRedirectLoader: LoaderFunction = ({ request }) => {
  const { search } = new URL(request.url);
  const opener = window.opener as Window | null;
  if (opener && opener !== window) {
    try {
      opener.location.assign(`/transit${search}`);
      window.close();
      return null;
    } catch {
      // An opener on another origin cannot be steered: carry on in this window.
    }
  }
  return redirect(`/transit${search}`);
};

/** Shown while the browser is on its way to a provider or the sales app. */
export function SignOnPending() {
  const { t } = useTranslation('login');
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <Spin size="large" tip={t('sso.redirecting')}>
          <div className={styles.pending} />
        </Spin>
      </main>
    </div>
  );
}
