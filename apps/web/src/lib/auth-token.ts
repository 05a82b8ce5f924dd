import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@dealer-hr/shared/constants';

// A session cookie: closing the browser ends the sign-in, as the product expects.
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'lax', secure: window.location.protocol === 'https:' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
