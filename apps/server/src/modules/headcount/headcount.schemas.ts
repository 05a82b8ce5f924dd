import { zId } from '@dealer-hr/shared/validation';
import { z } from 'zod';

/** The largest planned count of one store and post: a typo guard, far above any real store. */
export const PLANNED_MAX = 9_999;
/** Cells of one save: every store x post of the demo group is ~600; a few thousand covers any real grid. */
export const MAX_CELLS = 5_000;

export const headcountLabels = {
  region: '区域',
  store: '门店',
  post: '岗位',
  planned: '编制人数',
} as const;

export const headcountMessages = {
  plannedInvalid: `编制人数必须是 0 到 ${PLANNED_MAX} 之间的整数`,
  itemsInvalid: '请提交要保存的编制数据',
  tooManyItems: `一次最多保存 ${MAX_CELLS} 个编制单元格`,
  duplicateCell: '同一门店和岗位的编制提交了多次',
  storeNotFound: '门店不存在',
  postNotFound: '岗位不存在',
  fileMissing: '请上传编制计划 Excel 文件',
  fileInvalid: '文件不是有效的 Excel（.xlsx）文件',
  fileTooLarge: '文件过大，最大 5 MB',
  noRows: '文件中没有编制数据',
  tooManyRows: `文件最多 ${MAX_CELLS} 行编制数据`,
  importFailed: (count: number) => `导入失败：${count} 行数据有误，未写入任何数据`,
  missingHeader: (header: string) => `缺少表头“${header}”`,
  storeUnknown: (code: string) => `门店编码“${code}”不存在或不在您的数据范围内`,
  storeRequired: '门店编码不能为空',
  postUnknown: (code: string) => `岗位编码“${code}”不存在`,
  postRequired: '岗位编码不能为空',
  plannedCell: `编制人数必须是 0 到 ${PLANNED_MAX} 之间的整数`,
  duplicateRow: (first: number) => `与第 ${first} 行的门店和岗位重复`,
} as const;

/** Columns of the exported and imported sheet; import finds them by these headers. */
export const sheetColumns = {
  storeCode: '门店编码',
  storeName: '门店名称',
  postCode: '岗位编码',
  postName: '岗位名称',
  planned: '编制人数',
  actual: '在岗人数',
} as const;
export const SHEET_NAME = '编制计划';

export const headcountQuery = z.object({
  region_id: zId(headcountLabels.region).optional(),
  store_id: zId(headcountLabels.store).optional(),
});
export type HeadcountQuery = z.infer<typeof headcountQuery>;

const count = z.number().int();

export const gridPost = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const gridCell = z.object({ post_id: z.number().int(), planned: count, actual: count });
export const gridRow = z.object({
  store_id: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  region_id: z.number().int(),
  region_name: z.string(),
  /** One cell per column, in the order of `posts`. */
  cells: z.array(gridCell),
  planned_total: count,
  actual_total: count,
});
export const headcountGrid = z.object({
  posts: z.array(gridPost),
  rows: z.array(gridRow),
  /** Column totals, in the order of `posts`. */
  totals: z.array(gridCell),
  planned_total: count,
  actual_total: count,
});
export type HeadcountGrid = z.infer<typeof headcountGrid>;
export type GridRow = z.infer<typeof gridRow>;

const zPlanned = z
  .number({ error: headcountMessages.plannedInvalid })
  .int({ error: headcountMessages.plannedInvalid })
  .min(0, { error: headcountMessages.plannedInvalid })
  .max(PLANNED_MAX, { error: headcountMessages.plannedInvalid });

export const headcountCell = z.object({
  store_id: zId(headcountLabels.store),
  post_id: zId(headcountLabels.post),
  planned: zPlanned,
});
export type HeadcountCell = z.infer<typeof headcountCell>;

export const headcountUpdateBody = z.object({
  items: z
    .array(headcountCell, { error: headcountMessages.itemsInvalid })
    .min(1, { error: headcountMessages.itemsInvalid })
    .max(MAX_CELLS, { error: headcountMessages.tooManyItems })
    .refine(
      (items) => new Set(items.map((item) => `${item.store_id}:${item.post_id}`)).size === items.length,
      {
        error: headcountMessages.duplicateCell,
      },
    ),
});
export type HeadcountUpdateBody = z.infer<typeof headcountUpdateBody>;

export const headcountSaved = z.object({
  /** Cells whose planned count changed (unchanged ones are neither written nor audited). */
  changed: z.number().int(),
});

export const importAnswer = z.object({
  rows: z.number().int(),
  changed: z.number().int(),
});

/** One refused row of an import: the sheet's row number and why, in Chinese. */
export interface ImportRowError {
  field: string;
  row: number;
  message: string;
}
