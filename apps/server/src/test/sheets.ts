import ExcelJS from 'exceljs';

/** The rows of a sheet of an .xlsx file, each as `{ header: text }` by the first row's headers. */
export async function sheetRecords(bytes: Uint8Array, sheetName: string): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const records: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const record: Record<string, string> = {};
    headers.forEach((header, column) => {
      if (header) record[header] = String(row.getCell(column).value ?? '');
    });
    records.push(record);
  });
  return records;
}
