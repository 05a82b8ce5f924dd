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
