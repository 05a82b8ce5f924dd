import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * Opens `path` the way the app's own links and menu do: a new history entry that the router follows, with no
 * page load. A walk over many pages signs in once and goes on like this: loading a page anew is a page close
 * to the server (see session.spec.ts), so each load needed a fresh sign-in, and the load, the sign-in and the
 * app's start took most of each page's time. Each page's own load is still covered by the tests that open it
 * from an address (the accessibility walk, the flows).
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until nothing the reader sees has spun for a while: the route changes in the page, so the document's
 * network-idle state says nothing about the lazy page and its lists, which may not have asked yet. Only what
 * shows counts: a page kept in its tab (hidden) keeps whatever it showed when the reader left it.
 */
export async function settled(page: Page): Promise<void> {
  let quietSince = 0;
  await expect
    .poll(
      async () => {
        if ((await page.locator('main .ant-spin-spinning:visible, main .ant-skeleton:visible').count()) > 0)
          quietSince = 0;
        else quietSince ||= Date.now();
        return quietSince > 0 && Date.now() - quietSince >= 600;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(true);
}

/**
 * Closes the tabs of the pages left, as their reader would: a page kept in its tab stays in the document,
 * hidden, and axe reads the whole document (4 s a pass on one page, 18 s after forty kept ones).
 */
export async function closeTabsLeft(page: Page): Promise<void> {
  const stale = page.locator('nav li[data-active="false"] > button');
  while ((await stale.count()) > 0) await stale.first().click();
}
