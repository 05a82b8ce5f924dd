import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CreatableKind } from '@dealer-hr/shared/departments';
import type { DepartmentKind } from '@dealer-hr/shared/dictionary-types';
import { del, get, post, put, type Paged } from '../../lib/api-client';

export type DepartmentStatus = 'active' | 'disabled';

/** A node of `GET /api/auth/departments/tree`; `children` is absent when empty. */
export interface DepartmentNode {
  id: number;
  parent_id: number | null;
  name: string;
  kind: DepartmentKind;
  code: string | null;
  status: DepartmentStatus;
  children?: DepartmentNode[];
}

interface Named {
  id: number;
  name: string;
}

/** `GET /api/auth/departments/detail`. */
export interface DepartmentDetail {
  id: number;
  name: string;
  kind: DepartmentKind;
  code: string | null;
  parent: Named | null;
  path_names: string[];
  leader: Named | null;
  store: Named | null;
  sort: number;
  status: DepartmentStatus;
  children_count: number;
  staff_count: number;
  created_at: string;
  updated_at: string;
}

/** A row of `GET /api/auth/departments/staff`. */
export interface StaffRow {
  employee_id: number;
  employee_no: string;
  name: string;
  phone: string;
  status: string;
  department: Named;
  post: Named;
  is_main: boolean;
  start_date: string;
}

export interface DepartmentFields {
  name: string;
  code?: string | null;
  kind?: CreatableKind;
  /** Edit only: an employee of the department or below; null clears. */
  leader_employee_id?: number | null;
  sort?: number;
  status: DepartmentStatus;
}

/** Everything this page caches lives under this key. */
export const DEPARTMENTS_KEY = 'organizationDepartments';
export const TREE_KEY = [DEPARTMENTS_KEY, 'tree'] as const;

/** docs/web.md "Trees and dictionaries": the department tree is fetched once and cached; only the refresh button (or a change) refetches it. */
export const departmentTreeQuery = () =>
  queryOptions({
    queryKey: TREE_KEY,
    queryFn: ({ signal }) => get<DepartmentNode[]>('/auth/departments/tree', undefined, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const departmentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [DEPARTMENTS_KEY, 'detail', id],
    queryFn: ({ signal }) => get<DepartmentDetail>('/auth/departments/detail', { id }, { signal }),
  });

export const departmentStaffQuery = (id: number, page: number, limit: number) =>
  queryOptions({
    queryKey: [DEPARTMENTS_KEY, 'staff', id, page, limit],
    queryFn: ({ signal }) => get<Paged<StaffRow>>('/auth/departments/staff', { id, page, limit }, { signal }),
    placeholderData: keepPreviousData,
  });

export type Placement = 'same' | 'down';

export const createDepartment = (placement: Placement, anchorId: number, fields: DepartmentFields) =>
  post<{ id: number }>(`/auth/departments/store/${placement}`, { ...fields, id: anchorId });
export const updateDepartment = (id: number, fields: Partial<DepartmentFields>) =>
  put<{ id: number }>('/auth/departments/update', { ...fields, id });
export const moveDepartment = (id: number, parentId: number | null) =>
  put<{ id: number }>('/auth/departments/update', { id, parent_id: parentId });
export const deleteDepartment = (id: number) => del<{ id: number }>('/auth/departments/destroy', { id });
