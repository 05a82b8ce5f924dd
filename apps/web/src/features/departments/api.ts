import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CreateBody,
  DepartmentDetail as DetailAnswer,
  ManagedNode,
  StaffRow,
} from '@dealer-hr/shared/departments/contract';
import type { DepartmentStatus } from '@dealer-hr/shared/departments/rules';
import type { DepartmentKind } from '@dealer-hr/shared/dictionary-types';
import { del, get, post, put, type Paged } from '../../lib/api-client';

export type { DepartmentStatus, StaffRow };

// The answers are the shared contract's types; the web narrows the kind and the status, which the server
// answers as plain text, to the values it stores.

/** A node of `GET /api/auth/departments/tree`; `children` is absent when empty. */
export interface DepartmentNode extends Omit<ManagedNode, 'kind' | 'status' | 'children'> {
  kind: DepartmentKind;
  status: DepartmentStatus;
  children?: DepartmentNode[];
}

/** `GET /api/auth/departments/detail`. */
export interface DepartmentDetail extends Omit<DetailAnswer, 'kind' | 'status'> {
  kind: DepartmentKind;
  status: DepartmentStatus;
}

/** The form's values, sent as `store/same`, `store/down` or `update` (the node's id added). */
export type DepartmentFields = Pick<CreateBody, 'name' | 'status'> &
  Partial<Pick<CreateBody, 'code' | 'kind' | 'leader_employee_id' | 'sort'>>;

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
