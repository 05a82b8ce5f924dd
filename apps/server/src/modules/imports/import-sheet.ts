import {
  failureColumns,
  GUIDE_SHEET,
  IMPORT_MAX_ROWS,
  importMessages,
  KEY_ROW,
} from '@dealer-hr/shared/imports/rules';
import ExcelJS from 'exceljs';
import type { ImportSource, SourceRow } from '../../core/imports';
import { AppError, validationFailed } from '../../lib/errors';

/** The hidden sheet holding the values of the template's lists. */
const LISTS_SHEET = '选项';

const fileError = (message: string) => validationFailed([{ field: 'file', message }]);

/** The text of a cell whatever exceljs made of it (number, date, rich text, formula result, hyperlink). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    return '';
  }
  return String(value).trim();
}

/** A sheet's first two rows: the headers people read and the hidden keys that name the columns. */
function headRows(sheet: ExcelJS.Worksheet, source: ImportSource<unknown>) {
  sheet.columns = source.columns.map((column) => ({
    key: column.key,
    header: column.header,
    width: column.width,
  }));
  const keys = sheet.getRow(KEY_ROW);
  source.columns.forEach((column, index) => (keys.getCell(index + 1).value = column.key));
  keys.hidden = true;
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: KEY_ROW }];
}

/**
 * The template of an import: the headers, the hidden key row, a list to choose from on each listed column
 * (its values on a hidden sheet, so any length fits), and a guide sheet with an example row and the rules.
 */
export async function templateOf(source: ImportSource<unknown>, lists: Record<string, readonly string[]>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(source.sheetName);
  headRows(sheet, source);
  const options = workbook.addWorksheet(LISTS_SHEET, { state: 'veryHidden' });
  let listColumn = 0;
  source.columns.forEach((column, index) => {
    const values = lists[column.key];
    if (!values?.length) return;
    listColumn += 1;
    values.forEach((value, row) => (options.getRow(row + 1).getCell(listColumn).value = value));
    const letter = options.getColumn(listColumn).letter;
    const target = sheet.getColumn(index + 1).letter;
    // exceljs keeps a sheet's validations by range; its types only know the one of a cell.
    (
      sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${target}${KEY_ROW + 1}:${target}${KEY_ROW + IMPORT_MAX_ROWS}`, {
      type: 'list',
      allowBlank: !column.required,
      formulae: [`${LISTS_SHEET}!$${letter}$1:$${letter}$${values.length}`],
      showErrorMessage: true,
      error: importMessages.notInList(column.header, ''),
    });
  });
  const guide = workbook.addWorksheet(GUIDE_SHEET);
  guide.columns = [
    { header: '列', key: 'header', width: 16 },
    { header: '必填', key: 'required', width: 8 },
    { header: '示例', key: 'example', width: 24 },
    { header: '说明', key: 'rule', width: 48 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const column of source.columns) {
    guide.addRow({
      header: column.header,
      required: column.required ? '是' : '否',
      example: column.example,
      rule: column.rule ?? (lists[column.key]?.length ? '从下拉列表中选择' : ''),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The data rows of a file (at most IMPORT_MAX_BYTES, read whole: exceljs's streaming reader now and then
 * loses a part of the zip, see docs/decisions.md): its first sheet, columns found by the hidden key row when it
 * has one (a template or a failure file) or else by their headers. Empty rows are skipped; a file without
 * a required column, without rows, or with more than IMPORT_MAX_ROWS is refused as a whole (422 on `file`).
 */
export async function readSourceRows(bytes: Buffer, source: ImportSource<unknown>): Promise<SourceRow[]> {
  const known = new Set(source.columns.map((column) => column.key));
  const byHeader = new Map(source.columns.map((column) => [column.header, column.key]));
  const rows: SourceRow[] = [];
  let columns = new Map<number, string>();
  try {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    sheet?.eachRow({ includeEmpty: false }, (row) => {
      const texts = new Map<number, string>();
      row.eachCell({ includeEmpty: false }, (cell, column) => texts.set(column, cellText(cell.value)));
      if (row.number === 1) {
        columns = new Map(
          [...texts].flatMap(([column, text]) => (byHeader.has(text) ? [[column, byHeader.get(text)!]] : [])),
        );
        return;
      }
      if (row.number === KEY_ROW && [...texts.values()].some((text) => known.has(text))) {
        columns = new Map([...texts].flatMap(([column, text]) => (known.has(text) ? [[column, text]] : [])));
        return;
      }
      const cells: Record<string, string> = {};
      for (const [column, key] of columns) cells[key] = texts.get(column) ?? '';
      if (Object.values(cells).every((text) => text === '')) return;
      rows.push({ row: row.number, cells });
      if (rows.length > IMPORT_MAX_ROWS) throw fileError(importMessages.tooManyRows);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fileError(importMessages.fileInvalid);
  }
  const present = new Set(columns.values());
  const missing = source.columns.filter((column) => column.required && !present.has(column.key));
  if (missing.length > 0)
    throw fileError(importMessages.missingColumns(missing.map((column) => column.header)));
  if (rows.length === 0) throw fileError(importMessages.noRows);
  return rows;
}

/**
 * The failure file: the refused rows with the original columns (and the hidden key row, so it can be
 * uploaded again once fixed), their row in the uploaded file, and one column naming every problem.
 */
export async function failureFileOf(
  source: ImportSource<unknown>,
  failures: readonly { row: number; cells: Record<string, string>; problems: readonly string[] }[],
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(source.sheetName);
  headRows(sheet, source);
  const extra = source.columns.length;
  sheet.getColumn(extra + 1).width = 10;
  sheet.getColumn(extra + 2).width = 60;
  sheet.getRow(1).getCell(extra + 1).value = failureColumns.sourceRow;
  sheet.getRow(1).getCell(extra + 2).value = failureColumns.errors;
  for (const failure of failures) {
    const row = sheet.addRow(source.columns.map((column) => failure.cells[column.key] ?? ''));
    row.getCell(extra + 1).value = failure.row;
    row.getCell(extra + 2).value = failure.problems.join('；');
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
