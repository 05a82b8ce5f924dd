import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ResignationCancelInput,
  ResignationDetail,
  ResignationEditInput,
  ResignationGoInput,
  ResignationPerson,
  ResignationRow,
  ResignationSetting,
  ResignationSettingInput,
  ResignationStoreInput,
} from '@dealer-hr/shared/resignation/contract';
import type { HandoverFilter, ResignationStatus, ResignationType } from '@dealer-hr/shared/resignation/rules';
import { get, post, put, type Paged } from '../../lib/api-client';

export type {
  ResignationDetail,
  ResignationPerson,
  ResignationRow,
  ResignationSetting,
  ResignationStoreInput,
};

export interface ResignationFilters {
  /** The beginning of the name, pinyin, initials or employee number. */
  keyword?: string;
  store_id?: number;
  reason_id?: number;
  type?: ResignationType;
  status?: ResignationStatus;
  handover?: HandoverFilter;
  /** YYYY-MM-DD, inclusive: the last working days. */
  from?: string;
  to?: string;
}

/** Everything the resignation page caches lives under this key. */
export const RESIGNATION_KEY = 'staffResignation';

export const resignationListQuery = (params: ResignationFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [RESIGNATION_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<ResignationRow>>('/auth/resign/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const resignationDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [RESIGNATION_KEY, 'detail', id],
    queryFn: ({ signal }) => get<ResignationDetail>('/auth/resign/detail', { id }, { signal }),
  });

export const resignationPeopleQuery = (keyword: string) =>
  queryOptions({
    queryKey: [RESIGNATION_KEY, 'people', keyword],
    queryFn: ({ signal }) => get<ResignationPerson[]>('/auth/resign/people', { keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

export const fileResignation = (body: ResignationStoreInput) =>
  post<ResignationDetail>('/auth/resign/store', body);

export const editResignation = (body: ResignationEditInput) =>
  put<ResignationDetail>('/auth/resign/edit', body);

export const cancelResignation = (body: ResignationCancelInput) =>
  post<ResignationDetail>('/auth/resign/cancel', body);

export const goResignation = (body: ResignationGoInput) => post<ResignationDetail>('/auth/resign/go', body);

/** A store's setting (or the group's, without a store). */
export const resignationSettingQuery = (storeId: number | null) =>
  queryOptions({
    queryKey: [RESIGNATION_KEY, 'setting', storeId],
    queryFn: ({ signal }) =>
      get<ResignationSetting>('/auth/resign/setting', storeId === null ? {} : { store_id: storeId }, {
        signal,
      }),
  });

export const saveResignationSetting = (body: ResignationSettingInput) =>
  put<ResignationSetting>('/auth/resign/setting', body);
