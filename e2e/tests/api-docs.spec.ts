import { expect, test } from '../support/test';

test('the API documentation renders under the content security policy and tries a route', async ({
  page,
}) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Dealer HR API/ })).toBeVisible();
  const health = page.locator('.opblock', { hasText: '/api/health' }).first();
  await health.locator('.opblock-summary').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await expect(health.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await page.screenshot({ path: 'test-results/screenshots/api-docs-1366.png' });
});
