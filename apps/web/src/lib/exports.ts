import { queryOptions } from '@tanstack/react-query';
import type { ExportJob } from '@dealer-hr/shared/exports/contract';
import { ACTIVE_EXPORT_STATUSES, type ExportKind } from '@dealer-hr/shared/exports/rules';
import { buildQuery, get, post, type Paged, type QueryParams } from './api-client';
import { download } from './download';

// Exports run as jobs on the server (docs/web.md "Lists"). A list's 导出 button (components/), the
// navbar's badge (app/) and the exports page (features/exports) all read them: the calls live here,
// below all of them.

export type { ExportJob };

/** Every query of the user's exports lives under this key; starting or ending one invalidates it. */
export const EXPORTS_KEY = 'exports';

/** The exports page and the badge. */
export const EXPORTS_PATH = '/system/exports';

/** How often the badge asks while exports run, and while none do (an export started in another tab). */
export const ACTIVE_REFRESH_MS = 2_000;
export const IDLE_REFRESH_MS = 60_000;

export const isActive = (job: Pick<ExportJob, 'status'>) => ACTIVE_EXPORT_STATUSES.includes(job.status);

/** Starts an export of a list with the filters the list shows (as its export route takes them). */
export const startExport = (kind: ExportKind, filters: QueryParams) =>
  post<ExportJob>('/auth/down/timing/excel/store', { kind, query: buildQuery(filters).slice(1) });

export const exportDetail = (id: number, signal?: AbortSignal) =>
  get<ExportJob>('/auth/down/timing/excel/detail', { id }, { signal });

/** The file of a finished export, saved under `fileName` (the reader's language: `common:exportFiles`). */
export const downloadExport = (id: number, fileName: string) =>
  download('/auth/down/timing/excel/download', { id }, fileName);

/**
 * The user's exports still queued or running (the navbar badge): asked every few seconds while there are
 * some, every minute otherwise. Silent: a failed count is no reason to toast.
 */
export const activeExportsQuery = () =>
  queryOptions({
    queryKey: [EXPORTS_KEY, 'active'],
    queryFn: ({ signal }) =>
      get<Paged<ExportJob>>('/auth/down/timing/excel', { active: 1, limit: 20 }, { signal, silent: true }),
    refetchInterval: (query) => ((query.state.data?.total ?? 0) > 0 ? ACTIVE_REFRESH_MS : IDLE_REFRESH_MS),
    retry: false,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits a short while for a just-started export: most lists are small and done within a second or two, and
 * are then downloaded at once. Answers the export as it last was: finished, or still running.
 */
export async function settledSoon(job: ExportJob, waitMs: number, pollMs = 400): Promise<ExportJob> {
  let current = job;
  for (let waited = 0; isActive(current) && waited < waitMs; waited += pollMs) {
    await sleep(pollMs);
    current = await exportDetail(job.id);
  }
  return current;
}
