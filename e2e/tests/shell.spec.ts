import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
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
  // docs/web.md "Constants and limits": root font size 16 px x 1366 / 1920.
  const rootSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  expect(Number.parseFloat(rootSize)).toBeCloseTo(11.38, 1);
  const sidebar = page.locator('.ant-layout-sider').first();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(200);
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

test('the sidebar shows the whole brand and the language switch says so, in every language, at 1366 px', async ({
  page,
}) => {
  await signInTo(page);
  const brand = page.locator('.ant-layout-sider a[href="/dashboard/dashboard"] span[title]');
  const switched: Record<string, [name: string, message: string]> = {
    en: ['English', 'Switch Language Success'],
    es: ['Español', 'Cambio de idioma correcto'],
    ja: ['日本語', '言語の切り替えに成功しました'],
    zh: ['中文', '切换语言成功'],
  };
  const languageButton = page.getByRole('button', {
    name: /^(切换语言|Change language|Cambiar idioma|言語を切り替え)$/,
  });
  for (const [language, [name, message]] of Object.entries(switched)) {
    // The navbar may still be drawing what the sign-in loaded, closing a menu opened meanwhile: open it again.
    await expect(async () => {
      if (!(await page.getByRole('menuitem', { name }).isVisible())) await languageButton.click();
      await page.getByRole('menuitem', { name }).click({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    // The message is in the language just chosen.
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // Nothing of the name is cut off: the text is no wider than its box.
    await expect(brand).toBeVisible();
    const { scroll, client } = await brand.evaluate((span) => ({
      scroll: span.scrollWidth,
      client: span.clientWidth,
    }));
    expect(scroll, `${language}: ${await brand.textContent()}`).toBeLessThanOrEqual(client);
  }
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
    // On a phone the page's filters are behind one button.
    await page.getByRole('button', { name: '筛选' }).click();
    await expect(page.getByPlaceholder('门店名称或编码')).toBeVisible();
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

test('tabs of visited views: context menu, affix dashboard, close others, close all, refresh', async ({
  page,
}) => {
  await signInTo(page, '/organization/stores');
  const tabs = page.getByRole('navigation', { name: '已访问的页面' });
  await page.getByRole('menu', { name: '主菜单' }).getByText('统计分析').click();
  await page.getByRole('menu', { name: '主菜单' }).getByText('人力概览').click();
  await expect(page).toHaveURL(/\/statistics\/overview$/);
  await expect(tabs.getByRole('link')).toHaveText(['工作台', '门店管理', '人力概览']);
  // The affix dashboard has no close button.
  await expect(tabs.getByRole('button', { name: '关闭工作台' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/tags-view-zh-1366.png' });

  // Cached views stay mounted while hidden: the stores view's filter input (marked here) is the same DOM
  // node, still holding what was typed, when its tab is shown again.
  const keyword = page.getByPlaceholder('门店名称或编码');
  await tabs.getByRole('link', { name: '门店管理' }).click();
  await expect(page).toHaveURL(/\/organization\/stores$/);
  await keyword.fill('typed before switching');
  await keyword.evaluate((element) => element.setAttribute('data-kept', 'yes'));
  await tabs.getByRole('link', { name: '人力概览' }).click();
  await expect(page).toHaveURL(/\/statistics\/overview$/);
  await expect(page.getByText('月末在职人数').first()).toBeVisible();
  await expect(page.locator('input[data-kept]')).toBeHidden();
  await tabs.getByRole('link', { name: '门店管理' }).click();
  await expect(page.locator('input[data-kept]')).toBeVisible();
  await expect(keyword).toHaveValue('typed before switching');

  await tabs.getByRole('link', { name: '门店管理' }).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: '标签操作' });
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())!.width).toBe(105);
  await menu.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(tabs.getByRole('link')).toHaveText(['工作台', '门店管理']);
  await expect(page).toHaveURL(/\/organization\/stores$/);

  // Refresh goes through /redirect and comes back to the same view.
  const redirect = page.waitForURL(/\/redirect\/organization\/stores$/);
  await tabs.getByRole('link', { name: '门店管理' }).click({ button: 'right' });
  await menu.getByRole('menuitem', { name: '刷新' }).click();
  await redirect;
  await expect(page).toHaveURL(/\/organization\/stores$/);
  // Refreshed: a new instance, without the mark and the typed text.
  await expect(keyword).toHaveValue('');
  await expect(page.locator('input[data-kept]')).toHaveCount(0);

  await tabs.getByRole('link', { name: '门店管理' }).click({ button: 'right' });
  await menu.getByRole('menuitem', { name: '关闭所有' }).click();
  await expect(tabs.getByRole('link')).toHaveText(['工作台']);
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
});

test('the header search finds a page by its pinyin and goes there; Ctrl+K opens it', async ({ page }) => {
  await signInTo(page);
  await expect(page.getByRole('button', { name: '搜索页面' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: '搜索页面' });
  await expect(search).toBeFocused();
  await search.pressSequentially('yuangonghuamingce');
  // antd keeps an accessible copy of the options hidden; the visible list is its own.
  const option = page.locator('.ant-select-item-option', { hasText: '员工花名册' });
  await expect(option).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/header-search-zh-1366.png' });
  await option.click();
  await expect(page).toHaveURL(/\/staff\/list$/);
});

test('the settings panel changes the theme colour at once and remembers it', async ({ page }) => {
  await signInTo(page);
  const gear = page.getByRole('button', { name: '打开系统设置' });
  const primary = () => gear.evaluate((element) => getComputedStyle(element).backgroundColor);
  // The theme colours are applied in their shade that white text reads on (WCAG AA): #1890ff, #f5222d.
  expect(await primary()).toBe('rgb(19, 112, 198)');

  await gear.click();
  const drawer = page.getByRole('dialog', { name: '系统布局配置' });
  await drawer.getByRole('button', { name: '#f5222d' }).click();
  await expect(page.getByText('正在编译主题')).toBeVisible();
  await expect.poll(primary).toBe('rgb(221, 30, 41)');
  await page.screenshot({ path: 'test-results/screenshots/settings-zh-1366.png' });

  // Outside click closes the panel; the colour stays after a reload.
  await page.mouse.click(300, 400);
  await expect(drawer).toBeHidden();
  await page.reload();
  await expect.poll(primary).toBe('rgb(221, 30, 41)');
});

test('an unhandled error shows the error-log badge; its dialog lists it and Clear All empties it', async ({
  page,
}) => {
  await signInTo(page);
  const button = page.getByRole('button', { name: '错误日志' });
  await expect(button).toHaveCount(0);

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e: something broke');
    });
  });
  await expect(button).toBeVisible();
  await button.click();
  const dialog = page.getByRole('dialog', { name: '错误日志' });
  await expect(dialog.getByText('e2e: something broke', { exact: true })).toBeVisible();
  await expect(dialog.getByText('/dashboard/dashboard')).toBeVisible();
  await dialog.getByRole('button', { name: '清空' }).click();
  await expect(button).toHaveCount(0);
});
