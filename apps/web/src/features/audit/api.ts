import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { get, type Paged } from '../../lib/api-client';
import { timeZoneOf } from '../../lib/day-range';

export interface AuditUser {
  id: number;
  username: string;
  name: string;
}

/** A row of `GET /api/auth/audit/index`. */
export interface AuditRow {
  id: number;
  /** Null for a change the system made. */
  user: AuditUser | null;
  action: string;
  entity: string;
  entity_id: string | null;
  ip: string | null;
  created_at: string;
  changed_fields: string[];
}

export type AuditValues = Record<string, unknown>;

/** `GET /api/auth/audit/detail`. */
export interface AuditDetail extends AuditRow {
  before: AuditValues | null;
  after: AuditValues | null;
  request_id: string | null;
}

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
      get<{ entities: string[]; actions: string[] }>('/auth/audit/filters', undefined, {
        signal,
        silent: true,
      }),
  });
