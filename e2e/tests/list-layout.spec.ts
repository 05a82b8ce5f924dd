import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { MenuNode } from '../../packages/shared/src/api-types';
import { MenuType } from '../../packages/shared/src/dictionary-types';
import { fileViolations, type Violation } from '../support/axe';
import { expectFits } from '../support/fit';
import { closeTabsLeft, goInApp, settled } from '../support/in-app';
import { choose } from '../support/select';
import { openSignedIn, signIn, tokenOf, type SignInLanguage } from '../support/session';
import { expect, test } from '../support/test';

// docs/web.md "Lists": at 1366 x 768 with the sidebar open, every column a list shows is readable without
// scrolling sideways and no cell hides under a fixed column; on a phone the lists are cards and their
// filters fold behind one 筛选 button. Every page of the menu fits both screens without scrolling sideways
// (screenshots kept) and has no serious accessibility violation: the walks are generated from the admin's
// menu, so a new page is looked at without anyone listing it.

/** The paths the web app has a page for: the keys of its page registry (docs/web.md "Dynamic menu routes"). */
const registryPaths = new Set(
  [
    ...readFileSync(
      new URL('../../apps/web/src/app/routes/page-registry.ts', import.meta.url),
      'utf8',
    ).matchAll(/^ {2}'(\/[^']+)': page\(/gm),
  ].map((match) => match[1]!),
);

/**
 * The built pages of the admin's menu (the admin holds every page), in menu order. The demo has nobody on
 * the prohibited list: one entry is added so that its rows are looked at too.
 */
async function menuPages(page: Page): Promise<{ path: string }[]> {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard\//);
  const headers = { authorization: `Bearer ${await tokenOf(page.context())}` };
  const listed = await page.request.post('/api/auth/prohibited/store', {
    headers,
    data: {
      name: '版式核对',
      id_number: `11010519850${String(Date.now() % 1_000_000).padStart(6, '0')}X`,
      phone: '13900001234',
      disable_reason: '入职材料与档案记录不符，经人事部门核实后列入禁用名单',
    },
  });
  expect(((await listed.json()) as { code: number }).code).toBe(200);
  const answer = await page.request.get('/api/auth/menus/tree', { headers });
  const tree = ((await answer.json()) as { data: MenuNode[] }).data;
  const pages: { path: string }[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.type_id === MenuType.PAGE && registryPaths.has(node.path)) pages.push({ path: node.path });
      walk(node.children);
    }
  };
  walk(tree);
  return pages;
}

/** Opens `path` in `language` as the admin, once its lists have their rows. */
async function open(page: Page, path: string, language: SignInLanguage = 'zh') {
  await openSignedIn(page, path, { language });
  await settled(page);
}

/** Opens `path` the way the menu does, once it has replaced the page before and its lists have their rows. */
async function openInApp(page: Page, path: string) {
  const before = await page.title();
  await goInApp(page, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page).not.toHaveTitle(before);
  await settled(page);
}

/**
 * The page as shown does not scroll sideways, its charts drawn (ECharts loads with the first chart), and a
 * screenshot of it is kept: `expectFits`, for a page the walk has opened.
 */
async function expectPageFits(page: Page, path: string) {
  await expect(page.locator('main div[role="img"]:visible:not(:has(svg))')).toHaveCount(0);
  await expectFits(page, path.slice(1).replaceAll('/', '-'));
}

interface Layout {
  /** Lists of the kit on the page. */
  lists: number;
  /** What a reader could not read: clipped headers, cells under a fixed column, lists scrolling sideways. */
  problems: string[];
}

/** What of the page's tables a reader at this width cannot read as it stands. */
function layoutOf(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const text = (cell: Element) => (cell.textContent ?? '').trim().slice(0, 30) || '(empty)';
    const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const all = (root: ParentNode, selector: string) =>
      Array.from(root.querySelectorAll<HTMLElement>(selector));
    const tables = all(document, 'main .ant-table-wrapper').filter((table) => table.offsetParent !== null);
    for (const table of tables) {
      // Text wider than its cell: cut off, or running into the next column. (The text's box, not the
      // cell's scroll width: a fixed cell's shadow overflows it by design.) A body cell that ends its text
      // with an ellipsis does so by design, its whole text a hover away; an empty list's note spans them all.
      // A virtual table (the headcount grid) lays its body out in rows of divs.
      for (const cell of all(
        table,
        'thead th, tbody tr:not(.ant-table-placeholder) > td:not(.ant-table-cell-ellipsis), ' +
          '.ant-table-tbody-virtual .ant-table-row > .ant-table-cell:not(.ant-table-cell-ellipsis)',
      )) {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const words = range.getBoundingClientRect();
        const box = cell.getBoundingClientRect();
        const style = getComputedStyle(cell);
        const left = box.left + parseFloat(style.paddingLeft);
        const right = box.right - parseFloat(style.paddingRight);
        if (words.width > 0 && (words.left < left - 1 || words.right > right + 1))
          problems.push(`"${text(cell)}" is cut (${Math.round(words.width)} > ${Math.round(right - left)})`);
      }
      // A row's cells under one of its fixed cells (a fixed column's cells stick over the others).
      for (const row of all(table, 'thead tr, tbody tr, .ant-table-tbody-virtual .ant-table-row')) {
        const cells = all(row, ':scope > th, :scope > td, :scope > .ant-table-cell');
        const fixed = cells.filter((cell) => cell.classList.contains('ant-table-cell-fix'));
        for (const cell of cells) {
          if (fixed.includes(cell)) continue;
          const box = cell.getBoundingClientRect();
          const under = fixed.find((pinned) => overlap(box, pinned.getBoundingClientRect()) > 1);
          if (under) problems.push(`"${text(cell)}" is under the fixed "${text(under)}"`);
        }
      }
    }
    const lists = all(document, 'main [data-list-table="table"]').filter(
      (list) => list.offsetParent !== null,
    );
    for (const list of lists) {
      for (const region of all(list, '.ant-table-content, .ant-table-body')) {
        if (region.scrollWidth > region.clientWidth + 1)
          problems.push(`the list scrolls sideways (${region.scrollWidth} > ${region.clientWidth})`);
      }
    }
    return { lists: lists.length, problems };
  });
}

for (const language of ['zh', 'en'] as const) {
  const title =
    `every list page shows its columns whole at 1366 x 768 in ${language}, none under a fixed column` +
    (language === 'zh' ? '; every page fits and has no serious accessibility violation' : '');
  test(title, async ({ page }) => {
    const pages = await menuPages(page);
    // A page change and a settle per page, about 3 s alone and twice that beside the PostgreSQL suite, and in
    // Chinese a screenshot and an axe pass: the time allowed grows with the menu.
    test.setTimeout(30_000 + 15_000 * pages.length);
    const found: Record<string, string[]> = {};
    const inaccessible: Record<string, Violation[]> = {};
    const lists: string[] = [];
    for (const [index, { path }] of pages.entries()) {
      // The first page from its address with a sign-in in the language, the others as the menu opens them.
      if (index === 0) await open(page, path, language);
      else await openInApp(page, path);
      await closeTabsLeft(page);
      // The sidebar is open, as it starts: the lists have what is left of the 1366 px.
      expect((await page.locator('.ant-layout-sider').first().boundingBox())!.width).toBeGreaterThanOrEqual(
        200,
      );
      const layout = await layoutOf(page);
      if (layout.lists > 0) lists.push(path);
      if (layout.problems.length > 0) found[path] = layout.problems;
      if (language === 'zh') {
        await expectPageFits(page, path);
        await fileViolations(page, path, inaccessible);
      }
    }
    expect(found).toEqual({});
    expect(inaccessible).toEqual({});
    // The menu's list pages were found and checked, the roster among them.
    expect(lists).toContain('/staff/list');
  });
}

// A phone lays the pages out apart (lists as cards, filters in a drawer, the sidebar as a drawer), so axe reads
// them again there.
test('every page of the menu fits a 390 px wide phone, with no serious accessibility violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const pages = await menuPages(page);
  test.setTimeout(30_000 + 15_000 * pages.length);
  const inaccessible: Record<string, Violation[]> = {};
  for (const [index, { path }] of pages.entries()) {
    if (index === 0) await open(page, path);
    else await openInApp(page, path);
    await closeTabsLeft(page);
    await expectPageFits(page, path);
    await fileViolations(page, path, inaccessible);
  }
  expect(inaccessible).toEqual({});
  expect(pages.map(({ path }) => path)).toContain('/attendance/clock');
});

test('on a phone the roster is cards, and its filters fold behind 筛选 with their count', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/staff/list');
  const main = page.locator('main');
  const cards = main.locator('[data-list-table="cards"] [role="listitem"]');
  await expect(cards.first()).toBeVisible();
  await expect(main.locator('.ant-table')).toHaveCount(0);
  // A card: the name, the fields that matter, the row's actions.
  await expect(cards.first().getByRole('button', { name: '详情' })).toBeVisible();
  await expect(cards.first().getByText('手机号码')).toBeVisible();
  // No filter field on the page itself: one button.
  await expect(main.getByRole('textbox')).toHaveCount(0);
  const filters = main.getByRole('button', { name: /^筛选/ });
  await expect(filters).toHaveAccessibleName('筛选');
  await expectFits(page, 'staff-list-cards');

  await filters.click();
  const drawer = page.getByRole('dialog', { name: '筛选' });
  await expect(drawer).toBeVisible();
  await choose(page, drawer.getByLabel('状态'), '正式');
  const listed = page.waitForResponse((response) => response.url().includes('/api/auth/user/index'));
  await drawer.getByRole('button', { name: '搜索' }).click();
  await expect(drawer).toBeHidden();
  expect(new URL((await listed).url()).searchParams.get('status')).toBe('regular');
  await expect(filters).toHaveAccessibleName('筛选（已设 1 项）');
  await expect(main.locator('.ant-badge-count')).toHaveText('1');
  await expect(cards.first()).toBeVisible();
});
