import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core over the page as shown: its serious and critical violations of WCAG 2 A/AA, three nodes each. */
export async function seriousViolations(page: Page) {
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

/**
 * Closes the tabs of the pages left, as their reader would: a page kept in its tab stays in the document,
 * hidden, and axe reads the whole document (4 s a pass on one page, 18 s after forty kept ones).
 */
export async function closeTabsLeft(page: Page): Promise<void> {
  const stale = page.locator('nav li[data-active="false"] > button');
  while ((await stale.count()) > 0) await stale.first().click();
}
