import { test as base, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Every browser test runs through this `test`: each page it opens, in its own context or in one made with
 * `newContext`, is watched for content security policy violations, and a test that caused any fails. So the
 * policy the server sends is proven against everything the suite does (docs/decisions.md "Compression and
 * security headers").
 */
export const test = base.extend<{
  cspViolations: string[];
  /** Another browser (a second user), watched like the test's own, closed after the test. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await watch(context, violations);
      await use(violations);
      test.expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
  newContext: async ({ browser, baseURL, cspViolations }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext({ baseURL, ...options });
      await watch(context, cspViolations);
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});

/** Violations reach the test twice over: Chromium's console report, and the page's own event. */
async function watch(context: BrowserContext, violations: string[]) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} blocked ` +
          `${event.blockedURI || 'inline code'} in ${event.documentURI}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
}
