import ExcelJS from 'exceljs';
import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('HR downloads the course template, imports a file with one bad row, reads the report and the failure file', async ({
  page,
}, testInfo) => {
  await page.goto('/login?redirect=%2Fstaff%2Ftraining');
  await signIn(page);
  await expect(page.locator('main .ant-table-row').first()).toBeVisible();

  await page.getByRole('button', { name: '导入课程' }).click();
  const dialog = page.getByRole('dialog', { name: '导入培训课程' });
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载模板' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('培训课程导入模板.xlsx');

  // Filled in as HR would: under the headers (and the hidden key row), one good row and one bad one.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await template.path());
  const sheet = workbook.getWorksheet('培训课程')!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['课程编号', '课程名称', '培训类型']);
  expect(sheet.getRow(2).hidden).toBe(true);
  const code = `E2E-${Date.now()}`;
  sheet.getRow(3).values = [
    code,
    '端到端导入课程',
    '安全生产',
    '王强',
    '2026-06-01',
    '2026-06-01',
    '3',
    'R-east',
  ];
  sheet.getRow(4).values = [
    `${code}-B`,
    '坏课时',
    '安全生产',
    '王强',
    '2026-06-02',
    '2026-06-02',
    '0.25',
    'R-east',
  ];
  const filled = testInfo.outputPath('courses.xlsx');
  await workbook.xlsx.writeFile(filled);
  await dialog.locator('input[type=file]').setInputFiles(filled);

  await expect(dialog.getByText('共 2 行：1 行可导入，1 行有误')).toBeVisible();
  await expect(dialog.getByText(/课时必须是 0.5 到 500 之间的数/)).toBeVisible();
  await dialog.getByRole('button', { name: /导\s?入/ }).click();
  await expect(dialog.getByText('已导入 1 行，1 行未导入')).toBeVisible({ timeout: 20_000 });
  const [failures] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载失败明细' }).click(),
  ]);
  expect(failures.suggestedFilename()).toBe('失败明细.xlsx');
  const failed = new ExcelJS.Workbook();
  await failed.xlsx.readFile(await failures.path());
  const failedSheet = failed.worksheets[0]!;
  const headers = (failedSheet.getRow(1).values as unknown[]).map(String);
  const refused = failedSheet.getRow(3);
  expect(refused.getCell(headers.indexOf('课程编号')).value).toBe(`${code}-B`);
  expect(String(refused.getCell(headers.indexOf('错误原因')).value)).toMatch(/课时必须是/);
  await dialog.getByRole('button', { name: '完成' }).click();

  // The imported course is listed; the last import's report names the refused row.
  await page.getByLabel('课程编号、名称或讲师').fill(code);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.locator('main .ant-table-row', { hasText: '端到端导入课程' })).toHaveCount(1);
  await page.getByRole('button', { name: '最近导入' }).click();
  const report = page.getByRole('dialog', { name: '最近一次导入' });
  await expect(report.getByText(/共 2 行，成功 1 行，失败 1 行/)).toBeVisible();
  await report.getByText('失败的行').click();
  await expect(report.getByText(`${code}-B`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/training-report-zh-1366.png' });
});
