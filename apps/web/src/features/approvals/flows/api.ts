import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApprovalBusinessType, FlowNode } from '@dealer-hr/shared/approvals';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { ApiError, del, get, post, put, type Paged } from '../../../lib/api-client';

export type FlowStatus = 'active' | 'disabled';

/** A row of `GET /api/auth/approval/set/index` (`flowRow` of approvals.schemas.ts). */
export interface ApprovalFlow {
  id: number;
  business_type: ApprovalBusinessType;
  name: string;
  /** Null: the group-wide flow of its type. */
  department_id: number | null;
  department_name: string | null;
  nodes: FlowNode[];
  status: FlowStatus;
  remark: string | null;
  updated_at: string;
}

export interface FlowFilters {
  business_type?: ApprovalBusinessType;
  status?: FlowStatus;
  keyword?: string;
}

/** What store, update and check take. */
export interface FlowBody {
  business_type: ApprovalBusinessType;
  name: string;
  department_id: number | null;
  nodes: FlowNode[];
  status: FlowStatus;
  remark: string | null;
  /** Save although some departments find nobody at some node: the user has seen the gaps and agreed. */
  accept_gaps?: boolean;
}

/** A node at which some departments of the flow's scope find no approver (`flowGap`). */
export interface FlowGap {
  node_index: number;
  node_name: string;
  count: number;
  /** The first ten of them, by name. */
  departments: { id: number; name: string }[];
}

/** `GET /api/auth/approval/set/options`: what a node's approver select offers. */
export interface ApproverOptions {
  roles: { id: number; name: string }[];
  posts: { id: number; name: string }[];
  users: { id: number; name: string; username: string }[];
}

/** A node of `GET /api/auth/departments/my/tree` (a leaf has no `children`). */
export interface DepartmentOption {
  id: number;
  name: string;
  children?: DepartmentOption[];
}

/** Everything this page caches lives under this key. */
export const FLOWS_KEY = 'approvalFlows';

export const flowListQuery = (params: FlowFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [FLOWS_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<ApprovalFlow>>('/auth/approval/set/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const approverOptionsQuery = () =>
  queryOptions({
    queryKey: [FLOWS_KEY, 'options'],
    queryFn: ({ signal }) => get<ApproverOptions>('/auth/approval/set/options', undefined, { signal }),
    staleTime: 60_000,
  });

export const departmentTreeQuery = () =>
  queryOptions({
    queryKey: [FLOWS_KEY, 'departments'],
    queryFn: ({ signal }) => get<DepartmentOption[]>('/auth/departments/my/tree', undefined, { signal }),
    staleTime: 60_000,
  });

export const createFlow = (body: FlowBody) => post<ApprovalFlow>('/auth/approval/set/store', body);
export const updateFlow = (id: number, body: FlowBody) =>
  put<ApprovalFlow>('/auth/approval/set/update', { id, ...body });
export const deleteFlow = (id: number) => del<null>('/auth/approval/set/destroy', { id });
export const checkFlow = (body: FlowBody) => post<FlowGap[]>('/auth/approval/set/check', body);

/** The gaps of a save the server refused for them (422 with `data.gaps`); null for any other failure. */
export function gapsOf(error: unknown): FlowGap[] | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return null;
  const gaps = (error.data as { gaps?: unknown } | null)?.gaps;
  return Array.isArray(gaps) && gaps.length > 0 ? (gaps as FlowGap[]) : null;
}
