import { expect, test } from '../support/test';
import { expectDashboardOf, meCode, signIn, tokenOf } from '../support/session';
import { expiredCopy } from '../support/tokens';

const IDLE_TIMEOUT_MS = 7_200_000;
const IDLE_CHECK_MS = 30_000;

test('an expired token is refreshed once for parallel requests, silently, and the page shows its data', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login');
  await signIn(page);
  await expectDashboardOf(page, '系统管理员');
  const original = (await tokenOf(context))!;
  await context.addCookies([{ name: 'Token', value: expiredCopy(original), url: baseURL! }]);

  const apiCalls: { path: string; code?: number }[] = [];
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/')) return;
    const body = (await response.json().catch(() => null)) as { code?: number } | null;
    apiCalls.push({ path: pathname, code: body?.code });
  });
  await page.reload();

  await expectDashboardOf(page, '系统管理员');
  await expect(page.getByRole('menuitem', { name: /组织管理/ })).toBeVisible();
  const calls = (path: string) => apiCalls.filter((call) => call.path === path).map((call) => call.code);
  // User info and menus went out together with the expired token; one refresh served both.
  await expect.poll(() => calls('/api/auth/menus/tree')).toEqual([10005, 200]);
  expect(calls('/api/auth/me')).toEqual([10005, 200]);
  expect(calls('/api/refresh')).toEqual([200]);
  const renewed = (await tokenOf(context))!;
  expect(renewed).not.toBe(original);
  expect(await meCode(baseURL!, renewed)).toBe(200);
  // Rotation: the token that was traded in is dead.
  expect(await meCode(baseURL!, original)).toBe(10004);
  await expect(page.getByText('你已被登出')).toHaveCount(0);
});

test('after two idle hours the user is signed out; a mouse press counts as activity', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await signIn(page);
  await expectDashboardOf(page, '系统管理员');
  const logouts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/logout') logouts.push(request.method());
  });

  await page.clock.runFor(IDLE_TIMEOUT_MS - 2 * IDLE_CHECK_MS);
  expect(logouts).toEqual([]);
  await page.mouse.click(600, 400);
  // Two hours after the last press, not after signing in.
  await page.clock.runFor(IDLE_TIMEOUT_MS - 2 * IDLE_CHECK_MS);
  expect(logouts).toEqual([]);
  await page.clock.runFor(3 * IDLE_CHECK_MS);

  await expect(page).toHaveURL(/\/login$/);
  expect(logouts).toEqual(['POST']);
  await expect(page.getByLabel('用户名')).toBeVisible();
});

test('a page refresh keeps the session, closing the page ends it', async ({ context, baseURL }) => {
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await expectDashboardOf(page, '系统管理员');
  const token = (await tokenOf(context))!;

  await page.reload();
  await expectDashboardOf(page, '系统管理员');
  // Longer than the server's grace period for a page that might have been closed.
  await page.waitForTimeout(1_500);
  expect(await meCode(baseURL!, token)).toBe(200);

  await page.close({ runBeforeUnload: true });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await meCode(baseURL!, token)).toBe(10004);
  // Opening the app again in this browser (the token cookie is still there) leads to the login page.
  const again = await context.newPage();
  await again.goto('/dashboard/dashboard');
  await expect(again).toHaveURL(/\/login\?redirect=/);
});
