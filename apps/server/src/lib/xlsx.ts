import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn<Row> {
  header: string;
  key: keyof Row & string;
  width: number;
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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({ ...column }));
  const write = async () => {
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/** Sends an .xlsx download; `fileName` (Chinese) for browsers, `asciiName` for clients without RFC 5987. */
export function sendXlsx(reply: FastifyReply, stream: Readable, asciiName: string, fileName: string) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(stream);
}
