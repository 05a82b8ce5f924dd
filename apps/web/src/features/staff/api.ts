import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmployeeStatus } from '@dealer-hr/shared/dictionary-types';
import { get, put, type Paged } from '../../lib/api-client';
import { download } from '../../lib/download';

export type Gender = 'male' | 'female';

/** Where a person works now (their open main post), or worked last when they have left. */
export interface Placement {
  store_id: number | null;
  store_name: string | null;
  department_id: number | null;
  department_name: string | null;
  post_id: number | null;
  post_name: string | null;
}

/** A row of `GET /api/auth/user/index`. */
export interface StaffRow extends Placement {
  id: number;
  employee_no: string;
  name: string;
  gender: Gender;
  phone: string;
  /** Masked by the server (first and last three characters); `user/detail/id-number` reveals it. */
  id_number: string;
  status: EmployeeStatus;
  employee_type_id: number | null;
  employee_type_name: string | null;
  /** YYYY-MM-DD. */
  entry_date: string;
  left_on: string | null;
}

/** A main or part-time post held over a period; an open one has no end date. */
export interface Assignment extends Placement {
  id: number;
  is_main: boolean;
  start_date: string;
  end_date: string | null;
}

/** The person's login account, if they have one. */
export interface StaffAccount {
  username: string;
  status: string;
  is_sale: boolean;
}

/** `GET /api/auth/user/detail`: every field, with the dictionary items' names beside their ids. */
export interface StaffDetail extends StaffRow {
  email: string | null;
  id_type_id: number;
  id_type_name: string | null;
  birth_date: string | null;
  height: number | null;
  ethnicity_id: number | null;
  ethnicity_name: string | null;
  marital_status_id: number | null;
  marital_status_name: string | null;
  education_id: number | null;
  education_name: string | null;
  college: string | null;
  region_id: number | null;
  region_name: string | null;
  has_license_id: number | null;
  has_license_name: string | null;
  face_url: string | null;
  work_user_id: string | null;
  account: StaffAccount | null;
  /** Main and part-time posts over time, the newest first. */
  assignments: Assignment[];
  created_at: string;
  updated_at: string;
}

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

/** `PUT user/update`: the whole profile. */
export interface StaffUpdateBody {
  id: number;
  name: string;
  phone: string;
  /** Left out only while the record has none (docs/decisions.md "Required fields of an existing record"). */
  email?: string;
  gender: Gender;
  id_type_id: number;
  /** Only to change it: the form holds the masked number otherwise. */
  id_number?: string;
  birth_date: string | null;
  height?: number;
  ethnicity_id?: number;
  marital_status_id?: number;
  education_id?: number;
  college?: string;
  region_id?: number;
  employee_type_id?: number;
  has_license_id: number | null;
  entry_date: string;
  work_user_id: string | null;
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

export const updateStaff = (body: StaffUpdateBody) => put<StaffDetail>('/auth/user/update', body);

/** The whole ID number of one person; the server records who asked. */
export const revealIdNumber = (id: number) =>
  get<{ id: number; id_number: string }>('/auth/user/detail/id-number', { id }).then(
    (answer) => answer.id_number,
  );

/** Downloads `GET user/export` (every person the filters match) as a file named `fileName`. */
export const downloadExport = (filters: StaffFilters, fileName: string) =>
  download('/auth/user/export', { ...filters }, fileName);

/** The profile page of person `id` (a hidden menu page). */
export const detailPath = (id: number) => `/staff/detail?id=${id}`;
