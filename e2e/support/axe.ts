import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const options: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // The app's only frame is the work-messaging platform's QR code on the sign-in page: its content is theirs.
  iframes: false,
  // Only what is reported: the passes would be worked out and sent back for nothing.
  resultTypes: ['violations'],
};

/**
 * axe-core over the page as shown: its serious and critical violations of WCAG 2 A/AA, three nodes each.
 * axe is put into the document once and run there: a walk over many pages stays in one document. (The
 * Playwright wrapper injects it into every frame and finishes each run in a new blank page: 1.3-1.8 s a
 * page against 0.3-0.6 s.)
 */
export async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
    };
    const { violations } = await axe.run(document, runOptions);
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      }));
  }, options);
}

export type Violation = Awaited<ReturnType<typeof seriousViolations>>[number];

/** A walk's record: the page's serious violations filed under `path`, when it has any. */
export async function fileViolations(page: Page, path: string, found: Record<string, Violation[]>) {
  const violations = await seriousViolations(page);
  if (violations.length > 0) found[path] = violations;
}
