// The headcount domain's limits, labels and messages (organisation page "编制管理"): plain constants, free
// of zod, so the web imports them directly; the zod schemas built on them are in ./contract.

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
  storeUnknown: (code: string) => `门店编码“${code}”不存在或不在您的数据范围内`,
  postUnknown: (code: string) => `岗位编码“${code}”不存在`,
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
