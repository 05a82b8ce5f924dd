import { failureColumns, GUIDE_SHEET, importMessages, KEY_ROW } from '@dealer-hr/shared/imports/rules';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaryItems, dictionaryTypes } from '../../db/schema';
import { answerOf, callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { itemsImport } from '../../test/import-fixture';
import { commitImport, previewImport } from '../../test/imports';
import { userWith } from '../../test/users';

let t: TestApp;
let admin: string;
let typeId = 0;
const call = callerOf(() => ({ app: t, authorization: admin }));

beforeAll(async () => {
  t = await createTestApp({}, { importSources: [itemsImport(() => typeId)] });
  admin = await t.login();
  const [type] = await t.db
    .insert(dictionaryTypes)
    .values({ code: 'import_fixture', name: '导入测试' })
    .returning({ id: dictionaryTypes.id });
  typeId = type!.id;
});
afterAll(() => t.close());

type Cells = [code: string, name: string, enabled: string];

/** A file as people make one: the headers, then the rows; `keys` adds the template's hidden key row. */
async function fileOf(rows: Cells[], { keys = false, headers = ['编码', '名称', '启用'] } = {}) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('字典项');
  sheet.addRow(headers);
  if (keys) sheet.addRow(['code', 'name', 'enabled']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const preview = (bytes: Buffer, authorization = admin, kind = 'fixture-items') =>
  previewImport(t, { kind, bytes, authorization });

const commit = (token: string, allOrNothing = false) =>
  commitImport(t, { kind: 'fixture-items', token, authorization: admin, allOrNothing });

const codesInType = async () =>
  (
    await t.db
      .select({ code: dictionaryItems.code })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.typeId, typeId))
  )
    .map((item) => item.code)
    .sort();

async function failureRows(id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/auth/imports/failures?id=${id}`,
    headers: { authorization: admin },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toContain(encodeURIComponent('失败明细.xlsx'));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { bytes: response.rawPayload, sheet: workbook.worksheets[0]! };
}

describe('the template', () => {
  it('has the headers, a hidden key row, a list on the listed column and a guide with an example', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/imports/template?kind=fixture-items',
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('字典项导入模板.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('字典项')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['编码', '名称', '启用']);
    expect(sheet.getRow(KEY_ROW).hidden).toBe(true);
    expect((sheet.getRow(KEY_ROW).values as unknown[]).slice(1)).toEqual(['code', 'name', 'enabled']);
    expect(sheet.getCell('C3').dataValidation).toMatchObject({ type: 'list' });
    const guide = workbook.getWorksheet(GUIDE_SHEET)!;
    expect(guide.getRow(2).values).toEqual(expect.arrayContaining(['编码', '是', 'rotation']));
  });
});

describe('an import', () => {
  it('previews the file without writing, commits the good rows and names every problem of the bad ones', async () => {
    const bytes = await fileOf([
      ['sales_trainee', '销售见习', '是'],
      ['Bad Code', '名'.repeat(21), '也许'],
      ['', '无编码', '否'],
      ['sales_trainee', '重复', '是'],
      ['after_sales', '售后', '否'],
    ]);
    const { data: checked } = await preview(bytes);
    expect(checked).toMatchObject({ total: 5, valid: 2, invalid: 3 });
    expect(checked.rows.map((row: { row: number }) => row.row)).toEqual([2, 3, 4, 5, 6]);
    expect(checked.failures[0]).toMatchObject({
      row: 3,
      problems: ['启用“也许”不在可选值中', '编码只能是小写字母和下划线', '名称不能超过 20 个字符'],
    });
    expect(await codesInType()).toEqual([]);

    const done = await commit(checked.token);
    expect(done).toMatchObject({ status: 'succeeded', succeeded: 2, failed: 3, error: null });
    expect(done.done).toBe(done.total);
    expect(await codesInType()).toEqual(['after_sales', 'sales_trainee']);

    const { sheet, bytes: failureFile } = await failureRows(done.id);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '编码',
      '名称',
      '启用',
      failureColumns.sourceRow,
      failureColumns.errors,
    ]);
    expect(sheet.getRow(KEY_ROW).hidden).toBe(true);
    const failures = [3, 4, 5].map((index) => (sheet.getRow(index).values as unknown[]).slice(1));
    expect(failures.map((row) => row[3])).toEqual([3, 4, 5]);
    expect(failures[1]![4]).toBe(importMessages.required('编码'));
    expect(failures[2]![4]).toBe('与第 2 行的编码重复');

    // Fixed where it stands and uploaded again as it is, the failure file completes the import.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(failureFile as unknown as ArrayBuffer);
    const fixed = workbook.worksheets[0]!;
    fixed.getRow(3).getCell(1).value = 'bad_code';
    fixed.getRow(3).getCell(2).value = '纠正后';
    fixed.getRow(3).getCell(3).value = '否';
    fixed.getRow(4).getCell(1).value = 'no_code';
    fixed.getRow(5).getCell(1).value = 'sales_repeat';
    const again = await preview(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(again.data).toMatchObject({ total: 3, valid: 3, invalid: 0 });
    expect(await commit(again.data.token)).toMatchObject({ succeeded: 3, failed: 0 });
    expect(await codesInType()).toEqual([
      'after_sales',
      'bad_code',
      'no_code',
      'sales_repeat',
      'sales_trainee',
    ]);
    expect((await call('GET', `imports/failures?id=${done.id + 1}`)).code).toBe(409);
  });

  it('writes nothing of a file with a bad row when all or nothing is asked', async () => {
    const { data: checked } = await preview(
      await fileOf([
        ['kept_out', '好', '是'],
        ['Bad', '坏', '是'],
      ]),
    );
    const done = await commit(checked.token, true);
    expect(done).toMatchObject({ succeeded: 0, failed: 1, error: importMessages.allOrNothingRefused(1) });
    expect(await codesInType()).not.toContain('kept_out');
    // The preview is used up.
    const reused = await call('POST', 'imports/store', { kind: 'fixture-items', token: checked.token });
    expect(fieldErrorsOf(reused)).toEqual([{ field: 'token', message: importMessages.previewGone }]);
  });

  it('imports 20,000 rows in batches, its progress counting every row checked and written', async () => {
    const rows: Cells[] = Array.from({ length: 20_000 }, (_, index) => [
      `bulk_${toLetters(index)}`,
      `批量${index}`,
      '是',
    ]);
    const { data: checked } = await preview(
      await fileOf(rows, { keys: true, headers: ['Code', 'Name', 'On'] }),
    );
    expect(checked).toMatchObject({ total: 20_000, valid: 20_000 });
    const done = await commit(checked.token);
    expect(done).toMatchObject({ succeeded: 20_000, failed: 0, done: 40_000, total: 40_000 });
    expect((await codesInType()).filter((code) => code.startsWith('bulk_'))).toHaveLength(20_000);
  }, 120_000);
});

/** 0 -> a, 25 -> z, 26 -> ba: codes of letters only. */
function toLetters(index: number): string {
  let text = '';
  let rest = index;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

describe('refusals', () => {
  it('refuses what cannot be read, a list the caller may not import into, and another user’s import', async () => {
    expect(fieldErrorsOf(await preview(await fileOf([['a', 'b', '是']]), admin, 'payroll'))[0]!.field).toBe(
      'kind',
    );
    expect(fieldErrorsOf(await preview(Buffer.from('not a workbook')))).toEqual([
      { field: 'file', message: importMessages.fileInvalid },
    ]);
    expect(fieldErrorsOf(await preview(await fileOf([], {})))).toEqual([
      { field: 'file', message: importMessages.noRows },
    ]);
    expect(
      fieldErrorsOf(await preview(await fileOf([['a', 'b', '是']], { headers: ['编码', '名称'] }))),
    ).toEqual([{ field: 'file', message: importMessages.missingColumns(['启用']) }]);
    const tooMany = Array.from({ length: 20_001 }, (_, index): Cells => [`c${index}`, 'n', '是']);
    expect(fieldErrorsOf(await preview(await fileOf(tooMany)))).toEqual([
      { field: 'file', message: importMessages.tooManyRows },
    ]);

    const reader = await userWith(t, ['system:dictionaries:view']);
    expect((await preview(await fileOf([['a', 'b', '是']]), reader)).code).toBe(1403);
    const other = await userWith(t, ['system:dictionaries:create']);
    const { data: theirs } = await preview(await fileOf([['theirs', '他人', '是']]), other);
    const stolen = await call('POST', 'imports/store', { kind: 'fixture-items', token: theirs.token });
    expect(fieldErrorsOf(stolen)[0]!.field).toBe('token');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/imports/store',
      headers: { authorization: other },
      payload: { kind: 'fixture-items', token: theirs.token },
    });
    const id = answerOf(started).data.id;
    expect((await call('GET', `imports/detail?id=${id}`)).code).toBe(404);
    while (await t.app.jobRunner.runNext()) {
      // finish it
    }
  }, 60_000);
});
