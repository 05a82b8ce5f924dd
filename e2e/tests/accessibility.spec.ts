import { fileViolations, seriousViolations, type Violation } from '../support/axe';
import { expect, test } from '../support/test';
import { closeTabsLeft, goInApp } from '../support/in-app';
import { signIn } from '../support/session';

// axe-core over what the menu walk (list-layout.spec.ts, every page of the menu) does not open: the sign-in
// page, the second tabs of two pages, a resignation's handover and a person's profile. No serious or critical
// violation of WCAG 2 A/AA.
const PAGES = [
  { path: '/staff/resignation/handover?id=1', title: '离职交接', ready: 'main .ant-table' },
  { path: '/attendance/rules?tab=schedule', title: '考勤规则', ready: 'main .ant-table-row' },
  { path: '/attendance/leave?tab=overtime', title: '请假管理', ready: 'main .ant-table-row' },
];

test('the login page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('用户名')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the pages no menu item opens have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(30_000 + 15_000 * (PAGES.length + 1));
  const found: Record<string, Violation[]> = {};
  for (const [index, { path, title, ready }] of PAGES.entries()) {
    // The first page from its address with a sign-in, the others the way the app's links open them.
    if (index === 0) {
      await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
      await signIn(page);
    } else {
      await goInApp(page, path);
    }
    await expect(page).toHaveTitle(new RegExp(`^${title}`));
    await closeTabsLeft(page);
    await expect(page.locator(ready).filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });
    await fileViolations(page, path, found);
  }
  // The profile of the first person on the roster.
  await goInApp(page, '/staff/list');
  await expect(page).toHaveTitle(/^员工花名册/);
  await page
    .locator('main .ant-table-row')
    .filter({ visible: true })
    .first()
    .getByRole('button', { name: /^详\s?情$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/staff\/detail\?id=\d+/);
  await closeTabsLeft(page);
  await expect(page.locator('main .ant-descriptions').filter({ visible: true }).first()).toBeVisible();
  await fileViolations(page, '/staff/detail', found);
  expect(found).toEqual({});
});
