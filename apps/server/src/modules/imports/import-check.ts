import { importMessages } from '@dealer-hr/shared/imports/rules';
import type { ImportRun, ImportSource, SourceRow } from '../../core/imports';
import type { Database } from '../../db/client';

/** Rows checked at once: the source reads what they name in one query per batch. */
export const CHECK_BATCH = 500;

export interface CheckedFile<Value> {
  good: { row: number; cells: Record<string, string>; value: Value }[];
  bad: { row: number; cells: Record<string, string>; problems: string[] }[];
}

/** Problems the column rules alone find: an empty required cell, a value outside a column's list. */
function columnProblems(
  source: ImportSource<unknown>,
  lists: Record<string, readonly string[]>,
  row: SourceRow,
): string[] {
  const problems: string[] = [];
  for (const column of source.columns) {
    const text = row.cells[column.key] ?? '';
    if (text === '') {
      if (column.required) problems.push(importMessages.required(column.header));
      continue;
    }
    const allowed = lists[column.key];
    if (allowed?.length && !allowed.includes(text))
      problems.push(importMessages.notInList(column.header, text));
  }
  return problems;
}

/**
 * Checks every row of a file, a batch at a time: the column rules, then the source's own checks, every
 * problem of a row together. `afterBatch` runs between batches (a job's checkpoint).
 */
export async function checkFile(
  db: Database,
  source: ImportSource<unknown>,
  run: ImportRun,
  rows: readonly SourceRow[],
  afterBatch: (done: number) => Promise<void> = async () => {},
): Promise<CheckedFile<unknown>> {
  const lists = (await source.lists?.(db)) ?? {};
  const seen = new Map<string, number>();
  const checked: CheckedFile<unknown> = { good: [], bad: [] };
  for (let start = 0; start < rows.length; start += CHECK_BATCH) {
    const batch = rows.slice(start, start + CHECK_BATCH);
    const results = await source.check(db, run, batch, seen);
    batch.forEach((row, index) => {
      const result = results[index]!;
      const problems = [...columnProblems(source, lists, row), ...(result.problems ?? [])];
      if (problems.length > 0)
        checked.bad.push({ row: row.row, cells: row.cells, problems: [...new Set(problems)] });
      else checked.good.push({ row: row.row, cells: row.cells, value: result.value });
    });
    await afterBatch(start + batch.length);
  }
  return checked;
}
