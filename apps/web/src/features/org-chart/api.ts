import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { get } from '../../lib/api-client';

/** A node of `GET /api/auth/departments/chart`. */
export interface ChartNode {
  id: number;
  name: string;
  kind: string;
  leader: { id: number; name: string } | null;
  /** Current staff of the node and everything below it. */
  headcount: number;
  /** Planned headcount of the stores at and below; null on departments and teams. */
  planned: number | null;
  children: ChartNode[];
}

/** A node of `GET /api/auth/departments/my/tree`, for the root selector. */
export interface DepartmentOption {
  id: number;
  name: string;
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
