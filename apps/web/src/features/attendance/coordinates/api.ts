import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ClockPoint,
  ClockPointStoreInput,
  ClockPointUpdateInput,
  FenceCheckAnswer,
  FenceCheckInput,
} from '@dealer-hr/shared/attendance/contract';
import { del, get, post, put, type Paged } from '../../../lib/api-client';

export type { ClockPoint, FenceCheckAnswer };

export interface ClockPointFilters {
  store_id?: number;
  keyword?: string;
}

/** Everything the clock-in points page caches lives under this key. */
export const CLOCK_POINTS_KEY = 'clockPoints';

export const clockPointListQuery = (params: ClockPointFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [CLOCK_POINTS_KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<ClockPoint>>('/auth/clock/coordinates/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const createClockPoint = (body: ClockPointStoreInput) =>
  post<ClockPoint>('/auth/clock/coordinates/store', body);

export const updateClockPoint = (body: ClockPointUpdateInput) =>
  put<ClockPoint>('/auth/clock/coordinates/update', body);

export const deleteClockPoint = (id: number) =>
  del<{ id: number }>('/auth/clock/coordinates/destroy', { id });

export const checkFence = (body: FenceCheckInput) =>
  post<FenceCheckAnswer>('/auth/clock/coordinates/check', body);
