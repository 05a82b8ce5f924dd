import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium';

declare global {
  interface Window {
    /** performance.now() of the first frame that showed the awaited element (set by the init script below). */
    __workbenchPaintedAt?: number;
  }
}

/**
 * What the workbench's first paint waits for: the first element matching `selector` whose text holds `text`.
 * By default the title of the headcount card ('在职人数'), which appears only with the workbench's answer;
 * adjust with BENCH_WORKBENCH_SELECTOR / BENCH_WORKBENCH_TEXT when the page changes.
 */
export const workbenchTarget = {
  selector: process.env.BENCH_WORKBENCH_SELECTOR ?? 'main .ant-statistic-title',
  text: process.env.BENCH_WORKBENCH_TEXT ?? '在职人数',
};

export type WorkbenchPaint =
  | {
      ready: true;
      /** From the start of the navigation to the first frame showing the awaited element (a cold page). */
      fromNavigation: number;
      /** From the start of the navigation to the start of the workbench's API request (the app's boot). */
      requestedAt: number;
      /** The workbench's API request, from its start to the end of its answer. */
      answerTook: number;
      /** From the end of that answer to the frame: the client's own share. */
      fromResponse: number;
    }
  | { ready: false; shown: string };

/**
 * Opens `/dashboard/dashboard` in Chromium, signed in by the Token cookie, `runs` times on a fresh context (empty
 * cache, the first visit of a session): a MutationObserver notes the awaited element, the next animation frame
 * is its paint; resource timing says when the workbench's answer had arrived. When the element does not come
 * within 20 s, answers what the page's main area shows instead (e.g. a placeholder card).
 */
export async function measureWorkbenchPaint(
  baseUrl: string,
  token: string,
  runs: number,
): Promise<WorkbenchPaint[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results: WorkbenchPaint[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
      await context.addCookies([{ name: 'Token', value: token, url: baseUrl }]);
      await context.addInitScript(({ selector, text }) => {
        const observer = new MutationObserver(() => {
          const found = Array.from(document.querySelectorAll(selector)).some((element) =>
            element.textContent?.includes(text),
          );
          if (!found) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            window.__workbenchPaintedAt = performance.now();
          });
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      }, workbenchTarget);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/dashboard/dashboard`);
      try {
        await page.waitForFunction(() => window.__workbenchPaintedAt !== undefined, null, {
          timeout: 20_000,
        });
      } catch {
        const shown = await page.evaluate(
          () => document.querySelector('main')?.textContent?.slice(0, 300) ?? '(no main element)',
        );
        results.push({ ready: false, shown });
        await context.close();
        break;
      }
      results.push(
        await page.evaluate(() => {
          const paintedAt = window.__workbenchPaintedAt ?? Number.NaN;
          const answer = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.includes('/api/auth/home/index/workbench')) as
            PerformanceResourceTiming | undefined;
          return {
            ready: true as const,
            fromNavigation: paintedAt,
            requestedAt: answer?.startTime ?? Number.NaN,
            answerTook: (answer?.responseEnd ?? Number.NaN) - (answer?.startTime ?? Number.NaN),
            fromResponse: paintedAt - (answer?.responseEnd ?? Number.NaN),
          };
        }),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
