import { queryOptions } from '@tanstack/react-query';
import type { HeadcountCell, HeadcountGrid, HeadcountSaved } from '@dealer-hr/shared/headcount/contract';
import { get, put, type QueryParams } from '../../lib/api-client';

export type { GridCell, GridPost, GridRow, HeadcountGrid } from '@dealer-hr/shared/headcount/contract';

/** A changed cell of the grid, as `headcount/update` takes it. */
export type CellChange = HeadcountCell;

export interface GridFilters {
  region_id?: number;
  store_id?: number;
}

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
