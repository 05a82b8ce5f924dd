import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AccessAnswer,
  AccountRow,
  CreateBody,
  CreateInput,
  Created,
  EmployeeOption,
  FilterOptions,
  PasswordAnswer,
  PermissionEntry,
  RoleSource,
} from '@dealer-hr/shared/accounts/contract';
import type { AccountStatus } from '@dealer-hr/shared/accounts/rules';
import type { RoleRow } from '@dealer-hr/shared/roles/contract';
import { get, post, put, type Paged } from '../../lib/api-client';

export type { AccountStatus, EmployeeOption, FilterOptions, PermissionEntry, RoleSource };

/** A row of `GET /api/auth/accounts/index`. */
export type Account = AccountRow;

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

export type Option = FilterOptions['stores'][number];

/** A row of `GET /api/auth/roles` (the roles module): the part the role select reads. */
export type RoleOption = Pick<RoleRow, 'id' | 'key' | 'name' | 'status'>;

/** `GET /api/auth/accounts/access?id=`. */
export type AccountAccess = AccessAnswer;

/** The new account form's values, as the server reads them. */
export type CreateAccountFields = Required<CreateBody>;

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

export const createAccount = (fields: CreateInput) => post<Created>('/auth/accounts/store', fields);
export const resetPassword = (id: number, password: string) =>
  put<PasswordAnswer>('/auth/accounts/password', { id, password });
export const freezeAccount = (id: number, reason: string) =>
  put<unknown>('/auth/user/freeze', { id, reason });
export const thawAccount = (id: number, reason: string) => put<unknown>('/auth/user/thaw', { id, reason });
export const syncRoles = (userId: number, roleIds: number[]) =>
  put<unknown>('/auth/user/roles/sync', { user_id: userId, role_ids: roleIds });
