import { signIn } from '../support/session';
import { expect, test } from '../support/test';

test('HR completes an approved resignation, and the person is shown as left', async ({ page }) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/staff/resignation')}`);
  await signIn(page, 'hr');
  // One whose customers need no handover: another test's leaver may still be waiting on theirs.
  const ready = page
    .locator('main .ant-table-row', { hasText: '待离职' })
    .filter({ hasNot: page.getByRole('link', { name: '交接' }) })
    .first();
  const name = (await ready.locator('td').first().locator('span').first().textContent())!;
  await ready.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: '离职详情' });
  await drawer.getByRole('button', { name: '办理离职' }).click();
  const dialog = page.getByRole('dialog', { name: '确认办理离职' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: '办理离职' }).click();
  await expect(dialog).toBeHidden();
  // The demo's last working day has passed: it completes at once.
  await expect(drawer).toContainText('已离职');
  await page.keyboard.press('Escape');
  await expect(page.locator('main .ant-table-row', { hasText: name })).toContainText('已离职');
});
