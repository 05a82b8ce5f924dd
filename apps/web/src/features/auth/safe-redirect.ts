import { HOME_PATH, LOGIN_PATH } from '../../lib/navigation';

/**
 * The `redirect` query parameter names a page of this app: an absolute path, never a protocol-relative
 * `//host` (or `/\host`, which browsers read the same way), never a control character, never the login page.
 */
export function safeRedirect(target: string | null | undefined, fallback = HOME_PATH): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`) || target.startsWith(`${LOGIN_PATH}/`)) {
    return fallback;
  }
  return target;
}
