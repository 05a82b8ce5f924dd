import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { SALES_LINK_URL } from '../support/global-setup';
import { expectDashboardOf, meCode, tokenOf } from '../support/session';

/**
 * The login page's QR frame is the work-messaging stand-in's; "scanning" sends the whole window back.
 *
 * The frame is another origin, so the browser draws it in a process of its own. For a moment after it loads,
 * the browser still sends a click at its place to the login page under it, and the click does nothing (one run
 * in about thirty, on a busy machine). A person sees the button react to the pointer before pressing it; so
 * does the test: it waits until hovering the button reaches the frame.
 */
async function scanAs(page: Page, userId: string) {
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const frame = page.frameLocator('iframe[title="企业微信扫码登录"]');
  const button = frame.getByRole('button', { name: `模拟扫码登录（${userId}）` });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await button.hover();
    expect(await button.evaluate((element) => element.matches(':hover'))).toBe(true);
  }).toPass({ timeout: 10_000 });
  await button.click();
}

test('QR login: the code comes back with the appid, is exchanged, and the user lands where they were going', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/organization/stores');
  await expect(page).toHaveURL(/\/login\?redirect=%2Forganization%2Fstores$/);
  const frame = page.locator('iframe[title="企业微信扫码登录"]');
  await page.getByRole('tab', { name: '扫码登录' }).click();
  await expect(frame).toHaveAttribute('width', '300');
  await expect(frame).toHaveAttribute('height', '400');
  await page.screenshot({ path: 'test-results/screenshots/login-qr-zh-1366.png' });

  const exchanges: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/getTokenByCode') exchanges.push(request.postDataJSON());
  });
  await scanAs(page, 'hr');

  // The URL is cleaned of the code and the user is on the page they first asked for.
  await expect(page).toHaveURL(/\/organization\/stores$/);
  await expect(page.getByPlaceholder('门店名称或编码')).toBeVisible();
  expect(exchanges).toEqual([{ code: expect.any(String), appid: 'e2e-corp' }]);
  const token = (await tokenOf(context))!;
  expect(await meCode(baseURL!, token)).toBe(200);
  const me = await fetch(`${baseURL}/api/auth/me`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await me.json()) as { data: { username: string } }).data.username).toBe('hr');
});

test('a sales-only user is sent to the sales app (code 10008)', async ({ page, context }) => {
  await page.route(`${SALES_LINK_URL}**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>销售端首页</h1>' }),
  );
  await page.goto('/login');
  await scanAs(page, 'sales');

  await expect(page).toHaveURL(SALES_LINK_URL);
  await expect(page.getByRole('heading', { name: '销售端首页' })).toBeVisible();
  expect(await tokenOf(context)).toBeUndefined();
});

test('CAS: the ticket is validated by the server, and logout continues at the CAS server', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'CAS 单点登录' }).click();

  // The CAS stand-in signs its user in and sends the browser back to /casLogin with a ticket.
  await expectDashboardOf(page, '总经理');
  expect(await tokenOf(context)).toBeDefined();

  const casLogout = page.waitForRequest(
    (request) => request.isNavigationRequest() && /\/logout\?service=/.test(request.url()),
  );
  await page.getByRole('button', { name: /的账号菜单$/ }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  expect(new URL((await casLogout).url()).searchParams.get('service')).toMatch(/\/login$/);
  // The CAS server ends its own session and sends the browser back to the login page.
  await expect(page).toHaveURL(/\/login$/);
  expect(await tokenOf(context)).toBeUndefined();
});
