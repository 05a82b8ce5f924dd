/**
 * Excel imports, one mechanism for every list that takes a file (`/api/auth/imports/*`): a template, a
 * checked preview, the commit as a background job, and a failure file to fix and upload again. Limits,
 * the failure file's columns and the messages, free of zod so that the web imports them directly; the zod
 * schemas built on them are in ./contract.
 */

/** The largest file an import reads. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most data rows one file may hold (a sheet of a large group's staff, with room to spare). */
export const IMPORT_MAX_ROWS = 20_000;
/** Rows of a preview: the first ones, each with its problems. */
export const PREVIEW_ROWS = 10;

/** The failure file: the original columns, then these two. It can be uploaded again once fixed. */
export const FAILURE_FILE_NAME = '失败明细.xlsx';
export const failureColumns = { sourceRow: '源行号', errors: '错误原因' } as const;
/** The hidden second row of a template and of a failure file: each column's key, so any header reads. */
export const KEY_ROW = 2;
/** The template's second sheet, with the example row and the rules of each column. */
export const GUIDE_SHEET = '填写说明';

export const importLabels = {
  kind: '导入内容',
  file: '文件',
  token: '预览',
  allOrNothing: '全部成功才导入',
  import: '导入任务',
} as const;

export const importMessages = {
  fileMissing: '请上传 Excel 文件',
  fileInvalid: '文件不是有效的 Excel（.xlsx）文件',
  fileTooLarge: `文件过大，最大 ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  noRows: '文件中没有数据行',
  tooManyRows: `文件最多 ${IMPORT_MAX_ROWS} 行数据`,
  missingColumns: (headers: readonly string[]) => `缺少列：${headers.join('、')}`,
  previewGone: '预览已失效，请重新上传文件',
  notFound: '导入任务不存在',
  failed: '导入失败，请重试',
  noFailures: '该导入没有失败的行',
  required: (header: string) => `${header}不能为空`,
  notInList: (header: string, value: string) => `${header}“${value}”不在可选值中`,
  rowProblems: (row: number, problems: readonly string[]) => `第 ${row} 行：${problems.join('；')}`,
  allOrNothingRefused: (count: number) => `有 ${count} 行数据有误，按“全部成功才导入”未写入任何数据`,
} as const;
