import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DispatchCancelInput,
  DispatchDetail,
  DispatchEditInput,
  DispatchExtendInput,
  DispatchHostDepartment,
  DispatchHostStore,
  DispatchPerson,
  DispatchReturnInput,
  DispatchRow,
  DispatchStoreInput,
} from '@dealer-hr/shared/dispatch/contract';
import type { DispatchStatus } from '@dealer-hr/shared/dispatch/rules';
import { get, post, put, type Paged } from '../../lib/api-client';

export type { DispatchDetail, DispatchPerson, DispatchRow, DispatchStoreInput };

export interface DispatchFilters {
  /** The beginning of the name, pinyin, initials or employee number. */
  keyword?: string;
  home_store_id?: number;
  host_store_id?: number;
  status?: DispatchStatus;
  /** YYYY-MM-DD, inclusive: the dispatches whose period meets these days. */
  from?: string;
  to?: string;
}

/** Everything the dispatch page caches lives under this key. */
export const DISPATCH_KEY = 'staffDispatch';

export const dispatchListQuery = (params: DispatchFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [DISPATCH_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<DispatchRow>>('/auth/dispatch/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const dispatchDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [DISPATCH_KEY, 'detail', id],
    queryFn: ({ signal }) => get<DispatchDetail>('/auth/dispatch/detail', { id }, { signal }),
  });

export const dispatchPeopleQuery = (keyword: string) =>
  queryOptions({
    queryKey: [DISPATCH_KEY, 'people', keyword],
    queryFn: ({ signal }) => get<DispatchPerson[]>('/auth/dispatch/people', { keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

export const fileDispatch = (body: DispatchStoreInput) => post<DispatchDetail>('/auth/dispatch/store', body);

export const editDispatch = (body: DispatchEditInput) => put<DispatchDetail>('/auth/dispatch/edit', body);

export const cancelDispatch = (body: DispatchCancelInput) =>
  post<DispatchDetail>('/auth/dispatch/cancel', body);

export const returnEarly = (body: DispatchReturnInput) => post<DispatchDetail>('/auth/dispatch/return', body);

export const extendDispatch = (body: DispatchExtendInput) =>
  post<DispatchDetail>('/auth/dispatch/extend', body);

/** Every active store a person can be lent to (the host store's manager approves, whatever the filer's scope). */
export const dispatchHostsQuery = () =>
  queryOptions({
    queryKey: [DISPATCH_KEY, 'hosts'],
    queryFn: ({ signal }) => get<DispatchHostStore[]>('/auth/dispatch/hosts', undefined, { signal }),
    staleTime: 60_000,
  });

export const dispatchHostDepartmentsQuery = (storeId: number) =>
  queryOptions({
    queryKey: [DISPATCH_KEY, 'host-departments', storeId],
    queryFn: ({ signal }) =>
      get<DispatchHostDepartment[]>('/auth/dispatch/host/departments', { store_id: storeId }, { signal }),
    staleTime: 60_000,
  });
