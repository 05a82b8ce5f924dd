import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DepartmentNode } from '@dealer-hr/shared/departments/contract';
import type { ChartNode } from '@dealer-hr/shared/org-chart/contract';
import { get } from '../../lib/api-client';

/** A node of `GET /api/auth/departments/chart`. */
export type { ChartNode };

/** A node of `GET /api/auth/departments/my/tree`, for the root selector: the part of it the selector reads. */
export interface DepartmentOption extends Pick<DepartmentNode, 'id' | 'name'> {
  children?: DepartmentOption[];
}

export const chartQuery = (rootId: number | undefined) =>
  queryOptions({
    queryKey: ['organization-chart', rootId ?? null],
    queryFn: ({ signal }) =>
      get<ChartNode[]>('/auth/departments/chart', rootId === undefined ? undefined : { root_id: rootId }, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const departmentOptionsQuery = () =>
  queryOptions({
    queryKey: ['organization-chart', 'departments'],
    queryFn: ({ signal }) => get<DepartmentOption[]>('/auth/departments/my/tree', undefined, { signal }),
    staleTime: 60_000,
  });
