import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { goInApp } from '../support/in-app';
import { signIn } from '../support/session';

// axe-core over the pages an HR user lives in: no serious or critical violation of WCAG 2 A/AA.
const PAGES = [
  { path: '/staff/list', title: '员工花名册', ready: 'main .ant-table' },
  { path: '/staff/onboarding', title: '入职管理', ready: 'main .ant-table' },
  { path: '/approval/todo', title: '待我审批', ready: 'main .ant-table' },
  { path: '/organization/chart', title: '组织架构图', ready: 'main svg text' },
  { path: '/system/audit', title: '操作日志', ready: 'main .ant-table' },
  { path: '/staff/training', title: '培训管理', ready: 'main .ant-table' },
  { path: '/staff/transfer', title: '调岗管理', ready: 'main .ant-table' },
  { path: '/staff/dispatch', title: '外派管理', ready: 'main .ant-table' },
  { path: '/staff/rotation', title: '轮岗管理', ready: 'main .ant-table' },
  { path: '/staff/resignation', title: '离职管理', ready: 'main .ant-table' },
  { path: '/staff/resignation/handover?id=1', title: '离职交接', ready: 'main .ant-table' },
  { path: '/attendance/coordinates', title: '打卡地点', ready: 'main .ant-table' },
  { path: '/attendance/records', title: '打卡记录', ready: 'main .ant-table' },
  { path: '/attendance/abnormal', title: '考勤异常', ready: 'main .ant-table' },
  { path: '/attendance/rules', title: '考勤规则', ready: 'main .ant-table' },
  { path: '/attendance/rules?tab=schedule', title: '考勤规则', ready: 'main .ant-table-row' },
  { path: '/attendance/statistics', title: '考勤统计', ready: 'main .ant-table' },
  { path: '/attendance/leave', title: '请假管理', ready: 'main .ant-table' },
  { path: '/attendance/leave?tab=overtime', title: '请假管理', ready: 'main .ant-table-row' },
  { path: '/statistics/overview', title: '人力概览', ready: 'main .ant-card svg' },
  { path: '/statistics/turnover', title: '离职率分析', ready: 'main .ant-table-row' },
  { path: '/statistics/vacancy', title: '缺编分析', ready: 'main .ant-table-row' },
  { path: '/statistics/resign', title: '离职分析', ready: 'main .ant-card svg' },
  { path: '/statistics/distribution', title: '人员结构分布', ready: 'main .ant-card svg' },
  { path: '/dashboard/dashboard', title: '工作台', ready: 'main .ant-card svg' },
];

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
}

test('the login page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('用户名')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the pages an HR user works in have no serious accessibility violation', async ({ page }) => {
  // A page change and an axe pass per page (and the profile below): the time grows with the pages. About
  // 6 s a page alone; the test command runs the PostgreSQL suite beside this one on the same two cores.
  test.setTimeout(30_000 + 15_000 * PAGES.length);
  const found: Record<string, unknown> = {};
  let left: (typeof PAGES)[number] | undefined;
  for (const shown of PAGES) {
    const { path, title, ready } = shown;
    // The first page from its address with a sign-in, the others the way the menu opens them.
    if (left === undefined) {
      await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
      await signIn(page);
    } else {
      await goInApp(page, path);
    }
    await expect(page).toHaveTitle(new RegExp(`^${title}`));
    // The tab of the page left is closed, as its reader would: a page kept in its tab stays in the document,
    // hidden, and axe reads the whole document (4 s a pass on one page, 18 s after forty kept ones).
    if (left !== undefined && left.title !== title)
      await page.getByRole('button', { name: `关闭${left.title}`, exact: true }).click();
    left = shown;
    await expect(page.locator(ready).filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[path] = violations;
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
  await expect(page.locator('main .ant-descriptions').filter({ visible: true }).first()).toBeVisible();
  const profile = await seriousViolations(page);
  if (profile.length > 0) found['/staff/detail'] = profile;
  expect(found).toEqual({});
});
