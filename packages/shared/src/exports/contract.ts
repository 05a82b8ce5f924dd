// The export jobs' request and answer schemas (`/api/auth/down/timing/excel*`). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of its bundle.
import { selectMessage } from '../rules';
import { zRequiredSelect } from '../validation';
import { z } from 'zod';
import { EXPORT_KINDS, EXPORT_QUERY_MAX, EXPORT_STATUSES, exportLabels } from './rules';

export const exportStoreBody = z.object({
  kind: z.enum(EXPORT_KINDS, { error: selectMessage(exportLabels.kind) }),
  /**
   * The list's filters as its export route takes them: a query string without `?` (`status=active&page=1`).
   * The job reads it with that route's own schema, so an export selects exactly what the list shows.
   */
  query: z
    .string({ error: `${exportLabels.query}格式不正确` })
    .max(EXPORT_QUERY_MAX, { error: `${exportLabels.query}不能超过 ${EXPORT_QUERY_MAX} 个字符` })
    .default(''),
});
export type ExportStoreBody = z.input<typeof exportStoreBody>;

export const exportIdBody = z.object({ id: zRequiredSelect(exportLabels.export) });

/** An export as its owner sees it on `/system/exports`. */
export const exportJob = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  file_name: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written so far, and of how many (null until counted). */
  done: z.number().int(),
  total: z.number().int().nullable(),
  /** Once finished: the rows and bytes of the file. */
  rows: z.number().int().nullable(),
  size: z.number().int().nullable(),
  /** Why it failed, for its owner (never a stack). */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Until when the file can be downloaded. */
  expires_at: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;
