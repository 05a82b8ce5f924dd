import type { Page } from '@playwright/test';
import { screenshotWhole } from '../support/fit';
import { goInApp, settled } from '../support/in-app';
import { choose } from '../support/select';
import { openSignedIn, tokenOf, type SignInLanguage } from '../support/session';
import { expect, test } from '../support/test';

// The statistics pages and the workbench as HR and a store manager read them (docs/statistics.md): each page
// in Chinese and English, the turnover formula switched, the vacancy grid drilled to a store, and a store
// manager's workbench bound to their store.

const open = (page: Page, path: string, username = 'hr', language: SignInLanguage = 'zh') =>
  openSignedIn(page, path, { username, language });

/** What each page shows once its figures have come, in each language. */
const PAGES = [
  { path: '/statistics/overview', zh: '月末在职人数', en: 'Headcount at month end' },
  { path: '/statistics/turnover', zh: '离职率分析', en: 'Turnover rate' },
  { path: '/statistics/vacancy', zh: '缺编分析', en: 'Vacancy analysis' },
  { path: '/statistics/resign', zh: '离职原因', en: 'By reason' },
  { path: '/statistics/distribution', zh: '人员结构分布', en: 'Workforce composition' },
  { path: '/dashboard/dashboard', zh: '待办事项', en: 'To do' },
];

for (const language of ['zh', 'en'] as const) {
  test(`HR opens every statistics page and the workbench in ${language}`, async ({ page }) => {
    test.setTimeout(20_000 + 10_000 * PAGES.length);
    for (const [index, { path, ...text }] of PAGES.entries()) {
      // The first page from its address with a sign-in in the language, the others as the menu opens them.
      if (index === 0) await open(page, path, 'hr', language);
      else await goInApp(page, path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // A page kept in its tab is hidden, not gone: what is looked at is the page showing.
      const main = page.locator('main');
      await expect(main.getByText(text[language]).filter({ visible: true }).first()).toBeVisible({
        timeout: 20_000,
      });
      // A chart is drawn as SVG with its labels as text.
      if (path !== '/statistics/vacancy')
        await expect(main.locator('svg').filter({ visible: true }).first()).toBeVisible();
      await settled(page);
      await screenshotWhole(
        page,
        `test-results/screenshots/${path.slice(1).replace('/', '-')}-${language}-1366.png`,
      );
    }
  });
}

test('switching the turnover formula changes the figure and its formula', async ({ page }) => {
  await open(page, '/statistics/turnover');
  // One row for the year so far: the demo's leavers make both forms differ.
  await choose(page, page.getByRole('combobox', { name: '统计周期' }), '按年');
  // The months' rows first give way to the year's: focus a cell of the year's row, not one about to go.
  await expect(page.locator('main .ant-table-row')).toHaveCount(1);
  const rate = page.locator('main .ant-table-row').first().locator('[aria-description^="离职率 ="]');
  await expect(rate).toHaveAttribute('aria-description', /离职人数 \/ \(离职人数 \+ 期末人数\)/);
  const endForm = await rate.textContent();
  await rate.focus();
  await expect(page.getByRole('tooltip')).toContainText('离职人数 / (离职人数 + 期末人数)');

  await page.getByText('平均人数口径').click();
  await expect(rate).toHaveAttribute('aria-description', /离职人数 \/ \(\(期初人数 \+ 期末人数\) \/ 2\)/);
  await expect(rate).not.toHaveText(endForm!);
  // The counts behind it are those of the row: leavers over the average of its two headcounts.
  const formula = (await rate.getAttribute('aria-description'))!;
  const [, leavers, start, end] = formula.match(/= (\d+) \/ \(\((\d+) \+ (\d+)\) \/ 2\)/)!;
  const expected = (Number(leavers) / ((Number(start) + Number(end)) / 2)) * 100;
  expect(await rate.textContent()).toBe(`${expected.toFixed(2)}%`);
});

test('the vacancy grid drills to a store’s posts', async ({ page }) => {
  await open(page, '/statistics/vacancy');
  const store = page.getByRole('button', { name: /^查看 .+ 的岗位明细$/ }).first();
  const name = (await store.getAttribute('aria-label'))!.replace(/^查看 (.+) 的岗位明细$/, '$1');
  await store.click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('columnheader', { name: '缺编率' })).toBeVisible();
  await expect(drawer.locator('.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/statistics-vacancy-drawer-zh-1366.png' });
});

test('a store manager’s workbench shows their store only', async ({ page, baseURL }) => {
  await open(page, '/dashboard/dashboard', 'manager');
  const authorization = `Bearer ${await tokenOf(page.context())}`;
  const answer = (await (
    await fetch(`${baseURL}/api/auth/home/index/workbench`, { headers: { authorization } })
  ).json()) as { data: { scope: { all: boolean; names: string[] }; people: { headcount: number } | null } };
  expect(answer.data.scope).toEqual({ all: false, names: [expect.any(String)] });
  const store = answer.data.scope.names[0]!;
  await expect(page.getByText(`数据范围：${store}`)).toBeVisible();
  await expect(page.getByText('全集团')).toHaveCount(0);
  await expect(page.getByRole('region', { name: '本店今日考勤' })).toBeVisible();
  // The headcount shown is the store's, far below the group's.
  const people = page.getByRole('region', { name: /^人力概况/ });
  await expect(
    people.getByText(String(answer.data.people!.headcount), { exact: true }).first(),
  ).toBeVisible();
  await screenshotWhole(page, 'test-results/screenshots/dashboard-manager-zh-1366.png');
});
