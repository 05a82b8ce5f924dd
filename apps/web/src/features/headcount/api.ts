import { queryOptions } from '@tanstack/react-query';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import type {
  HeadcountCell,
  HeadcountGrid,
  HeadcountSaved,
  ImportAnswer,
  ImportRowError as ServerImportRowError,
} from '@dealer-hr/shared/headcount/contract';
import { ApiError, get, post, put, type QueryParams } from '../../lib/api-client';

export type { GridCell, GridPost, GridRow, HeadcountGrid } from '@dealer-hr/shared/headcount/contract';

/** A changed cell of the grid, as `headcount/update` takes it. */
export type CellChange = HeadcountCell;

export interface GridFilters {
  region_id?: number;
  store_id?: number;
}

/** One refused row of an import: the sheet's row number and why; a refusal of the file itself has no row. */
export type ImportRowError = Omit<ServerImportRowError, 'row'> & Partial<Pick<ServerImportRowError, 'row'>>;

export const HEADCOUNT_KEY = 'organizationHeadcount';

/** The whole grid of the caller's scope; the page narrows it by region and store itself. */
export const gridQuery = () =>
  queryOptions({
    queryKey: [HEADCOUNT_KEY, 'grid'],
    queryFn: ({ signal }) => get<HeadcountGrid>('/auth/headcount/index', {}, { signal }),
  });

export const saveCells = (items: CellChange[]) => put<HeadcountSaved>('/auth/headcount/update', { items });

/** The filters an export of the plan takes (`headcount/export`'s query). */
export const exportFiltersOf = (filters: GridFilters): QueryParams => ({ ...filters });

/** `POST headcount/import`: a 422 carries the bad rows in `data.errors`. */
export function importFile(file: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file);
  return post<ImportAnswer>('/auth/headcount/import', form);
}

/** The row errors of a refused import, if that is what `error` is. */
export function importErrorsOf(error: unknown): ImportRowError[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as ImportRowError[]) : [];
}
