import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { del, get, post, type Paged } from '../../lib/api-client';
import { ACTIVE_REFRESH_MS, EXPORTS_KEY, isActive, type ExportJob } from '../../lib/exports';

export type { ExportJob };

/** `GET down/timing/excel`: my exports, newest first; asked again every few seconds while one runs. */
export const exportListQuery = (paging: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [EXPORTS_KEY, 'list', paging],
    queryFn: ({ signal }) => get<Paged<ExportJob>>('/auth/down/timing/excel', paging, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isActive) ? ACTIVE_REFRESH_MS : false),
  });

/** `POST down/timing/excel/cancel`. */
export const cancelExport = (id: number) => post<ExportJob>('/auth/down/timing/excel/cancel', { id });

/** `DELETE down/timing/excel/destroy`: a finished export and its file. */
export const removeExport = (id: number) => del<null>('/auth/down/timing/excel/destroy', { id });
