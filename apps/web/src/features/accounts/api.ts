import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { get, post, put, type Paged } from '../../lib/api-client';

export type AccountStatus = 'active' | 'frozen';

/** A row of `GET /api/auth/accounts/index`. */
export interface Account {
  id: number;
  username: string;
  /** The employee's name when linked, else the account's display name. */
  name: string;
  employee: { id: number; name: string; phone: string } | null;
  postTitle: string | null;
  storeName: string | null;
  departmentName: string | null;
  status: AccountStatus;
  frozenReason: string | null;
  isSale: boolean;
  lastLoginAt: string | null;
  /** Roles granted to the account directly. */
  roles: { id: number; name: string }[];
}

export interface AccountFilters {
  name?: string;
  phone?: string;
  store_id?: number;
  post_id?: number;
  status?: AccountStatus;
}

export interface AccountListParams extends AccountFilters {
  page: number;
  limit: number;
}

export interface Option {
  id: number;
  name: string;
}

/** `GET /api/auth/accounts/options`: what the filters offer. */
export interface FilterOptions {
  stores: Option[];
  posts: Option[];
}

/** `GET /api/auth/accounts/employees`: an employee who may get an account. */
export interface EmployeeOption {
  id: number;
  name: string;
  phone: string;
  employeeNo: string;
  postTitle: string | null;
  storeName: string | null;
  departmentName: string | null;
}

/** A row of `GET /api/auth/roles` (the roles module). */
export interface RoleOption {
  id: number;
  key: string;
  name: string;
  status: 'active' | 'disabled';
}

export interface PermissionEntry {
  name: string;
  /** Its place in the menu, e.g. `系统管理 / 用户管理 / 冻结`. */
  title: string;
}

export type RoleSource =
  | { type: 'direct' }
  | {
      type: 'post';
      postId: number;
      postName: string;
      departmentId: number;
      departmentName: string;
      isMain: boolean;
    };

/** `GET /api/auth/accounts/access?id=`. */
export interface AccountAccess {
  user: { id: number; username: string; name: string; status: AccountStatus; isSale: boolean };
  isSuper: boolean;
  dataScope: 'all' | 'subtree';
  roles: {
    id: number;
    key: string;
    name: string;
    status: 'active' | 'disabled';
    isSuper: boolean;
    dataScope: 'all' | 'subtree';
    sources: RoleSource[];
    permissions: PermissionEntry[];
  }[];
  permissions: PermissionEntry[];
}

export interface CreateAccountFields {
  employee_id: number;
  username: string;
  password: string;
  is_sale: boolean;
}

/** Everything this page caches lives under this key. */
export const USERS_KEY = 'systemUsers';
/** Most roles an installation has; the role select shows them all. */
const ALL_ROLES_LIMIT = 100;

export const accountListQuery = (params: AccountListParams) =>
  queryOptions({
    queryKey: [USERS_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<Account>>('/auth/accounts/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
    // Accounts change under other administrators' hands: going back to a page asks again.
    staleTime: 0,
  });

export const filterOptionsQuery = () =>
  queryOptions({
    queryKey: [USERS_KEY, 'options'],
    queryFn: ({ signal }) => get<FilterOptions>('/auth/accounts/options', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export const employeeOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: [USERS_KEY, 'employees', keyword],
    queryFn: ({ signal }) => get<EmployeeOption[]>('/auth/accounts/employees', { keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * The roles to choose from. They need `system:roles:view`, which someone who assigns roles may lack: the
 * answer is left to the dialog (silent), so a refusal shows there instead of signing the user out.
 */
export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: [USERS_KEY, 'roles'],
    queryFn: ({ signal }) =>
      get<Paged<RoleOption>>('/auth/roles', { page: 1, limit: ALL_ROLES_LIMIT }, { signal, silent: true }),
    select: (answer) => answer.data,
    retry: false,
  });

export const accountAccessQuery = (id: number) =>
  queryOptions({
    queryKey: [USERS_KEY, 'access', id],
    queryFn: ({ signal }) => get<AccountAccess>('/auth/accounts/access', { id }, { signal }),
    staleTime: 0,
  });

export const createAccount = (fields: CreateAccountFields) =>
  post<{ id: number; username: string }>('/auth/accounts/store', fields);
export const resetPassword = (id: number, password: string) =>
  put<{ id: number; sessionsEnded: number }>('/auth/accounts/password', { id, password });
export const freezeAccount = (id: number, reason: string) =>
  put<unknown>('/auth/user/freeze', { id, reason });
export const thawAccount = (id: number, reason: string) => put<unknown>('/auth/user/thaw', { id, reason });
export const syncRoles = (userId: number, roleIds: number[]) =>
  put<unknown>('/auth/user/roles/sync', { user_id: userId, role_ids: roleIds });
