import { inArray, eq } from 'drizzle-orm';
import type { ExportSource } from '../../core/exports';
import type { ImportSource } from '../../core/imports';
import { pathInScope } from '../../core/scope';
import type { Database } from '../../db/client';
import { departments, posts, stores } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { headcountMessages, PLANNED_MAX, SHEET_NAME, sheetColumns } from '@dealer-hr/shared/headcount/rules';
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

interface PlannedCell {
  storeId: number;
  postId: number;
  planned: number;
}

/**
 * The headcount plan from an .xlsx file (imports/*, kind `headcount`): the export's format, 门店编码,
 * 岗位编码 and 编制人数 read, the names ignored. A store outside the importer's scope reads as unknown, so
 * the file cannot tell which codes exist; a store x post given twice is refused on its second row. Each
 * batch is written with one audit entry of the cells it changed.
 */
export const headcountImport = (db: Database): ImportSource<PlannedCell> => ({
  kind: 'headcount',
  permission: 'organization:headcount:import',
  sheetName: SHEET_NAME,
  columns: [
    { key: 'storeCode', header: sheetColumns.storeCode, width: 14, required: true, example: 'BJ-CY-01' },
    {
      key: 'storeName',
      header: sheetColumns.storeName,
      width: 24,
      example: '北京朝阳店',
      rule: '仅供阅读，导入时忽略',
    },
    {
      key: 'postCode',
      header: sheetColumns.postCode,
      width: 22,
      required: true,
      example: 'sales_consultant',
    },
    {
      key: 'postName',
      header: sheetColumns.postName,
      width: 16,
      example: '销售顾问',
      rule: '仅供阅读，导入时忽略',
    },
    {
      key: 'planned',
      header: sheetColumns.planned,
      width: 10,
      required: true,
      example: '8',
      rule: `0 到 ${PLANNED_MAX} 之间的整数`,
    },
  ],
  async check(_db, run, rows, seen) {
    const storeCodes = [...new Set(rows.map((row) => row.cells.storeCode ?? '').filter(Boolean))];
    const postCodes = [...new Set(rows.map((row) => row.cells.postCode ?? '').filter(Boolean))];
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
    const storeByCode = new Map(
      storeList.filter((store) => pathInScope(run.scope, store.path)).map((store) => [store.code, store.id]),
    );
    const postByCode = new Map(postList.map((post) => [post.code, post.id]));
    return rows.map((row) => {
      const { storeCode = '', postCode = '', planned: plannedText = '' } = row.cells;
      const problems: string[] = [];
      const storeId = storeByCode.get(storeCode);
      const postId = postByCode.get(postCode);
      if (storeCode && storeId === undefined) problems.push(headcountMessages.storeUnknown(storeCode));
      if (postCode && postId === undefined) problems.push(headcountMessages.postUnknown(postCode));
      const planned = /^\d{1,4}$/.test(plannedText) ? Number(plannedText) : null;
      if (plannedText && (planned === null || planned > PLANNED_MAX))
        problems.push(headcountMessages.plannedCell);
      if (storeId !== undefined && postId !== undefined) {
        const first = seen.get(`${storeId}:${postId}`);
        if (first === undefined) seen.set(`${storeId}:${postId}`, row.row);
        else problems.push(headcountMessages.duplicateRow(first));
      }
      return problems.length > 0 || storeId === undefined || postId === undefined || planned === null
        ? { row: row.row, problems }
        : { row: row.row, value: { storeId, postId, planned } };
    });
  },
  async write(tx, run, cells) {
    const changes = await applyCells(tx, cells);
    await writeAudit(tx, run.audit, {
      entity: 'headcount_plan',
      entityId: 'import',
      action: 'import',
      after: {
        rows: cells.length,
        changed: changes.map((change) => ({
          storeId: change.storeId,
          postId: change.postId,
          before: change.before,
          after: change.after,
        })),
      },
    });
  },
});
