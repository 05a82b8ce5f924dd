import { useEffect } from 'react';
import {
  IDLE_CHECK_INTERVAL_MS,
  IDLE_TIMEOUT_MS,
  PAGE_CLOSE_UNLOAD_GAP_MS,
} from '@dealer-hr/shared/constants';
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
 * Spec section 4 and 9 "Idle timeout": checked every 30 s; when the last mouse press is older than two
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
 * Spec section 4 "Page close": an unload within 5 ms of the before-unload is a closed page, a slower one
 * a refresh or navigation (the browser waited for the next page). `pagehide` is the unload event that
 * still fires everywhere and keeps the back-forward cache usable.
 */
export function usePageCloseLogout(): void {
  useEffect(() => {
    let beforeUnloadAt = Number.NEGATIVE_INFINITY;
    const onBeforeUnload = () => {
      beforeUnloadAt = performance.now();
    };
    const onPageHide = () => {
      if (performance.now() - beforeUnloadAt <= PAGE_CLOSE_UNLOAD_GAP_MS) logoutOnPageClose();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
}
