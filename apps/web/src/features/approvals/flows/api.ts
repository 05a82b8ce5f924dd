import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApproverOptions, FlowGap, FlowRow, FlowStoreInput } from '@dealer-hr/shared/approvals/contract';
import type { ApprovalBusinessType, FlowNode, FlowStatus } from '@dealer-hr/shared/approvals/rules';
import type { DepartmentNode } from '@dealer-hr/shared/departments/contract';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { ApiError, del, get, post, put, type Paged } from '../../../lib/api-client';

export type { ApproverOptions, FlowGap, FlowStatus };

/** A row of `GET /api/auth/approval/set/index`: the contract's row, its nodes typed as the shared FlowNode. */
export interface ApprovalFlow extends Omit<FlowRow, 'nodes'> {
  nodes: FlowNode[];
}

export interface FlowFilters {
  business_type?: ApprovalBusinessType;
  status?: FlowStatus;
  keyword?: string;
}

/** What store, update and check take. */
export type FlowBody = FlowStoreInput;

/** A node of `GET /api/auth/departments/my/tree` (a leaf has no `children`): the part the select reads. */
export interface DepartmentOption extends Pick<DepartmentNode, 'id' | 'name'> {
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
