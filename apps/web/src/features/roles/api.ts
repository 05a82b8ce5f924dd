import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminMenuNode } from '@dealer-hr/shared/menus/contract';
import type {
  PostOption,
  RoleCreateBody,
  RoleCreateInput,
  RoleRow,
  RoleUpdateInput,
} from '@dealer-hr/shared/roles/contract';
import type { DataScope, RoleStatus } from '@dealer-hr/shared/roles/rules';
import { del, get, post, put, type Paged } from '../../lib/api-client';

export type { DataScope, PostOption, RoleStatus };

/** A row of `GET /api/auth/roles`. */
export type Role = RoleRow;

export interface RoleFilters {
  name?: string;
  status?: RoleStatus;
}

export interface RoleListParams extends RoleFilters {
  page: number;
  limit: number;
}

/** The role form's values, as the server stores them. */
export type RoleFields = Required<RoleCreateBody>;

/**
 * A node of `GET /api/auth/menus` (the menus module): every menu item of every type, buttons included,
 * with its own permission name; the part the grant tree reads.
 */
export interface MenuItemNode extends Pick<
  AdminMenuNode,
  'id' | 'parent_id' | 'name' | 'title' | 'path' | 'type_id' | 'perm'
> {
  children: MenuItemNode[];
}

/** Everything this page caches lives under this key. */
export const ROLES_KEY = 'systemRoles';
/** Most roles an installation has; the post-roles select shows them all. */
const ALL_ROLES_LIMIT = 100;

export const roleListQuery = (params: RoleListParams) =>
  queryOptions({
    queryKey: [ROLES_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<Role>>('/auth/roles', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const allRolesQuery = () =>
  queryOptions({
    queryKey: [ROLES_KEY, 'all'],
    queryFn: ({ signal }) => get<Paged<Role>>('/auth/roles', { limit: ALL_ROLES_LIMIT }, { signal }),
    select: (answer) => answer.data,
  });

export const roleMenusQuery = (roleId: number) =>
  queryOptions({
    queryKey: [ROLES_KEY, 'menus', roleId],
    queryFn: ({ signal }) => get<number[]>('/auth/roles/menus', { id: roleId }, { signal }),
    staleTime: 0,
  });

/**
 * The whole menu. It needs `system:menus:view`, which a role editor may lack: the answer is left to the
 * drawer (silent), so a refusal shows there instead of signing the user out.
 */
export const menuItemsQuery = () =>
  queryOptions({
    queryKey: [ROLES_KEY, 'menuItems'],
    queryFn: ({ signal }) => get<MenuItemNode[]>('/auth/menus', undefined, { signal, silent: true }),
  });

export const postOptionsQuery = () =>
  queryOptions({
    queryKey: [ROLES_KEY, 'posts'],
    queryFn: ({ signal }) => get<PostOption[]>('/auth/posts/options', undefined, { signal }),
  });

export const createRole = (fields: RoleCreateInput) => post<{ id: number }>('/auth/roles/store', fields);
export const updateRole = (id: number, fields: Omit<RoleUpdateInput, 'id'>) =>
  put<{ id: number }>('/auth/roles/update', { id, ...fields });
export const deleteRole = (id: number) => del<{ id: number }>('/auth/roles/destroy', { id });
export const saveRoleMenus = (id: number, menuIds: number[]) =>
  put<number[]>('/auth/roles/menus', { id, menu_ids: menuIds });
export const savePostRoles = (postId: number, roleIds: number[]) =>
  put<number[]>('/auth/posts/roles', { post_id: postId, role_ids: roleIds });
