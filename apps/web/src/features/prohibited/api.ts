import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ProhibitedChangeInput,
  ProhibitedDetail,
  ProhibitedDismissAnswer,
  ProhibitedEvent,
  ProhibitedRow,
  ProhibitedStoreBody,
  ProhibitedStoreInput,
} from '@dealer-hr/shared/prohibited/contract';
import type { ProhibitedSource, ProhibitedStatus } from '@dealer-hr/shared/prohibited/rules';
import { get, post, put, type Paged, type QueryParams } from '../../lib/api-client';
import { timeZoneOf } from '../../lib/day-range';

export type { ProhibitedDetail, ProhibitedEvent, ProhibitedRow };

export interface ProhibitedFilters {
  /** Part of the name or the phone. */
  keyword?: string;
  /** The whole number: the stored numbers are sealed, so a part matches nothing. */
  id_number?: string;
  status?: ProhibitedStatus;
  source?: ProhibitedSource;
  /** YYYY-MM-DD, inclusive: the days the entries were added. */
  from?: string;
  to?: string;
}

/** The form's values, as the server stores them. */
export type ProhibitedFields = Pick<ProhibitedStoreBody, 'name' | 'id_number' | 'phone' | 'disable_reason'>;

/** Everything this page caches lives under this key. */
export const PROHIBITED_KEY = 'staffProhibited';

export const prohibitedListQuery = (params: ProhibitedFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [PROHIBITED_KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<ProhibitedRow>>('/auth/prohibited/index', { ...params, tz: timeZoneOf(params) }, { signal }),
    placeholderData: keepPreviousData,
  });

export const prohibitedDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [PROHIBITED_KEY, 'detail', id],
    queryFn: ({ signal }) => get<ProhibitedDetail>('/auth/prohibited/detail', { id }, { signal }),
  });

/** Source is left to the server (`manual`): the other sources are other flows (resignation, import). */
export const createProhibited = (fields: ProhibitedStoreInput) =>
  post<ProhibitedRow>('/auth/prohibited/store', fields);

/** The ID number is what the entry is about and cannot change. */
export const changeProhibited = (id: number, fields: Omit<ProhibitedChangeInput, 'id'>) =>
  put<ProhibitedRow>('/auth/prohibited/change', { id, ...fields });

/** `dismissing` when the dismissal went to its approval flow, `dismissed` when it took effect at once. */
export const dismissProhibited = (id: number, enableReason: string) =>
  put<ProhibitedDismissAnswer>('/auth/prohibited/dismiss', { id, enable_reason: enableReason });

/** The filters an export of the list takes (`prohibited/export`'s query). */
export const exportFiltersOf = (filters: ProhibitedFilters): QueryParams => ({
  ...filters,
  tz: timeZoneOf(filters),
});
