import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { mainlandIdCheckDigit } from '../../packages/shared/src/id-number';
import { dayAfter, lastDayOfYears, serverToday } from '../support/days';
import { expectFits } from '../support/fit';
import { choose } from '../support/select';
import { DEMO_PASSWORD, signIn, tokenOf } from '../support/session';

// The smallest real PNG: the server reads its first bytes, not its name.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const STORE = '上海浦东宝马4S店';
const INITIAL_PASSWORD = 'Welcome2026';

/** A valid mainland ID number born on `day` (YYYYMMDD), new on every run. */
function mainlandId(day: string, sequence: number): string {
  const first17 = `310115${day}${String(sequence % 1000).padStart(3, '0')}`;
  return `${first17}${mainlandIdCheckDigit(first17)}`;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

/** Fills an antd date picker by typing the day. */
async function fillDay(page: Page, label: string, day: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
}

test('HR hires a clean person through the steps and the store manager’s approval; a listed one is refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now() % 1_000_000;
  const listedId = mainlandId('19900101', run);
  const cleanId = mainlandId('19950615', run + 1);
  const phone = `139${String(run).padStart(8, '0')}`;
  const name = '周新员';

  await page.goto('/login?redirect=%2Fstaff%2Fonboarding');
  await signIn(page, 'hr', DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: '新增入职' })).toBeVisible();
  // The person on the prohibited list, added the way the list's own page adds them.
  const listed = await page.request.post('/api/auth/prohibited/store', {
    headers: { authorization: `Bearer ${await tokenOf(page.context())}` },
    data: { name: '吴禁用', id_number: listedId, disable_reason: '伪造学历证书' },
  });
  expect((await listed.json()).code).toBe(200);

  await page.getByRole('button', { name: '新增入职' }).click();
  const dialog = page.getByRole('dialog', { name: '新增入职' });
  await dialog.getByLabel('姓名').fill('吴禁用');
  await dialog.getByLabel('手机号码').fill(phone);
  await dialog.getByLabel('证件号码').fill(listedId);
  await dialog.getByLabel('入职门店').fill('浦东宝马');
  await choose(page, dialog.getByLabel('入职门店'), STORE);
  await choose(page, dialog.getByLabel('入职岗位'), '销售顾问');
  await dialog.getByRole('button', { name: '发起入职' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('该人员在禁用名单中，不能办理入职：伪造学历证书');

  // A clean person: the entry opens on its first step.
  await dialog.getByLabel('姓名').fill(name);
  await dialog.getByLabel('证件号码').fill(cleanId);
  await dialog.getByRole('button', { name: '发起入职' }).click();
  await expect(page).toHaveURL(/\/managingpeople\/enrollmententry\?id=\d+/);

  // Step 1, personal data; the mainland number already says the birth date.
  await expect(page.getByLabel('出生日期')).toHaveValue('1995-06-15');
  await page.getByLabel('男').check();
  await page.getByLabel('邮箱').fill('zhouxinyuan@example.com');
  await page.getByLabel('身高').fill('176');
  await choose(page, page.getByLabel('民族'), '汉族');
  await choose(page, page.getByLabel('婚姻状况'), '未婚');
  await choose(page, page.getByLabel('学历'), '本科');
  await page.getByLabel('院校').fill('上海交通大学');
  await choose(page, page.getByLabel('区域'), '华东区');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  // Step 2, the documents: the ID card's two sides.
  for (const side of ['身份证人像面', '身份证国徽面']) {
    const slot = page.locator('.ant-form-item', { hasText: side });
    await slot
      .locator('input[type=file]')
      .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PHOTO });
    await expect(slot.locator('img')).toBeVisible();
  }
  await page.getByRole('button', { name: '保存' }).click();

  // Step 3, post and contract: typed, then the browser reloads before it is saved.
  // Days to come, whatever the day of the run: a hire's first day is ahead of the approval.
  const entryDay = dayAfter(await serverToday(page.request), 3);
  const contractEnd = lastDayOfYears(entryDay, 3);
  await fillDay(page, '入职日期', entryDay);
  await choose(page, page.getByLabel('员工类型'), '全职');
  await page.getByLabel('试用期（月）').fill('3');
  await fillDay(page, '合同开始日期', entryDay);
  // The draft that holds the end date: a save of an earlier field may still be on its way.
  const drafted = page.waitForResponse(
    (response) =>
      response.url().includes('/api/auth/draft/store') &&
      (response.request().postData() ?? '').includes(contractEnd),
  );
  await fillDay(page, '合同结束日期', contractEnd);
  await drafted;
  await page.reload();
  await page.getByText('岗位与合同').first().click();
  await expect(page.getByText('已恢复未保存的草稿')).toBeVisible();
  await expect(page.getByLabel('合同结束日期', { exact: true })).toHaveValue(contractEnd);
  await expect(page.getByLabel('入职日期', { exact: true })).toHaveValue(entryDay);
  await page.getByLabel('初始密码').fill(INITIAL_PASSWORD);
  await page.getByRole('button', { name: '提交审批' }).click();
  await expect(page.getByText('已提交审批').first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, 'managingpeople-enrollmententry');
  await page.setViewportSize({ width: 1366, height: 768 });

  // The store's general manager approves.
  await signOut(page);
  await page.goto('/login?redirect=%2Fprocessapproval%2Finductionfirst');
  await signIn(page, 'manager', DEMO_PASSWORD);
  const row = page.locator('main .ant-table-row', { hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '审批' }).click();
  await expect(page.getByText('上海交通大学')).toBeVisible();
  await expect(page.locator('main img').first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, 'processapproval-inductionfirst-detail');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: '通过' }).click();
  const decision = page.getByRole('dialog');
  await decision.getByRole('button', { name: /通\s?过|确\s?定/ }).click();
  await expect(page.getByText('已入职').first()).toBeVisible();

  // The new employee is in the directory and signs in with the initial password.
  await page.goto('/staff/list');
  await page.getByLabel('姓名、拼音或工号').fill(name);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.locator('main .ant-table-row', { hasText: name })).toHaveCount(1);

  await signOut(page);
  await page.goto('/login');
  await signIn(page, phone, INITIAL_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await expect(page.getByText(name).first()).toBeVisible();
});
