import { queryOptions } from '@tanstack/react-query';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { ApiError, get, post, put } from '../../lib/api-client';
import { download } from '../../lib/download';

export interface GridPost {
  id: number;
  code: string;
  name: string;
}

export interface GridCell {
  post_id: number;
  planned: number;
  actual: number;
}

export interface GridRow {
  store_id: number;
  store_code: string;
  store_name: string;
  region_id: number;
  region_name: string;
  /** In the order of `posts`. */
  cells: GridCell[];
  planned_total: number;
  actual_total: number;
}

/** `GET /api/auth/headcount/index`: stores (rows) x active posts (columns). */
export interface HeadcountGrid {
  posts: GridPost[];
  rows: GridRow[];
  totals: GridCell[];
  planned_total: number;
  actual_total: number;
}

export interface CellChange {
  store_id: number;
  post_id: number;
  planned: number;
}

export interface GridFilters {
  region_id?: number;
  store_id?: number;
}

/** One refused row of an import: the sheet's row number and why. */
export interface ImportRowError {
  field: string;
  row?: number;
  message: string;
}

export const HEADCOUNT_KEY = 'organizationHeadcount';

/** The whole grid of the caller's scope; the page narrows it by region and store itself. */
export const gridQuery = () =>
  queryOptions({
    queryKey: [HEADCOUNT_KEY, 'grid'],
    queryFn: ({ signal }) => get<HeadcountGrid>('/auth/headcount/index', {}, { signal }),
  });

export const saveCells = (items: CellChange[]) =>
  put<{ changed: number }>('/auth/headcount/update', { items });

/** Downloads `GET headcount/export` (the current filters) as a file named `fileName`. */
export const downloadExport = (filters: GridFilters, fileName: string) =>
  download('/auth/headcount/export', { ...filters }, fileName);

/** `POST headcount/import`: a 422 carries the bad rows in `data.errors`. */
export function importFile(file: File): Promise<{ rows: number; changed: number }> {
  const form = new FormData();
  form.append('file', file);
  return post<{ rows: number; changed: number }>('/auth/headcount/import', form);
}

/** The row errors of a refused import, if that is what `error` is. */
export function importErrorsOf(error: unknown): ImportRowError[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as ImportRowError[]) : [];
}
