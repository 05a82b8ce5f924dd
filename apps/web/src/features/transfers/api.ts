import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TransferCancelInput,
  TransferDetail,
  TransferEditInput,
  TransferPerson,
  TransferRow,
  TransferStoreInput,
  TransferTarget,
} from '@dealer-hr/shared/transfers/contract';
import type { TransferStatus } from '@dealer-hr/shared/transfers/rules';
import type { UploadAnswer } from '@dealer-hr/shared/uploads/contract';
import { get, post, put, type Paged, type QueryParams } from '../../lib/api-client';

export type { TransferDetail, TransferPerson, TransferRow, TransferStoreInput, TransferTarget };

export interface TransferFilters {
  /** The beginning of the name, pinyin, initials or employee number. */
  keyword?: string;
  type_id?: number;
  from_store_id?: number;
  to_store_id?: number;
  status?: TransferStatus;
  /** YYYY-MM-DD, inclusive: the effective dates. */
  from?: string;
  to?: string;
  /** `1`: the transfers waiting for the caller's decision. */
  awaiting_me?: 1;
}

/** Everything the transfer pages cache lives under this key. */
export const TRANSFERS_KEY = 'staffTransfers';

export const transferListQuery = (params: TransferFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [TRANSFERS_KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<TransferRow>>('/auth/user/job/transfer/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const transferDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [TRANSFERS_KEY, 'detail', id],
    queryFn: ({ signal }) => get<TransferDetail>('/auth/user/job/transfer/detail', { id }, { signal }),
  });

export const transferPeopleQuery = (keyword: string) =>
  queryOptions({
    queryKey: [TRANSFERS_KEY, 'people', keyword],
    queryFn: ({ signal }) => get<TransferPerson[]>('/auth/user/job/transfer/people', { keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

export const transferTargetQuery = (params: {
  department_id: number;
  post_id: number;
  employee_id?: number;
}) =>
  queryOptions({
    queryKey: [TRANSFERS_KEY, 'target', params],
    queryFn: ({ signal }) => get<TransferTarget>('/auth/user/job/transfer/target', { ...params }, { signal }),
  });

export const fileTransfer = (body: TransferStoreInput) =>
  post<TransferDetail>('/auth/user/job/transfer/store', body);

export const editTransfer = (body: TransferEditInput) =>
  put<TransferDetail>('/auth/user/job/transfer/edit', body);

export const cancelTransfer = (body: TransferCancelInput) =>
  post<TransferDetail>('/auth/user/job/transfer/cancel', body);

export type DecisionKind = 'approve' | 'reject';

/** The caller's task on the transfer's approval; the last approval applies a transfer dated today at once. */
export const decideTransfer = (kind: DecisionKind, id: number, comment: string | undefined) =>
  post<TransferDetail>(`/auth/user/job/transfer/${kind}`, { id, ...(comment ? { comment } : {}) });

export const exportFiltersOf = (filters: TransferFilters): QueryParams => ({ ...filters });

/** `POST upload/file`: an attachment of a transfer (an appointment letter), claimed when the transfer is filed. */
export function uploadAttachment(file: File): Promise<UploadAnswer> {
  const body = new FormData();
  body.append('purpose', 'other');
  body.append('file', file, file.name);
  return post<UploadAnswer>('/auth/upload/file', body);
}
