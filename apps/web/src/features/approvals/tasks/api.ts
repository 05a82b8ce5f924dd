import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  InstanceDetail as DetailAnswer,
  InstanceSummary as SummaryAnswer,
  TaskCounts,
  TaskRow,
} from '@dealer-hr/shared/approvals/contract';
import {
  TASK_SCOPES,
  type ApprovalBusinessType,
  type ApprovalStatus,
  type FlowNode,
  type TaskScope,
} from '@dealer-hr/shared/approvals/rules';
import { get, post, type Paged } from '../../../lib/api-client';

// The approval task lists, the detail and the decisions (`approval/task/*`, the shared approvals contract).

export { TASK_SCOPES };
export type { TaskCounts, TaskRow, TaskScope };

/** The page of each list; messages link to them with `?instance=<id>`. */
export const SCOPE_PATHS: Record<TaskScope, string> = {
  todo: '/approval/todo',
  done: '/approval/done',
  mine: '/approval/mine',
};

export interface TaskFilters {
  business_type?: ApprovalBusinessType;
  status?: ApprovalStatus;
  keyword?: string;
}

/** `GET /api/auth/approval/task/detail`; its nodes typed as the shared FlowNode. */
export interface InstanceDetail extends Omit<DetailAnswer, 'nodes'> {
  nodes: (FlowNode & { tasks: NodeTask[] })[];
}
export type NodeTask = DetailAnswer['nodes'][number]['tasks'][number];
/** Null actor: what the engine did by itself (a skipped node, the completion). */
export type TimelineEvent = DetailAnswer['timeline'][number];
export type Person = DetailAnswer['applicant'];

/** What a decision answers; the status is one of the instance's (the server answers it as text). */
export interface InstanceSummary extends Omit<SummaryAnswer, 'status'> {
  status: ApprovalStatus;
}

/** Everything these pages cache lives under this key: a decision refreshes lists, counts and details. */
export const APPROVALS_KEY = 'approvalTasks';

export const taskListQuery = (scope: TaskScope, params: TaskFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [APPROVALS_KEY, 'list', scope, params],
    queryFn: ({ signal }) =>
      get<Paged<TaskRow>>('/auth/approval/task/index', { scope, ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const taskCountQuery = () =>
  queryOptions({
    queryKey: [APPROVALS_KEY, 'count'],
    queryFn: ({ signal }) => get<TaskCounts>('/auth/approval/task/count', undefined, { signal }),
  });

export const taskDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [APPROVALS_KEY, 'detail', id],
    queryFn: ({ signal }) => get<InstanceDetail>('/auth/approval/task/detail', { id }, { signal }),
    // A decision elsewhere (another approver) changes it: always ask again when it opens.
    staleTime: 0,
  });

/** An empty comment is sent as null: the server stores "no comment", not an empty string. */
const commentOf = (comment: string | undefined) => comment?.trim() || null;

/** `id` is the caller's task. */
export const approveTask = (taskId: number, comment?: string) =>
  post<InstanceSummary>('/auth/approval/task/approve', { id: taskId, comment: commentOf(comment) });

/** `id` is the caller's task; a rejection says why. */
export const rejectTask = (taskId: number, comment: string) =>
  post<InstanceSummary>('/auth/approval/task/reject', { id: taskId, comment: comment.trim() });

/** `id` is the instance. */
export const withdrawInstance = (instanceId: number, comment?: string) =>
  post<InstanceSummary>('/auth/approval/task/withdraw', { id: instanceId, comment: commentOf(comment) });
