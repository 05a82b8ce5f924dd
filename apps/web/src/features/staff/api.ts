import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmployeeStatus } from '@dealer-hr/shared/dictionary-types';
import type {
  RevealedIdNumber,
  StaffDetail,
  StaffRow,
  StaffUpdateInput,
} from '@dealer-hr/shared/staff/contract';
import { get, put, type Paged, type QueryParams } from '../../lib/api-client';

// The answers and the update body are the shared contract's types (docs/api.md); only the list's
// filters are the web's own: the server reads them from a query string.
export type {
  Assignment,
  Placement,
  StaffAccount,
  StaffDetail,
  StaffRow,
  StaffUpdateInput,
} from '@dealer-hr/shared/staff/contract';
export type { Gender } from '@dealer-hr/shared/staff/rules';

export interface StaffFilters {
  /** Part of the name, its pinyin or initials, or the employee number. */
  keyword?: string;
  /** Part of the phone number. */
  phone?: string;
  /** The whole ID number: the stored numbers are compared whole. */
  id_number?: string;
  store_id?: number;
  /** The department and everything under it. */
  department_id?: number;
  post_id?: number;
  status?: EmployeeStatus;
  employee_type_id?: number;
  /** YYYY-MM-DD, inclusive: plain dates, read as they are (no time zone). */
  entry_from?: string;
  entry_to?: string;
}

/** Everything these pages cache lives under this key: a save refreshes the list and the profile. */
export const STAFF_KEY = 'staffDirectory';

export const staffListQuery = (params: StaffFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [STAFF_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<StaffRow>>('/auth/user/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const staffDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [STAFF_KEY, 'detail', id],
    queryFn: ({ signal }) => get<StaffDetail>('/auth/user/detail', { id }, { signal }),
  });

export const updateStaff = (body: StaffUpdateInput) => put<StaffDetail>('/auth/user/update', body);

/** The whole ID number of one person; the server records who asked. */
export const revealIdNumber = (id: number) =>
  get<RevealedIdNumber>('/auth/user/detail/id-number', { id }).then((answer) => answer.id_number);

/** The filters an export of the directory takes (`user/export`'s query). */
export const exportFiltersOf = (filters: StaffFilters): QueryParams => ({ ...filters });

/** The profile page of person `id` (a hidden menu page). */
export const detailPath = (id: number) => `/staff/detail?id=${id}`;
