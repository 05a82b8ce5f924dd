export interface AppNavigator {
  navigate: (to: string) => void;
  currentPath: () => string;
}

// lib/ cannot import the router; the app registers it here so lib code can move the user without a
// full page reload. Until then (and outside the SPA) the browser location serves.
let appNavigator: AppNavigator = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
};

export function setNavigator(next: AppNavigator): void {
  appNavigator = next;
}

export function navigateTo(to: string): void {
  appNavigator.navigate(to);
}

export function currentPath(): string {
  return appNavigator.currentPath();
}

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard/dashboard';

/** `/login?redirect=<path>`; the login page sends the user back there after signing in. */
export function loginPath(redirectTo?: string): string {
  if (!redirectTo || redirectTo === '/' || redirectTo.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirectTo)}`;
}

/** Whole-page moves; an object so tests can watch them (jsdom cannot leave the page). */
export const browser = {
  reload: () => window.location.reload(),
  /** Another site (a sign-on provider, the sales app) or a fresh load of this one. */
  leaveTo: (url: string) => window.location.assign(url),
};
