import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium';

declare global {
  interface Window {
    /** performance.now() of the first frame that showed a node title (set by the init script below). */
    __treePaintedAt?: number;
    /** performance.now() of the last click (the sidebar item that opened the page). */
    __clickedAt?: number;
  }
}

export interface TreePaint {
  /** From the start of the navigation to the first frame showing the tree (a cold start of the app). */
  fromNavigation: number;
  /** From the click on the sidebar item to that frame, the app already loaded: how the page is opened daily. */
  fromMenuClick: number;
  /** From that click to the start of the tree's API request. */
  requestFromMenuClick: number;
  /** From the end of the tree's API response to that frame: the client's own share. */
  fromResponse: number;
  /** The tree's API request, from its start to the end of its answer (cold page). */
  answerTook: number;
}

/**
 * Opens the department page in the real browser, signed in by the Token cookie, and measures when the
 * first tree node reaches the screen: a MutationObserver notes the node, the next animation frame is the
 * paint; resource timing says when the tree's answer (`GET departments/tree`) had arrived. Each run is a
 * fresh page with an empty cache, the first visit of a session; then a second page of the same session opens
 * the department page from the sidebar.
 */
export async function measureTreePaint(baseUrl: string, token: string, runs: number): Promise<TreePaint[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results: TreePaint[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
      await context.addCookies([{ name: 'Token', value: token, url: baseUrl }]);
      await context.addInitScript(() => {
        const observer = new MutationObserver(() => {
          // A title, not a tree node: rc-tree renders a hidden, empty node to measure row height before any data.
          if (!document.querySelector('.ant-tree-title')) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            window.__treePaintedAt = performance.now();
          });
        });
        observer.observe(document, { childList: true, subtree: true });
        document.addEventListener('click', () => (window.__clickedAt = performance.now()), true);
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/organization/departments`);
      const cold = await paintOf(page);

      // The same in a running app: a fresh page on the dashboard, then the sidebar to the department page.
      const warm = await context.newPage();
      await warm.goto(`${baseUrl}/dashboard/dashboard`);
      await warm.waitForLoadState('networkidle');
      const nav = warm.getByRole('menu', { name: '主菜单' });
      await nav.getByText('组织管理', { exact: true }).click();
      await nav.getByText('部门管理', { exact: true }).click();
      const opened = await paintOf(warm);
      results.push({
        fromNavigation: cold.paintedAt,
        fromResponse: cold.fromResponse,
        answerTook: cold.answerTook,
        fromMenuClick: opened.fromClick,
        requestFromMenuClick: opened.requestFromClick,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function paintOf(page: Page) {
  await page.waitForFunction(() => window.__treePaintedAt !== undefined, null, { timeout: 30_000 });
  return page.evaluate(() => {
    const paintedAt = window.__treePaintedAt ?? Number.NaN;
    // Resource timing: when the first answer of the tree's API had fully arrived.
    const answer = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.includes('/api/auth/departments/tree')) as
      PerformanceResourceTiming | undefined;
    return {
      paintedAt,
      fromResponse: paintedAt - (answer?.responseEnd ?? Number.NaN),
      answerTook: (answer?.responseEnd ?? Number.NaN) - (answer?.startTime ?? Number.NaN),
      fromClick: paintedAt - (window.__clickedAt ?? Number.NaN),
      requestFromClick: (answer?.startTime ?? Number.NaN) - (window.__clickedAt ?? Number.NaN),
    };
  });
}
