import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { testPagesFit } from '../support/fit';
import { DEMO_PASSWORD, signIn } from '../support/session';

/** antd puts a space between the two characters of a two-character CJK button label. */
const label = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/** The store the demo's store manager runs: the root of their department tree (their data scope). */
async function managersStore(baseURL: string): Promise<string> {
  const login = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: DEMO_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { access_token: string } };
  const tree = await fetch(`${baseURL}/api/auth/departments/my/tree`, {
    headers: { authorization: `Bearer ${data.access_token}` },
  });
  return ((await tree.json()) as { data: { name: string }[] }).data[0]!.name;
}

/** The navbar's message link: its name carries the unread count (the tags view has a 消息通知 link too). */
const bell = (page: Page) => page.locator('a[aria-label^="消息通知"]');

test('an HR user files a test request, the store manager approves it from the to-do list, and the HR user reads the outcome', async ({
  newContext,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const store = await managersStore(baseURL!);
  const title = `E2E 测试申请 ${Date.now() % 100000}`;

  // The HR user files the request for the manager's store.
  await page.goto('/login?redirect=%2Fapproval%2Fmine');
  await signIn(page, 'hr', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/approval\/mine$/);
  await page.getByRole('button', { name: '发起测试申请' }).click();
  const form = page.getByRole('dialog', { name: '发起测试申请' });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('部门').click();
  // Search once the tree has loaded: typed into an empty tree, the search opens no branch when it arrives.
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-tree-title').first()).toBeVisible();
  await page.keyboard.type(store);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: new RegExp(`^${store}$`) })
    .click();
  await form.getByLabel('金额').fill('100');
  await form.getByRole('button', { name: '提交审批' }).click();
  await expect(page.getByText('测试申请已提交审批')).toBeVisible();
  const detail = page.getByRole('dialog', { name: '审批详情' });
  await expect(detail.getByText('门店总经理审批').first()).toBeVisible();

  // The store manager finds it in their to-do list and approves it.
  const managerContext = await newContext();
  const manager = await managerContext.newPage();
  await manager.goto('/login?redirect=%2Fapproval%2Ftodo');
  await signIn(manager, 'manager', DEMO_PASSWORD);
  await expect(manager).toHaveURL(/\/approval\/todo$/);
  const row = manager.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('button', { name: label('审批') }).click();
  const review = manager.getByRole('dialog', { name: '审批详情' });
  await expect(review.getByText(title).first()).toBeVisible();
  await manager.screenshot({ path: 'test-results/screenshots/approval-detail-zh-1366.png' });
  await review.getByRole('button', { name: label('通过') }).click();
  const decision = manager.getByRole('dialog', { name: '审批通过' });
  await decision.getByLabel('审批意见').fill('同意入店');
  await decision.getByRole('button', { name: label('通过') }).click();
  await expect(manager.getByText('已审批通过')).toBeVisible();
  await expect(manager.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  await managerContext.close();

  // The HR user's bell counts the outcome once they move on, and clears when it is read.
  await page.keyboard.press('Escape');
  await bell(page).click();
  await expect(page).toHaveURL(/\/dashboard\/newslist$/);
  await expect(bell(page)).toHaveAccessibleName('消息通知，1 条未读');
  const message = page.getByRole('button', { name: `审批通过：测试申请：${title}` });
  await expect(message).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/newslist-zh-1366.png' });
  await message.click();
  await expect(page).toHaveURL(/\/approval\/mine\?instance=\d+$/);
  const outcome = page.getByRole('dialog', { name: '审批详情' });
  await expect(outcome.getByText('已通过').first()).toBeVisible();
  await expect(outcome.getByText('同意入店').first()).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('消息通知');
});

testPagesFit('approval', [
  { path: '/approval/todo', title: '待我审批' },
  { path: '/approval/done', title: '我已审批' },
  { path: '/approval/mine', title: '我发起的' },
  { path: '/approval/flows', title: '审批流程设置' },
  { path: '/dashboard/newslist', title: '消息通知' },
]);
