import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import ExcelJS from 'exceljs';
import { choose } from '../support/select';
import { signIn } from '../support/session';

// Pages are reached through the sidebar: loading a page anew counts as closing it (see session.spec.ts).
async function openPage(page: Page, title: string) {
  const nav = page.getByRole('menu', { name: '主菜单' });
  const item = nav.getByText(title, { exact: true });
  if (!(await item.isVisible())) await nav.getByText('组织管理').click();
  await item.click();
}

async function planFile(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('编制计划');
  sheet.addRow(['门店编码', '门店名称', '岗位编码', '岗位名称', '编制人数', '在岗人数']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a new region, a store with a department, a post and a plan of 3; a bad import row; the store on the org chart', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const n = Date.now() % 100000;
  const region = `E2E华中区${n}`;
  const store = `E2E武汉店${n}`;
  const storeCode = `E2E-WH-${n}`;
  const post = `E2E交付专员${n}`;
  const postCode = `e2e-delivery-${n}`;

  await page.goto('/login?redirect=%2Forganization%2Fdepartments');
  await signIn(page);

  // The region: a child of the group on the department tree.
  const tree = page.getByRole('tree');
  await tree.getByText('华驰汽车集团', { exact: true }).click();
  await page.getByRole('button', { name: '新增下级' }).click();
  let dialog = page.getByRole('dialog', { name: /新增「华驰汽车集团」的下级部门/ });
  await dialog.getByLabel('部门名称').fill(region);
  await dialog.getByLabel('部门编码').fill(`e2e-region-${n}`);
  await choose(page, dialog.getByLabel('部门类型'), '区域');
  await dialog.getByRole('button', { name: /保\s?存|确\s?定/ }).click();
  await expect(page.getByText('部门已创建')).toBeVisible();

  // The store under it.
  await openPage(page, '门店管理');
  await page.getByRole('button', { name: '新增门店' }).click();
  dialog = page.getByRole('dialog', { name: '新增门店' });
  await choose(page, dialog.getByLabel('区域门店'), region);
  await dialog.getByLabel('门店编码').fill(storeCode);
  await dialog.getByLabel('门店名称').fill(store);
  await choose(page, dialog.getByLabel('门店类型'), '直营店');
  await dialog.getByRole('button', { name: /保\s?存|确\s?定/ }).click();
  await expect(page.getByText('门店已创建')).toBeVisible();

  // A department inside the store.
  await openPage(page, '部门管理');
  await page.getByRole('button', { name: '刷新部门树' }).click();
  await page.getByPlaceholder('搜索部门（支持拼音）').fill(store);
  await tree.getByText(store, { exact: true }).click();
  await page.getByRole('button', { name: '新增下级' }).click();
  dialog = page.getByRole('dialog', { name: new RegExp(`新增「${store}」的下级部门`) });
  await dialog.getByLabel('部门名称').fill('交付部');
  await dialog.getByRole('button', { name: /保\s?存|确\s?定/ }).click();
  // The region's message may still be on screen (three seconds) when the steps above go quickly.
  await expect(page.getByText('部门已创建').last()).toBeVisible();

  // The post.
  await openPage(page, '岗位管理');
  await page.getByRole('button', { name: '新增岗位' }).click();
  dialog = page.getByRole('dialog', { name: '新增岗位' });
  await dialog.getByLabel('岗位编码').fill(postCode);
  await dialog.getByLabel('岗位名称').fill(post);
  await dialog.getByRole('button', { name: /保\s?存|确\s?定/ }).click();
  await expect(page.getByText('岗位已创建')).toBeVisible();

  // A plan of 3 for the store and the post.
  await openPage(page, '编制管理');
  await choose(page, page.getByLabel('全部区域'), region);
  const cell = page.getByLabel(`${store} ${post} 编制人数`);
  await cell.fill('3');
  await page.getByRole('button', { name: /保存/ }).click();
  await expect(page.getByText(/已保存，1 个编制有变化/)).toBeVisible();
  await expect(cell).toHaveValue('3');

  // An import with one bad row: the check names it, and with 全部成功才导入 nothing is written.
  await page.getByRole('button', { name: /导\s?入/ }).click();
  const importDialog = page.getByRole('dialog').filter({ hasText: '导入编制计划' });
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: 'plan.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await planFile([
      [storeCode, store, postCode, post, 5],
      ['NO-SUCH-STORE', '不存在的门店', postCode, post, 2],
    ]),
  });
  await expect(importDialog.getByText('共 2 行：1 行可导入，1 行有误')).toBeVisible();
  await expect(importDialog.getByText('门店编码“NO-SUCH-STORE”不存在或不在您的数据范围内')).toBeVisible();
  await importDialog.getByRole('checkbox', { name: /全部成功才导入/ }).check();
  await importDialog.getByRole('button', { name: /^导\s?入$/ }).click();
  await expect(importDialog.getByText('已导入 0 行，1 行未导入')).toBeVisible({ timeout: 20_000 });
  const [failures] = await Promise.all([
    page.waitForEvent('download'),
    importDialog.getByRole('button', { name: '下载失败明细' }).click(),
  ]);
  expect(failures.suggestedFilename()).toBe('失败明细.xlsx');
  await importDialog.getByRole('button', { name: /^完\s?成$/ }).click();
  await expect(cell).toHaveValue('3');

  // The org chart shows the new store, three levels down.
  await openPage(page, '组织架构图');
  await choose(page, page.getByLabel('展开层级'), '3 级');
  await expect(page.locator('svg text', { hasText: store }).first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/screenshots/org-chart-zh-1366.png' });
});
