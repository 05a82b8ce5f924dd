import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { exportFileNames, exportMessages, type ExportKind } from '@dealer-hr/shared/exports/rules';
import type { ExportOptions, ExportSources } from '../../core/exports';
import type { Scope } from '../../core/scope';
import { defineJob } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import { sheetWriter } from '../../lib/xlsx';
import { notify } from '../messages';
import { parseExportQuery } from './export-query';

export const EXPORT_JOB = 'exports.excel';

/** What an export job carries: the filters as the list sent them, and the caller's scope when it started. */
export interface ExportPayload {
  kind: ExportKind;
  query: string;
  userId: number;
  scope: Scope;
  options: ExportOptions;
}

/** What a finished export leaves: its file, under the job files' directory, and what is in it. */
export interface ExportResult {
  file: string;
  rows: number;
  size: number;
}

/** Rows written between two checkpoints: a few tens of milliseconds of work, then requests run again. */
const ROWS_PER_STEP = 1000;

interface ExportJobOptions {
  db: Database;
  sources: ExportSources;
  /** Where job products are written (DATA_DIR/job-files). */
  dir: string;
  keepMs: number;
  /** Rows between two checkpoints (ROWS_PER_STEP). */
  rowsPerStep?: number;
}

/**
 * Writes one export's rows into an .xlsx file with exceljs' streaming writer, a page of rows at a time, and
 * tells its creator when the file is ready. Written aside and renamed at the end: a download never gets half
 * a file; a cancelled or failed run leaves none.
 */
export const exportJob = ({ db, sources, dir, keepMs, rowsPerStep = ROWS_PER_STEP }: ExportJobOptions) =>
  defineJob<ExportPayload, ExportResult>({
    kind: EXPORT_JOB,
    keepResultMs: keepMs,
    async run({ id, payload, checkpoint }) {
      const source = sources.get(payload.kind);
      if (!source) throw new Error(`no export source for ${payload.kind}`);
      const run = {
        userId: payload.userId,
        scope: payload.scope,
        query: parseExportQuery(source, payload.query),
        options: payload.options,
      };
      await checkpoint({ done: 0, ...(source.count && { total: await source.count(run) }) });
      await mkdir(dir, { recursive: true });
      const file = `export-${id}.xlsx`;
      const partial = join(dir, `${file}.part`);
      const out = createWriteStream(partial);
      // A write that fails (a full disk) fails the job; one that comes after the run was abandoned (the
      // zip writer still flushing into the destroyed file) is of no interest.
      let writeError: Error | undefined;
      out.on('error', (error) => (writeError ??= error));
      const closed = once(out, 'close');
      let rows = 0;
      const writer = sheetWriter(out, source.sheetName, source.columns);
      try {
        for await (const row of source.rows(run)) {
          writer.add(row);
          rows += 1;
          if (rows % rowsPerStep === 0) await checkpoint({ done: rows });
        }
        await writer.finish();
        await closed;
        if (writeError) throw writeError;
        await rename(partial, join(dir, file));
      } catch (error) {
        // Stopped (cancelled, shutting down) or failed: the writer is closed properly rather than cut off
        // under its own pending writes, and the partial file removed.
        if (!out.destroyed) await writer.finish().catch(() => {});
        await closed;
        await rm(partial, { force: true });
        throw error;
      }
      const { size } = await stat(join(dir, file));
      return { file, rows, size };
    },
    async succeeded({ id, payload }, result) {
      await notify(db, [payload.userId], {
        kind: 'export_ready',
        title: exportMessages.readyTitle,
        content: `${exportFileNames[payload.kind]}（${result.rows} 行）`,
        link: `/system/exports?id=${id}`,
      });
    },
  });
