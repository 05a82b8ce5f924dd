import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('HR finds a person in the roster, opens their profile and reveals the ID number', async ({ page }) => {
  await page.goto('/login?redirect=%2Fstaff%2Flist');
  await signIn(page);
  const firstRow = page.locator('main .ant-table-row').first();
  await expect(firstRow).toBeVisible();
  // The first cell holds the name above the employee number.
  const employeeNo = /E\d+/.exec(await firstRow.locator('td').first().innerText())?.[0];
  expect(employeeNo).toBeDefined();

  await page.getByLabel('姓名、拼音或工号').fill(employeeNo!);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const row = page.locator('main .ant-table-row', { hasText: employeeNo! });
  await expect(page.locator('main .ant-table-row')).toHaveCount(1);
  // Masked in the list: the first and last three characters only.
  await expect(row.getByText(/^\d{3}\*{12}[\dX]{3}$/)).toBeVisible();

  await row.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/staff\/detail\?id=\d+/);
  await expect(page.getByText('任职记录')).toBeVisible();
  await expect(page.getByText('主岗').first()).toBeVisible();
  await expect(page.getByText('居民身份证')).toBeVisible();
  await page.getByRole('button', { name: '查看' }).click();
  await expect(page.getByText(/^\d{17}[\dX]$/)).toBeVisible();
});
