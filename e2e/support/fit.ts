import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { goInApp, settled } from './in-app';
import { signIn } from './session';

export interface FittedPage {
  path: string;
  title: string;
  /** What shows the page has rendered its content (a table, or a list's cards on a phone, by default). */
  ready?: string;
}

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/**
 * A screenshot of the whole page, taken through a viewport as tall as the page rather than `fullPage`:
 * Chromium's full-page capture first shrinks the window to 1 x 1 px, which the app takes for a phone, and
 * closes its sidebar for the rest of the session.
 */
export async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path });
  if (height > viewport.height) await page.setViewportSize(viewport);
}

/** The page as shown does not scroll sideways (wide tables scroll inside themselves); a screenshot is kept. */
export async function expectFits(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  // Right after a resize the layout is still the old one until the app has seen the new width (the sidebar
  // turns into a drawer): polled, so that what is measured is the page as a phone shows it.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: name })
    .toBeLessThanOrEqual(width);
  // A card's title is read whole: a toolbar beside it must not squeeze it to "离.." or to nothing.
  const cutTitles = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main .ant-card-head-title'))
      .filter((title) => title.offsetParent !== null && title.scrollWidth > title.clientWidth + 1)
      .map((title) => title.textContent),
  );
  expect(cutTitles, name).toEqual([]);
  await screenshotWhole(page, `test-results/screenshots/${name}-zh-${width}.png`);
}

/**
 * One test per viewport: each page renders there without scrolling the page sideways; screenshots kept. The
 * first page is opened from its address with a sign-in, the others the way the menu opens them.
 */
export function testPagesFit(area: string, pages: FittedPage[]): void {
  for (const viewport of VIEWPORTS) {
    test(`the ${area} pages fit a ${viewport.width} px wide screen`, async ({ page }) => {
      // A page change, a settle and a full-page screenshot per page: the time allowed grows with the pages.
      test.setTimeout(20_000 + 10_000 * pages.length);
      await page.setViewportSize(viewport);
      for (const [
        index,
        { path, title, ready = 'main .ant-table, main [data-list-table]' },
      ] of pages.entries()) {
        if (index === 0) {
          await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
          await signIn(page);
        } else {
          await goInApp(page, path);
        }
        await expect(page).toHaveTitle(new RegExp(`^${title}`));
        // A page kept in its tab is hidden, not gone: what is looked at is the page showing.
        await expect(page.locator(ready).filter({ visible: true }).first()).toBeVisible();
        await settled(page);
        await expectFits(page, path.slice(1).replace('/', '-'));
      }
    });
  }
}
