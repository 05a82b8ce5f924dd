import type { Page } from '@playwright/test';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

async function signInTo(page: Page, username: string, path: string) {
  await page.context().clearCookies();
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, username);
}

test('the store manager evaluates their trainee’s current rotation stage', async ({ page }) => {
  await signInTo(page, 'manager', '/staff/rotation');
  const plan = page.locator('main .ant-table-row', { hasText: '新员工岗位轮训' });
  await expect(plan.getByRole('progressbar', { name: '进度' })).toBeVisible();
  await plan.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: '轮岗计划' });
  await expect(drawer).toContainText('评分 86');
  // Whichever stage the calendar has reached (the demo's days run on with the real date), evaluated for the
  // first time or again on a second run.
  const current = drawer.locator('.ant-timeline-item', { hasText: '进行中' });
  await current.getByRole('button', { name: /评\s?价/ }).click();
  const dialog = page.getByRole('dialog', { name: /^评价第 \d 阶段$/ });
  await dialog.getByLabel('评分').fill('91');
  await dialog.getByLabel('评语').fill('能独立完成接车与维修建议');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(current).toContainText('评分 91：能独立完成接车与维修建议');
});

test('the store manager opens the dispatch coming to their store and goes to decide on it', async ({
  page,
}) => {
  await signInTo(page, 'manager', '/staff/dispatch');
  const coming = page.locator('main .ant-table-row', { hasText: '审批中' });
  await coming.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: '外派详情' });
  await expect(drawer).toContainText('本店服务顾问休产假，借调顶岗');
  await drawer.getByRole('button', { name: '去审批' }).click();
  await expect(page).toHaveURL(/\/approval\/todo\?instance=\d+/);
  await expect(page.getByRole('dialog')).toContainText('外派岗位');
});
