import { useEffect } from 'react';
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS } from '@dealer-hr/shared/constants';
import { logoutOnPageClose, signOut } from './api/logout';

// In local storage, so a mouse press in any tab of this browser keeps them all signed in.
const LAST_ACTIVITY_KEY = 'lastActivity';

function lastActivity(): number {
  return Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
}

function recordActivity(): void {
  window.localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
}

/**
 * docs/web.md "Idle timeout": checked every 30 s; when the last mouse press is older than two
 * hours the user is signed out.
 */
export function useIdleLogout(): void {
  useEffect(() => {
    recordActivity();
    window.addEventListener('mousedown', recordActivity, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity() <= IDLE_TIMEOUT_MS) return;
      window.clearInterval(timer);
      void signOut();
    }, IDLE_CHECK_INTERVAL_MS);
    return () => {
      window.removeEventListener('mousedown', recordActivity, { capture: true });
      window.clearInterval(timer);
    };
  }, []);
}

/**
 * docs/web.md "Page close": closing the page ends the session, a refresh does not. The first client told them
 * apart by the gap between before-unload and unload (5 ms), which proved unreliable: on a busy machine a
 * close takes longer. So every `pagehide` is reported, and the server ends the session unless the page
 * comes back within its grace period, as a refresh does at once (docs/decisions.md "Page close").
 */
export function usePageCloseLogout(): void {
  useEffect(() => {
    window.addEventListener('pagehide', logoutOnPageClose);
    return () => window.removeEventListener('pagehide', logoutOnPageClose);
  }, []);
}
