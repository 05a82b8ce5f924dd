import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

const toggle = (page: Page) => page.getByRole('button', { name: '展开/收起侧边栏' });

async function signInTo(page: Page, path = '/dashboard/dashboard') {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page);
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`));
}

test('the layout at 1366x768 in Chinese and English', async ({ page }) => {
  await signInTo(page);
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText('首页');
  // Spec section 9: root font size 16 px x 1366 / 1920.
  const rootSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  expect(Number.parseFloat(rootSize)).toBeCloseTo(11.38, 1);
  const sidebar = page.locator('.ant-layout-sider').first();
  expect((await sidebar.boundingBox())!.width).toBe(200);
  await page.screenshot({ path: 'test-results/screenshots/layout-zh-1366.png' });

  await page.getByRole('button', { name: '切换语言' }).click();
  await page.getByText('English').click();
  await expect(page.getByText('Switch Language Success')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
  await page.reload();
  await expect(page.getByRole('menu', { name: 'Main menu' })).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('en');
  await page.screenshot({ path: 'test-results/screenshots/layout-en-1366.png' });
});

test('the sidebar collapses to icons and remembers it in the sidebarStatus cookie', async ({ page }) => {
  await signInTo(page);
  const sidebar = page.locator('.ant-layout-sider').first();
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(54);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value).toBe('0');

  await page.reload();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await toggle(page).click();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(200);
});

test('the size switch says so and is remembered in the size cookie', async ({ page }) => {
  await signInTo(page);
  await page.getByRole('button', { name: '布局大小' }).click();
  await page.getByRole('menuitem', { name: '小' }).click();
  await expect(page.getByText('切换尺寸成功')).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'size')?.value).toBe('small');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sidebar lies over the page and closes on the backdrop and on a route change', async ({
    page,
  }) => {
    await signInTo(page);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screenshots/layout-zh-390.png' });

    await toggle(page).click();
    const backdrop = page.getByTestId('sidebar-backdrop');
    await expect(backdrop).toBeVisible();
    const sidebar = page.locator('.ant-layout-sider').first();
    await expect.poll(async () => (await sidebar.boundingBox())!.x).toBe(0);
    await page.screenshot({ path: 'test-results/screenshots/layout-zh-390-sidebar.png' });
    await backdrop.click({ position: { x: 370, y: 400 } });
    await expect(backdrop).toBeHidden();

    await toggle(page).click();
    const nav = page.getByRole('menu', { name: '主菜单' });
    await nav.getByText('组织管理').click();
    await nav.getByText('门店管理').click();
    await expect(page).toHaveURL(/\/organization\/stores$/);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('暂未开放')).toBeVisible();
  });

  test('the layout in English', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
    await page.goto('/login?redirect=%2Fdashboard%2Fdashboard');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Toggle the sidebar' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/layout-en-390.png' });
  });
});
