import { expect, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Admin@2026';

export async function signIn(page: Page, username = 'admin', secret = DEMO_PASSWORD) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(secret);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export async function tokenOf(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'Token')?.value;
}

/** The body code `POST /api/auth/me` answers for a token, asked outside the browser. */
export async function meCode(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/auth/me`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { code: number }).code;
}

export async function expectDashboardOf(page: Page, name: string | RegExp) {
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await expect(page.getByText(name).first()).toBeVisible();
}

const SIGN_IN_LABELS = {
  zh: { username: '用户名', password: '密码', submit: '登录' },
  en: { username: 'Username', password: 'Password', submit: 'Sign in' },
};
export type SignInLanguage = keyof typeof SIGN_IN_LABELS;

/**
 * Opens `path` from its address after a fresh sign-in of `username` in `language`: loading a page anew is a
 * page close to the server (session.spec.ts), so a page opened by its address needs a sign-in of its own.
 */
export async function openSignedIn(
  page: Page,
  path: string,
  { username = 'admin', language = 'zh' }: { username?: string; language?: SignInLanguage } = {},
): Promise<void> {
  const context = page.context();
  await context.clearCookies();
  // The language cookie needs the app's origin: a fresh page has none yet.
  if (page.url() === 'about:blank') await page.goto('/login');
  await context.addCookies([{ name: 'language', value: language, url: new URL(page.url()).origin }]);
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  const labels = SIGN_IN_LABELS[language];
  await page.getByLabel(labels.username).fill(username);
  await page.getByLabel(labels.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
}
