import type { Database } from '../db/client';
import type { AuditActor } from '../lib/audit';
import type { Scope } from './scope';

// The seam between the lists that take an Excel file and the import mechanism (modules/imports): a module
// describes its import once (columns, checks, the write), and the mechanism gives it a template, a checked
// preview, a commit as a background job and a failure file.

export interface ImportColumn {
  /** The column's key: the template's hidden second row, so a file reads whatever its headers say. */
  key: string;
  /** The header people read (Chinese, as the product's files are). */
  header: string;
  width: number;
  required?: boolean;
  /** What the template's example row shows. */
  example: string;
  /** The rule people read on the guide sheet, when the header does not say it all. */
  rule?: string;
}

/** Who runs an import, captured when it starts: the job runs later without the request. */
export interface ImportRun {
  userId: number;
  scope: Scope;
  audit: AuditActor;
}

/** One data row of a file: its row number and its cells' text by column key. */
export interface SourceRow {
  row: number;
  cells: Record<string, string>;
}

/** A checked row: what it will write, or why it cannot be written. */
export type CheckedRow<Value> =
  | { row: number; value: Value; problems?: undefined }
  | { row: number; value?: undefined; problems: string[] };

export interface ImportSource<Value = unknown> {
  kind: string;
  /** The list's 导入 button. */
  permission: string;
  sheetName: string;
  columns: readonly ImportColumn[];
  /**
   * Allowed values of a column (a dictionary's names), by key: the template offers them as a list, and
   * a cell outside the list is refused before `check` sees the row. Read when the template is made.
   */
  lists?(db: Database): Promise<Record<string, readonly string[]>>;
  /**
   * Checks a batch of rows (required cells and listed values are checked already), reading what they name
   * in bulk: each row's value to write, or its problems. Rows of the same file come in order, so a check
   * may refuse a row that repeats an earlier one (`seen` lives for one pass over the file).
   */
  check(
    db: Database,
    run: ImportRun,
    rows: readonly SourceRow[],
    seen: Map<string, number>,
  ): Promise<CheckedRow<Value>[]>;
  /** Writes a batch of good rows within `tx`, with its audit entry. */
  write(tx: Database, run: ImportRun, values: readonly Value[]): Promise<void>;
}

export type ImportSources = ReadonlyMap<string, ImportSource<unknown>>;

export const anyImportSource = <Value>(source: ImportSource<Value>) =>
  source as unknown as ImportSource<unknown>;
