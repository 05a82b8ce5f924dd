import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { DEFAULT_TIME_ZONE } from './day-range';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn<Row> {
  header: string;
  key: keyof Row & string;
  width: number;
}

/** The columns of a sheet from `[key, header, width]` triples, the way the export routes list them. */
export function sheetColumnsOf<Key extends string>(
  keys: readonly (readonly [Key, string, number])[],
): SheetColumn<Record<Key, string>>[] {
  return keys.map(([key, header, width]) => ({ key, header, width }));
}

/** Rows turned into sheet rows as they come, from an array or from a cursor. */
export async function* sheetRowsOf<Row, SheetRow>(
  rows: Iterable<Row> | AsyncIterable<Row>,
  rowOf: (row: Row) => SheetRow,
): AsyncGenerator<SheetRow> {
  for await (const row of rows) yield rowOf(row);
}

/** A moment as the people reading the file see it: in the group's time zone. */
export const sheetTime = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: DEFAULT_TIME_ZONE, hour12: false }) : '';

/** One sheet written row by row into `stream` by exceljs' streaming writer: no row is kept once added. */
export function sheetWriter<Row extends Record<string, unknown>>(
  stream: Writable,
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({ ...column }));
  return {
    add(row: Row) {
      sheet.addRow(row).commit();
    },
    /** Writes the workbook's closing parts; the stream ends with them. */
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/**
 * One sheet written row by row by exceljs' streaming writer: the file is sent while it is written, and rows
 * may come from a cursor. A failure while writing ends the stream with the error (the download breaks off
 * instead of ending with a file that looks complete).
 */
export function xlsxStream<Row extends Record<string, unknown>>(
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): Readable {
  const stream = new PassThrough();
  const writer = sheetWriter(stream, sheetName, columns);
  const write = async () => {
    for await (const row of rows) writer.add(row);
    await writer.finish();
  };
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/**
 * Sends an .xlsx download, streamed or whole; `fileName` (Chinese) for browsers, `asciiName` for clients
 * without RFC 5987.
 */
export function sendXlsx(reply: FastifyReply, file: Readable | Buffer, asciiName: string, fileName: string) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(file);
}
