import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ProhibitedAction, ProhibitedSource, ProhibitedStatus } from '@dealer-hr/shared/prohibited';
import { get, post, put, type Paged } from '../../lib/api-client';
import { timeZoneOf } from '../../lib/day-range';
import { download } from '../../lib/download';

/** A row of `GET /api/auth/prohibited/index`. */
export interface ProhibitedRow {
  id: number;
  name: string;
  /** Masked by the server (first and last three characters); the full number never comes back. */
  id_number: string;
  phone: string | null;
  disable_reason: string;
  enable_reason: string | null;
  source: ProhibitedSource;
  status: ProhibitedStatus;
  created_by: string | null;
  created_at: string;
  dismissed_at: string | null;
}

/** A line of an entry's history; `actor` is null for what the approval engine did. */
export interface ProhibitedEvent {
  id: number;
  action: ProhibitedAction;
  actor: string | null;
  reason: string | null;
  /** For `change`: the changed fields (`name`, `phone`, `disable_reason`) before and after. */
  changes: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
  created_at: string;
}

/** `GET /api/auth/prohibited/detail`: the row with its history, oldest first. */
export interface ProhibitedDetail extends ProhibitedRow {
  history: ProhibitedEvent[];
  approval_instance_id: number | null;
}

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

export interface ProhibitedFields {
  name: string;
  id_number: string;
  phone: string | null;
  disable_reason: string;
}

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
export const createProhibited = (fields: ProhibitedFields) =>
  post<ProhibitedRow>('/auth/prohibited/store', fields);

/** The ID number is what the entry is about and cannot change. */
export const changeProhibited = (id: number, fields: Omit<ProhibitedFields, 'id_number'>) =>
  put<ProhibitedRow>('/auth/prohibited/change', { id, ...fields });

/** `dismissing` when the dismissal went to its approval flow, `dismissed` when it took effect at once. */
export const dismissProhibited = (id: number, enableReason: string) =>
  put<{ id: number; status: ProhibitedStatus; approval_instance_id: number | null }>(
    '/auth/prohibited/dismiss',
    { id, enable_reason: enableReason },
  );

/** Downloads `GET prohibited/export` (every row the filters match) as a file named `fileName`. */
export const downloadExport = (filters: ProhibitedFilters, fileName: string) =>
  download('/auth/prohibited/export', { ...filters, tz: timeZoneOf(filters) }, fileName);
