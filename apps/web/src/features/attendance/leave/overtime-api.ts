import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OvertimeStatus } from '@dealer-hr/shared/attendance/overtime';
import type { OvertimeRequest, OvertimeRequestInput } from '@dealer-hr/shared/attendance/overtime-contract';
import { get, post, put, type Paged } from '../../../lib/api-client';
import { LEAVE_KEY } from './leave-api';

export type { OvertimeRequest, OvertimeRequestInput };

export interface OvertimeFilters {
  keyword?: string;
  store_id?: number;
  from?: string;
  to?: string;
  status?: OvertimeStatus;
  mine?: '1';
}

/**
 * `GET clock/overtime/index`, under the leave's key: an approval or a cancel changes the time-off-in-lieu
 * balance beside it. Without `attendance:leave:export` the server answers the caller's own only.
 */
export const overtimeListQuery = (params: OvertimeFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...LEAVE_KEY, 'overtime', params],
    queryFn: ({ signal }) =>
      get<Paged<OvertimeRequest>>('/auth/clock/overtime/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A new request: it goes through the `overtime` approval flow (status `approving`). */
export const requestOvertime = (body: OvertimeRequestInput) =>
  post<OvertimeRequest>('/auth/clock/overtime/store', body);

/** The caller's own approving (withdrawn) or approved overtime (its lieu days taken back). */
export const cancelOvertime = (id: number) => put<OvertimeRequest>('/auth/clock/overtime/cancel', { id });
