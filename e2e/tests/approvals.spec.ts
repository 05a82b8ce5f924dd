import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, signIn } from '../support/session';

/** antd puts a space between the two characters of a two-character CJK button label. */
const label = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/** Signs in outside the browser and answers the bearer header value. */
async function bearerOf(baseURL: string, username: string): Promise<string> {
  const login = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}`;
}

/** A person put on the prohibited list by `admin`, with a name and number of this run's own. */
async function listedPerson(baseURL: string) {
  const n = Date.now() % 100_000_000;
  const name = `解禁${[...String(n).slice(-3)].map((digit) => '零一二三四五六七八九'[Number(digit)]).join('')}`;
  const idNumber = `E${String(n).padStart(8, '0')}`;
  const response = await fetch(`${baseURL}/api/auth/prohibited/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: await bearerOf(baseURL, 'admin') },
    body: JSON.stringify({ name, id_number: idNumber, disable_reason: '伪造工作经历' }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
  return { name, idNumber };
}

/** The navbar's message link: its name carries the unread count (the tags view has a 消息通知 link too). */
const bell = (page: Page) => page.locator('a[aria-label^="消息通知"]');

test('admin asks to lift a ban, HR approves it from the to-do list, and admin reads the outcome', async ({
  newContext,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { name, idNumber } = await listedPerson(baseURL!);
  const title = `解除禁用：${name}`;

  // The administrator files the lifting on the prohibited list: the demo's dismissal flow asks HR.
  await page.goto('/login?redirect=%2Fstaff%2Fprohibited');
  await signIn(page);
  await page.getByLabel('姓名或手机号').fill(name);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const entry = page.locator('main .ant-table-row', { hasText: name });
  await expect(entry).toHaveCount(1);
  await entry.getByRole('button', { name: '解除' }).click();
  const dismiss = page.getByRole('dialog', { name: title });
  await dismiss.getByLabel('解除原因').fill('经核实为同名误录');
  await dismiss.getByRole('button', { name: /解\s?除|确\s?定/ }).click();
  await expect(page.getByText('解除申请已提交审批，审批通过后生效')).toBeVisible();

  // HR finds it in their to-do list and approves it.
  const hrContext = await newContext();
  const hr = await hrContext.newPage();
  await hr.goto('/login?redirect=%2Fapproval%2Ftodo');
  await signIn(hr, 'hr', DEMO_PASSWORD);
  await expect(hr).toHaveURL(/\/approval\/todo$/);
  const row = hr.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('禁止录用解除')).toBeVisible();
  await row.getByRole('button', { name: label('审批') }).click();
  const review = hr.getByRole('dialog', { name: '审批详情' });
  await expect(review.getByText(title).first()).toBeVisible();
  // What HR decides on, each under its label: the number masked, the source by its name.
  const facts = review.locator('section', { hasText: '申请内容' });
  const fact = (label: string) =>
    facts.locator('th', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');
  await expect(fact('姓名')).toHaveText(name);
  await expect(fact('证件号码')).toHaveText(`${idNumber.slice(0, 3)}***${idNumber.slice(-3)}`);
  await expect(fact('禁用原因')).toHaveText('伪造工作经历');
  await expect(fact('来源')).toHaveText('手动添加');
  await expect(fact('添加人')).not.toHaveText('');
  await expect(fact('解除原因')).toHaveText('经核实为同名误录');
  await expect(review.getByText(idNumber)).toHaveCount(0);
  await expect(review.getByText('manual')).toHaveCount(0);
  await hr.screenshot({ path: 'test-results/screenshots/approval-detail-zh-1366.png' });
  await review.getByRole('button', { name: label('通过') }).click();
  const decision = hr.getByRole('dialog', { name: '审批通过' });
  await decision.getByLabel('审批意见').fill('同意解除');
  await decision.getByRole('button', { name: label('通过') }).click();
  await expect(hr.getByText('已审批通过')).toBeVisible();
  await expect(hr.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  await hrContext.close();

  // The administrator's bell counts the outcome once they move on, and clears when it is read; the message
  // opens the entry, lifted now.
  await page.keyboard.press('Escape');
  await bell(page).click();
  await expect(page).toHaveURL(/\/dashboard\/newslist$/);
  await expect(bell(page)).toHaveAccessibleName('消息通知，1 条未读');
  const message = page.getByRole('button', { name: `审批通过：禁止录用解除：${title}` });
  await expect(message).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/newslist-zh-1366.png' });
  await message.click();
  await expect(page).toHaveURL(/\/staff\/prohibited\?id=\d+$/);
  const lifted = page.getByRole('dialog', { name: '禁用名单详情' });
  await expect(lifted.getByText('已解除').first()).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('消息通知');

  // The request itself reads as approved, with HR's comment.
  await page.goto('/approval/mine');
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: label('查看') })
    .click();
  const outcome = page.getByRole('dialog', { name: '审批详情' });
  await expect(outcome.getByText('已通过').first()).toBeVisible();
  await expect(outcome.getByText('同意解除').first()).toBeVisible();
});
