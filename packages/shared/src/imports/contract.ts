// The import routes' request and answer schemas (`/api/auth/imports/*`). The server validates and documents
// with them; the web only imports their types (`import type`), so zod stays out of its bundle.
import { z } from 'zod';
import { selectMessage } from '../rules';
import { zRequiredSelect } from '../validation';
import { importLabels } from './rules';

/** A row as the preview shows it: its number in the file, its cells by column key, and its problems. */
export const previewRow = z.object({
  row: z.number().int(),
  cells: z.record(z.string(), z.string()),
  problems: z.array(z.string()),
});
export type PreviewRow = z.infer<typeof previewRow>;

/** `POST imports/preview`: what the file holds, checked; `token` names it for the commit. */
export const importPreview = z.object({
  token: z.string(),
  kind: z.string(),
  columns: z.array(z.object({ key: z.string(), header: z.string() })),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first rows, good and bad. */
  rows: z.array(previewRow),
  /** The first bad rows, each with every problem. */
  failures: z.array(previewRow),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importStoreBody = z.object({
  token: z.string({ error: `${importLabels.token}不存在` }).regex(/^[\w-]{1,64}$/, {
    error: `${importLabels.token}不存在`,
  }),
  all_or_nothing: z.boolean({ error: selectMessage(importLabels.allOrNothing) }).default(false),
});
export type ImportStoreBody = z.input<typeof importStoreBody>;

export const importIdQuery = z.object({ id: zRequiredSelect(importLabels.import) });

/** An import job as its owner follows it. */
export const importJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired']),
  all_or_nothing: z.boolean(),
  /** Rows checked or written so far, of how many. */
  done: z.number().int(),
  total: z.number().int().nullable(),
  /** Once finished: rows written and rows refused (in the failure file). */
  succeeded: z.number().int().nullable(),
  failed: z.number().int().nullable(),
  /** A message for its owner when it could not run to the end, or refused the whole file. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

/**
 * What the caller's last ended import of a kind did (a list's "last import", e.g. `training/import/success`
 * and `training/import/failure`): its counts and its first rows written or refused, as the file had them.
 */
export const importReport = z.object({
  job_id: z.number().int(),
  status: z.string(),
  finished_at: z.string().nullable(),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  columns: z.array(z.object({ key: z.string(), header: z.string() })),
  /** The rows written (success) or refused with their problems (failure), first ones first. */
  rows: z.array(previewRow),
  /** Rows of that side beyond what the report holds. */
  more: z.number().int(),
});
export type ImportReport = z.infer<typeof importReport>;
