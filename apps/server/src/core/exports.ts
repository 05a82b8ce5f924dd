import type { ExportKind } from '@dealer-hr/shared/exports/rules';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { AuditActor } from '../lib/audit';
import type { Access } from './access';
import type { Scope } from './scope';

// The seam between the lists that export and the export jobs (modules/exports): a module describes its
// export once, and both its direct download route and the background job write the same file from it.

/** What a source may decide from the caller's rights when an export starts, e.g. whole ID numbers. */
export type ExportOptions = Record<string, boolean | number | string>;

/** The caller starting an export: their rights are read now, the job runs later without them. */
export interface ExportCaller {
  userId: number;
  access: Access;
  audit: AuditActor;
}

/** One run of an export: the filters, and the data scope and options captured when it started. */
export interface ExportRun<Query> {
  userId: number;
  scope: Scope;
  query: Query;
  options: ExportOptions;
}

export type SheetRow = Record<string, string | number | null>;

/** A column of the file: the row's key it shows, its header and its width in characters. */
export interface ExportColumn {
  header: string;
  key: string;
  width: number;
}

export interface ExportSource<Query = never> {
  kind: ExportKind;
  /** The list's 导出 button: any one of these lets a user export it. */
  permission: string | readonly string[];
  sheetName: string;
  columns: readonly ExportColumn[];
  /** The list's query-string schema: an export selects exactly what the list shows. */
  query: z.ZodType<Query>;
  /**
   * At the start, with the caller: options the rows depend on, and the audit of what the export reveals,
   * written with `tx`, the transaction that starts the export.
   */
  prepare?(tx: Database, caller: ExportCaller, query: Query): Promise<ExportOptions>;
  /** How many rows the run will write, for its progress; absent when counting costs as much as writing. */
  count?(run: ExportRun<Query>): Promise<number>;
  /** The rows in the file's order, read a page at a time (keyset), never the whole list at once. */
  rows(run: ExportRun<Query>): AsyncIterable<SheetRow>;
}

/** Sources by kind, as the composition root (product-exports.ts) lists them. */
export type ExportSources = ReadonlyMap<ExportKind, ExportSource<unknown>>;

/** A source as the registry holds it: its query type is the source's own business. */
export const anyExportSource = <Query>(source: ExportSource<Query>) =>
  source as unknown as ExportSource<unknown>;
