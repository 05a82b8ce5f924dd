import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '../support/test';
import { newDataDir, startServer } from '../../scripts/built-server';
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

test('a frozen user is thrown out with the server message', async ({ newContext }) => {
  test.setTimeout(90_000);
  // Freezing comes with the user administration; until then the test freezes the account in the
  // database between two runs of a server of its own.
  const dataDir = await newDataDir();
  const context = await newContext();
  try {
    const first = await startServer({ dataDir, env: { SEED_DEMO: '0' } });
    const page = await context.newPage();
    await page.goto(`${first.url}/login`);
    await signIn(page);
    await expectDashboardOf(page, '系统管理员');
    await first.stop();

    const database = new PGlite(path.join(dataDir, 'pg'));
    await database.query(
      `update users set status = 'frozen', frozen_reason = 'e2e' where username = 'admin'`,
    );
    await database.close();

    const port = new URL(first.url).port;
    const second = await startServer({ dataDir, port: Number(port), env: { SEED_DEMO: '0' } });
    try {
      await page.reload();
      await expect(page.getByText('账号已被冻结，请联系管理员')).toBeVisible();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fdashboard$/);
      expect(await tokenOf(context)).toBeUndefined();
      // Signing in again is refused with the same message.
      await signIn(page);
      await expect(page.getByText('账号已被冻结，请联系管理员').first()).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
    } finally {
      await second.stop();
    }
  } finally {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  }
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
