import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from '../support/test';
import { signIn } from '../support/session';

/** The rows of the downloaded workbook's first sheet below its header, as `{ header: text }`. */
async function rowsOf(download: Download): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    // `values` is 1-based: its first entry is empty.
    const cells = headers.flatMap((header, column) =>
      header ? [[header, String(row.getCell(column).value ?? '')] as const] : [],
    );
    rows.push(Object.fromEntries(cells));
  });
  return rows;
}

test('HR exports the roster as a job, finds it on the exports page and downloads its file again', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Fstaff%2Flist');
  await signIn(page);
  await page.getByLabel('状态').first().click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('正式', { exact: true }).click();
  // The total is the filtered list's: read from its answer, then seen on the page (the text shown before the
  // answer is the unfiltered list's).
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().includes('/api/auth/user/index') && response.url().includes('status='),
    ),
    page.getByRole('button', { name: '搜索', exact: true }).click(),
  ]);
  const total = ((await answer.json()) as { data: { total: number } }).data.total;
  expect(total).toBeGreaterThan(0);
  await expect(page.locator('.ant-pagination-total-text')).toContainText(String(total));

  // The roster is small enough to be done at once: the button downloads the file the job wrote.
  const [direct] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /导\s?出/ }).click(),
  ]);
  expect(direct.suggestedFilename()).toBe('员工花名册.xlsx');
  const rows = await rowsOf(direct);
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((row) => row['状态']))).toEqual(new Set(['正式']));

  // The export stays on the exports page while its file is kept.
  await page.goto('/system/exports');
  const row = page.locator('main .ant-table-row').first();
  await expect(row).toContainText('员工花名册.xlsx');
  await expect(row).toContainText('已完成');
  await expect(row).toContainText(String(total));
  await page.screenshot({ path: 'test-results/screenshots/exports-zh-1366.png' });
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: '下载' }).click(),
  ]);
  expect(await rowsOf(again)).toEqual(rows);
});
