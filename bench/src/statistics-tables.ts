import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium';

declare global {
  interface Window {
    /** performance.now() of the first frame that showed the awaited rows (set by the init script below). */
    __rowsPaintedAt?: number;
    /** performance.now() of the last click. */
    __clickedAt?: number;
  }
}

/** What a table of the whole group costs the browser once shown. */
export interface TableShown {
  /** From the click (or the navigation) to the first frame showing the awaited rows. */
  fromStart: number;
  /** The answer's request, from its start to the end of its answer. */
  answerTook: number;
  /** Its size, as sent (compressed). */
  answerBytes: number;
  /** From the end of that answer to that frame: the client's own share. */
  fromResponse: number;
  /** The table's rows the document holds, and all its elements, once shown. */
  rowsInDocument: number;
  elements: number;
}

export interface TurnoverTable extends TableShown {
  /** From the click on the other turnover form to the end of the frame that shows it. */
  formSwitch: number;
}

/**
 * The turnover page grouped by store over the whole group, the year to date by month (a row per store and
 * month), in Chromium at 1366 px, signed in by the Token cookie: how long the grouped table takes to show
 * after 按门店 is chosen, what it leaves in the document, and how long switching the turnover form then takes.
 */
export async function measureTurnoverTable(
  baseUrl: string,
  token: string,
  runs: number,
): Promise<TurnoverTable[]> {
  // A group's row is keyed `period|group`; a period's total by its period alone.
  return eachFreshPage(baseUrl, token, runs, 'main [data-row-key*="|"]', async (page) => {
    await page.goto(`${baseUrl}/statistics/turnover`);
    await page.locator('main .ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByRole('combobox', { name: '分组维度' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '按门店' }).click();
    const shown = await shownOf(page, 'dimension=store', 'click');
    return { ...shown, formSwitch: await switchForm(page) };
  });
}

/**
 * The vacancy page's grid of the whole group (a row per store), from the navigation to the first frame
 * showing a store's row (its name opens the store's posts).
 */
export async function measureVacancyGrid(
  baseUrl: string,
  token: string,
  runs: number,
): Promise<TableShown[]> {
  return eachFreshPage(
    baseUrl,
    token,
    runs,
    'main .ant-table-row button[aria-label$="的岗位明细"]',
    async (page) => {
      await page.goto(`${baseUrl}/statistics/vacancy`);
      return shownOf(page, 'statistic/vacancy', 'navigation');
    },
  );
}

/**
 * Runs `measure` `runs` times, each on a fresh page (an empty cache) at 1366 x 768 in Chinese: a
 * MutationObserver notes the first element matching `rows`, the next animation frame is its paint.
 */
async function eachFreshPage<T>(
  baseUrl: string,
  token: string,
  runs: number,
  rows: string,
  measure: (page: Page) => Promise<T>,
): Promise<T[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results: T[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context: BrowserContext = await browser.newContext({
        viewport: { width: 1366, height: 768 },
        locale: 'zh-CN',
      });
      await context.addCookies([{ name: 'Token', value: token, url: baseUrl }]);
      await context.addInitScript((selector) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            window.__rowsPaintedAt = performance.now();
          });
        });
        observer.observe(document, { childList: true, subtree: true });
        document.addEventListener('click', () => (window.__clickedAt = performance.now()), true);
      }, rows);
      results.push(await measure(await context.newPage()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** Once the rows are painted: the figures of `TableShown`, for the answer whose address holds `answerOf`. */
async function shownOf(page: Page, answerOf: string, from: 'click' | 'navigation'): Promise<TableShown> {
  await page.waitForFunction(() => window.__rowsPaintedAt !== undefined, null, { timeout: 60_000 });
  return page.evaluate(
    ({ answerOf, from }) => {
      const paintedAt = window.__rowsPaintedAt ?? Number.NaN;
      const answer = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes(answerOf)) as PerformanceResourceTiming | undefined;
      return {
        fromStart: paintedAt - (from === 'click' ? (window.__clickedAt ?? Number.NaN) : 0),
        answerTook: (answer?.responseEnd ?? Number.NaN) - (answer?.startTime ?? Number.NaN),
        answerBytes: answer?.encodedBodySize ?? Number.NaN,
        fromResponse: paintedAt - (answer?.responseEnd ?? Number.NaN),
        rowsInDocument: document.querySelectorAll('main .ant-table-row').length,
        elements: document.getElementsByTagName('*').length,
      };
    },
    { answerOf, from },
  );
}

/** Clicks 平均人数口径 in the page itself; the frame after the click's render has been laid out and painted. */
async function switchForm(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const item = Array.from(document.querySelectorAll<HTMLElement>('main .ant-segmented-item')).find(
      (each) => each.textContent === '平均人数口径',
    );
    if (!item) throw new Error('no 平均人数口径 on the page');
    const started = performance.now();
    item.click();
    // The second frame's callback runs once the first frame (the click's render) has been painted.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - started;
  });
}
