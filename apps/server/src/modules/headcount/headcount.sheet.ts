import { ErrorCode } from '@dealer-hr/shared';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client';
import { departments, posts, stores } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError, validationFailed } from '../../lib/errors';
import type { ExportSource } from '../../core/exports';
import { pathInScope, type Scope } from '../../core/scope';
import type { ImportRowError } from '@dealer-hr/shared/headcount/contract';
import {
  headcountMessages,
  MAX_CELLS,
  PLANNED_MAX,
  SHEET_NAME,
  sheetColumns,
} from '@dealer-hr/shared/headcount/rules';
import { headcountQuery, type HeadcountQuery } from './headcount.schemas';
import { applyCells, headcountGrid } from './headcount.service';

// One format for both directions: one row per store x post with the codes that identify them; names and
// the actual count are there for people reading the file and are ignored on import.

/**
 * The headcount plan as an .xlsx file (`headcount/export`, and the export job): the grid the caller sees,
 * one row per store x post. The grid is bounded (MAX_CELLS), so it is read whole.
 */
export const headcountExport = (db: Database): ExportSource<HeadcountQuery> => ({
  kind: 'headcount',
  permission: 'organization:headcount:export',
  sheetName: SHEET_NAME,
  columns: [
    { header: sheetColumns.storeCode, key: 'storeCode', width: 14 },
    { header: sheetColumns.storeName, key: 'storeName', width: 24 },
    { header: sheetColumns.postCode, key: 'postCode', width: 22 },
    { header: sheetColumns.postName, key: 'postName', width: 16 },
    { header: sheetColumns.planned, key: 'planned', width: 10 },
    { header: sheetColumns.actual, key: 'actual', width: 10 },
  ],
  query: headcountQuery,
  async *rows({ scope, query }) {
    const grid = await headcountGrid(db, scope, query);
    for (const row of grid.rows) {
      for (const [index, cell] of row.cells.entries()) {
        const post = grid.posts[index]!;
        yield {
          storeCode: row.store_code,
          storeName: row.store_name,
          postCode: post.code,
          postName: post.name,
          planned: cell.planned,
          actual: cell.actual,
        };
      }
    }
  },
});

/** The text of a cell whatever exceljs made of it (number, rich text, formula result, hyperlink). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    if (value instanceof Date) return value.toISOString();
    return '';
  }
  return String(value).trim();
}

function plannedOf(value: ExcelJS.CellValue): number | null {
  const text = cellText(value);
  if (!/^\d+$/.test(text)) return null;
  const planned = Number(text);
  return planned <= PLANNED_MAX ? planned : null;
}

interface SheetRow {
  row: number;
  storeCode: string;
  postCode: string;
  planned: ExcelJS.CellValue;
}

const invalid = (message: string) => validationFailed([{ field: 'file', message }]);

/** The data rows of the first sheet, located by the Chinese headers of the export. */
async function readRows(file: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw invalid(headcountMessages.fileInvalid);
  }
  const sheet = workbook.getWorksheet(SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) throw invalid(headcountMessages.noRows);
  const headers = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => headers.set(cellText(cell.value), column));
  const required = [sheetColumns.storeCode, sheetColumns.postCode, sheetColumns.planned];
  const missing = required.filter((header) => !headers.has(header));
  if (missing.length > 0) {
    throw validationFailed(
      missing.map((header) => ({ field: 'file', message: headcountMessages.missingHeader(header) })),
    );
  }
  if (sheet.actualRowCount - 1 > MAX_CELLS) throw invalid(headcountMessages.tooManyRows);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const entry = {
      row: number,
      storeCode: cellText(row.getCell(headers.get(sheetColumns.storeCode)!).value),
      postCode: cellText(row.getCell(headers.get(sheetColumns.postCode)!).value),
      planned: row.getCell(headers.get(sheetColumns.planned)!).value,
    };
    // A row left empty in the middle of the sheet is not an error worth reporting.
    if (entry.storeCode === '' && entry.postCode === '' && cellText(entry.planned) === '') return;
    rows.push(entry);
  });
  if (rows.length === 0) throw invalid(headcountMessages.noRows);
  return rows;
}

/**
 * `POST headcount/import`: every row is checked before anything is written; one bad row refuses the
 * whole file (422 with each bad row's number and reason). A good file is applied in one transaction with
 * one audit entry.
 */
export async function importSheet(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  file: Buffer,
): Promise<{ rows: number; changed: number }> {
  const rows = await readRows(file);
  const storeCodes = [...new Set(rows.map((row) => row.storeCode).filter(Boolean))];
  const postCodes = [...new Set(rows.map((row) => row.postCode).filter(Boolean))];
  const [storeList, postList] = await Promise.all([
    storeCodes.length === 0
      ? []
      : db
          .select({ id: stores.id, code: stores.code, path: departments.path })
          .from(stores)
          .innerJoin(departments, eq(departments.id, stores.departmentId))
          .where(inArray(stores.code, storeCodes)),
    postCodes.length === 0
      ? []
      : db.select({ id: posts.id, code: posts.code }).from(posts).where(inArray(posts.code, postCodes)),
  ]);
  // Outside the scope reads the same as unknown: the file must not reveal which codes exist.
  const storeByCode = new Map(
    storeList.filter((store) => pathInScope(scope, store.path)).map((store) => [store.code, store.id]),
  );
  const postByCode = new Map(postList.map((post) => [post.code, post.id]));

  const errors: ImportRowError[] = [];
  const firstRowOf = new Map<string, number>();
  const cells: { storeId: number; postId: number; planned: number }[] = [];
  for (const row of rows) {
    const reasons: string[] = [];
    const storeId = storeByCode.get(row.storeCode);
    const postId = postByCode.get(row.postCode);
    if (row.storeCode === '') reasons.push(headcountMessages.storeRequired);
    else if (storeId === undefined) reasons.push(headcountMessages.storeUnknown(row.storeCode));
    if (row.postCode === '') reasons.push(headcountMessages.postRequired);
    else if (postId === undefined) reasons.push(headcountMessages.postUnknown(row.postCode));
    const planned = plannedOf(row.planned);
    if (planned === null) reasons.push(headcountMessages.plannedCell);
    if (storeId !== undefined && postId !== undefined) {
      const first = firstRowOf.get(`${storeId}:${postId}`);
      if (first === undefined) firstRowOf.set(`${storeId}:${postId}`, row.row);
      else reasons.push(headcountMessages.duplicateRow(first));
    }
    if (reasons.length > 0) {
      errors.push({ field: 'file', row: row.row, message: `第 ${row.row} 行：${reasons.join('；')}` });
    } else {
      cells.push({ storeId: storeId!, postId: postId!, planned: planned! });
    }
  }
  if (errors.length > 0) {
    throw new AppError(ErrorCode.VALIDATION, headcountMessages.importFailed(errors.length), { errors });
  }

  return db.transaction(async (tx) => {
    const changes = await applyCells(tx, cells);
    await writeAudit(tx, actor, {
      entity: 'headcount_plan',
      entityId: 'import',
      action: 'import',
      after: {
        rows: rows.length,
        changed: changes.map((change) => ({
          storeId: change.storeId,
          postId: change.postId,
          before: change.before,
          after: change.after,
        })),
      },
    });
    return { rows: rows.length, changed: changes.length };
  });
}
