import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PreviewRow } from '@dealer-hr/shared/imports/contract';
import { importMessages } from '@dealer-hr/shared/imports/rules';
import type { ImportRun, ImportSources } from '../../core/imports';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { CHECK_BATCH, checkFile } from './import-check';
import { failureFileOf, readSourceRows } from './import-sheet';

export const IMPORT_JOB = 'imports.excel';

export interface ImportPayload {
  kind: string;
  /** The previewed file under the job files' directory. */
  file: string;
  allOrNothing: boolean;
  run: ImportRun;
}

export interface ImportResult {
  total: number;
  succeeded: number;
  failed: number;
  /** The failure file, when rows were refused. */
  file: string | null;
  /** All or nothing, and some rows were bad: nothing was written. */
  refused: boolean;
  /**
   * The first rows written and refused, as the file had them (a list's "what did my last import do"); the
   * whole of the refused ones is in the failure file.
   */
  report?: { written: PreviewRow[]; refused: PreviewRow[] };
}

/** Rows of each side of an import's report. */
export const REPORT_ROWS = 200;

interface ImportJobOptions {
  db: Database;
  sources: ImportSources;
  dir: string;
  keepMs: number;
}

/**
 * Reads the previewed file again, checks every row against the data as it is now, writes the good rows in
 * batches (each its own transaction, a checkpoint between) and the bad ones into a failure file. With
 * all-or-nothing, a file with any bad row writes nothing: every row is checked before the first is written.
 */
export const importJob = ({ db, sources, dir, keepMs }: ImportJobOptions) =>
  defineJob<ImportPayload, ImportResult>({
    kind: IMPORT_JOB,
    keepResultMs: keepMs,
    async run({ id, payload, checkpoint }) {
      const source = sources.get(payload.kind);
      if (!source) throw new Error(`no import source for ${payload.kind}`);
      const rows = await readSourceRows(await readFile(join(dir, payload.file)), source);
      // Checking and writing each count once: the bar goes to twice the rows.
      const total = rows.length * 2;
      await checkpoint({ done: 0, total });
      const { good, bad } = await checkFile(db, source, payload.run, rows, (done) => checkpoint({ done }));
      const refused = payload.allOrNothing && bad.length > 0;
      let written = 0;
      if (!refused) {
        for (let start = 0; start < good.length; start += CHECK_BATCH) {
          const values = good.slice(start, start + CHECK_BATCH).map((row) => row.value);
          await db.transaction((tx) => source.write(tx, payload.run, values));
          written += values.length;
          await checkpoint({ done: rows.length + start + values.length });
        }
      }
      // The refused rows, re-uploadable once fixed. (After an all-or-nothing refusal the good rows were not
      // written either: the whole file is uploaded again.)
      let file: string | null = null;
      if (bad.length > 0) {
        file = `import-${id}-failures.xlsx`;
        await writeFile(join(dir, file), await failureFileOf(source, bad));
      }
      await rm(join(dir, payload.file), { force: true });
      const report = {
        written: refused
          ? []
          : good.slice(0, REPORT_ROWS).map(({ row, cells }) => ({ row, cells, problems: [] })),
        refused: bad.slice(0, REPORT_ROWS),
      };
      return { total: rows.length, succeeded: written, failed: bad.length, file, refused, report };
    },
  });

export const refusalMessage = (result: ImportResult) =>
  result.refused ? importMessages.allOrNothingRefused(result.failed) : null;
