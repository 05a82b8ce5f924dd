import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditDetail,
  AuditFilters as AuditFilterOptions,
  AuditRow,
  AuditUser,
} from '@dealer-hr/shared/audit/contract';
import { get, type Paged } from '../../lib/api-client';
import { timeZoneOf } from '../../lib/day-range';

export type { AuditDetail, AuditRow, AuditUser };

/** A record's values before or after a change. */
export type AuditValues = NonNullable<AuditDetail['before']>;

export interface AuditFilters {
  username?: string;
  entity?: string;
  action?: string;
  entity_id?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
}

/** Everything this page caches lives under this key. */
export const AUDIT_KEY = 'systemAudit';

export const auditListQuery = (params: AuditFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [AUDIT_KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<AuditRow>>('/auth/audit/index', { ...params, tz: timeZoneOf(params) }, { signal }),
    placeholderData: keepPreviousData,
  });

export const auditDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [AUDIT_KEY, 'detail', id],
    queryFn: ({ signal }) => get<AuditDetail>('/auth/audit/detail', { id }, { signal }),
    // A row never changes.
    staleTime: Infinity,
  });

export const auditFilterOptionsQuery = () =>
  queryOptions({
    queryKey: [AUDIT_KEY, 'filters'],
    queryFn: ({ signal }) =>
      get<AuditFilterOptions>('/auth/audit/filters', undefined, {
        signal,
        silent: true,
      }),
  });
