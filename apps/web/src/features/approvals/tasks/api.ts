import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ApprovalAction,
  ApprovalBusinessType,
  ApprovalStatus,
  FlowNode,
  TaskStatus,
} from '@dealer-hr/shared/approvals';
import { get, post, type Paged } from '../../../lib/api-client';

// The approval task lists, the detail and the decisions (`approval/task/*`, approvals.schemas.ts), and the
// demo business's request (`approval/test/store`).

export const TASK_SCOPES = ['todo', 'done', 'mine'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

/** The page of each list; messages link to them with `?instance=<id>`. */
export const SCOPE_PATHS: Record<TaskScope, string> = {
  todo: '/approval/todo',
  done: '/approval/done',
  mine: '/approval/mine',
};

/** A row of `GET /api/auth/approval/task/index`: an instance, seen by the caller. */
export interface TaskRow {
  /** The instance: the detail opens by it. */
  id: number;
  /** The caller's task in it (to-do and done lists); null in "my requests". */
  task_id: number | null;
  business_type: ApprovalBusinessType;
  title: string;
  applicant_name: string;
  department_name: string;
  status: ApprovalStatus;
  /** The node waiting now; null once finished. */
  current_node_name: string | null;
  /** The caller's decision (done list). */
  decision: TaskStatus | null;
  decided_at: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface TaskFilters {
  business_type?: ApprovalBusinessType;
  status?: ApprovalStatus;
  keyword?: string;
}

export type TaskCounts = Record<TaskScope, number>;

export interface Person {
  id: number;
  name: string;
}

export interface NodeTask {
  id: number;
  approver: Person;
  status: TaskStatus;
  comment: string | null;
  decided_at: string | null;
}

export interface TimelineEvent {
  id: number;
  action: ApprovalAction;
  node_index: number | null;
  node_name: string | null;
  /** Null for what the engine did by itself (a skipped node, the completion). */
  actor: Person | null;
  comment: string | null;
  created_at: string;
}

/** `GET /api/auth/approval/task/detail`. */
export interface InstanceDetail {
  id: number;
  business_type: ApprovalBusinessType;
  title: string;
  status: ApprovalStatus;
  /** The submitted form, e.g. `{ amount }` of a test request or `{ days }` of a leave. */
  form: Record<string, unknown>;
  applicant: Person;
  department: Person;
  /** Index of the node waiting now; null once finished. */
  current_node: number | null;
  created_at: string;
  finished_at: string | null;
  nodes: (FlowNode & { tasks: NodeTask[] })[];
  timeline: TimelineEvent[];
  /** What the caller may do now: their open task at the current node, and whether they may withdraw. */
  actions: { task_id: number | null; can_withdraw: boolean };
}

/** What a decision answers. */
export interface InstanceSummary {
  id: number;
  status: ApprovalStatus;
  current_node: number | null;
}

/** A node of `GET /api/auth/departments/my/tree` (the caller's data scope). */
export interface DepartmentOption {
  id: number;
  name: string;
  children?: DepartmentOption[];
}

export interface TestRequestFields {
  title: string;
  department_id: number;
  amount: number;
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

export const departmentOptionsQuery = () =>
  queryOptions({
    queryKey: [APPROVALS_KEY, 'departments'],
    queryFn: ({ signal }) => get<DepartmentOption[]>('/auth/departments/my/tree', undefined, { signal }),
    staleTime: 60_000,
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

export const createTestRequest = (fields: TestRequestFields) =>
  post<InstanceSummary>('/auth/approval/test/store', fields);
