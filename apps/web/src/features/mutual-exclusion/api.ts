import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EXCLUSION_STATUSES, ExclusionKind, ExclusionScope } from '@dealer-hr/shared/mutual-exclusion';
import { MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { del, get, post, put, type Paged } from '../../lib/api-client';

export type ExclusionStatus = (typeof EXCLUSION_STATUSES)[number];

/** A person of a people rule. */
export interface ExclusionMember {
  name: string;
  /** Masked by the server (first and last three characters); the full number never comes back. */
  id_number: string;
  /** Set when the person is on staff. */
  employee_id: number | null;
}

/** A row of `GET /api/auth/mutually/exclusive/index`. */
export interface ExclusionRule {
  id: number;
  name: string;
  kind: ExclusionKind;
  /** People rules only: where the people may not meet. */
  scope: ExclusionScope | null;
  /** Post rules only: the two posts one person may not hold together. */
  first_post_id: number | null;
  first_post_name: string | null;
  second_post_id: number | null;
  second_post_name: string | null;
  /** People rules only (empty for a post rule). */
  members: ExclusionMember[];
  description: string;
  status: ExclusionStatus;
  created_at: string;
  updated_at: string;
}

export interface ExclusionFilters {
  /** Part of the rule's name or of a member's name. */
  keyword?: string;
  kind?: ExclusionKind;
  status?: ExclusionStatus;
}

/** The body of `store` and (with the id) `update`: the whole rule, members with their full ID numbers. */
export type ExclusionFields =
  | {
      name: string;
      kind: 'people';
      scope: ExclusionScope;
      members: { name: string; id_number: string }[];
      description: string;
      status: ExclusionStatus;
    }
  | {
      name: string;
      kind: 'posts';
      first_post_id: number;
      second_post_id: number;
      description: string;
      status: ExclusionStatus;
    };

/** `POST mutually/exclusive/check`: a person at a placement. */
export interface CheckFields {
  id_number: string;
  store_id: number | null;
  department_id: number;
  post_ids: number[];
}

export interface ExclusionViolation {
  rule_id: number;
  rule_name: string;
  kind: ExclusionKind;
  /** The sentence to show, naming the other person or the posts and the rule. */
  message: string;
}

export interface CheckAnswer {
  allowed: boolean;
  violations: ExclusionViolation[];
}

/** An option of the post selects (a row of `GET /api/auth/posts/index`, the part used here). */
export interface PostOption {
  id: number;
  name: string;
}

/** A node of `GET /api/auth/departments/my/tree` (a leaf has no `children`); `kind` `store` for a store. */
export interface DepartmentOption {
  id: number;
  name: string;
  kind: string;
  children?: DepartmentOption[];
}

/** A row of `GET /api/auth/store/index`, the part used here: the store of a `store` node of the tree. */
export interface StoreOption {
  id: number;
  name: string;
  departmentId: number;
}

/** Everything this page caches lives under this key. */
export const EXCLUSION_KEY = 'staffMutuallyExclusive';

export const exclusionListQuery = (params: ExclusionFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [EXCLUSION_KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<ExclusionRule>>('/auth/mutually/exclusive/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

// The selects' posts and stores belong to other pages, whose view permission the user may lack. A refusal
// (1403) would sign the user out, so they are asked silently, once: the dialog says when they are missing.

/** The active posts, for the post rule's selects and the check. */
export const postOptionsQuery = () =>
  queryOptions({
    queryKey: [EXCLUSION_KEY, 'posts'],
    queryFn: ({ signal }) =>
      get<Paged<PostOption>>(
        '/auth/posts/index',
        { limit: MAX_PAGE_SIZE, status: 'active' },
        { signal, silent: true },
      ),
    select: (page) => page.data,
    retry: false,
    staleTime: 60_000,
  });

export const departmentOptionsQuery = () =>
  queryOptions({
    queryKey: [EXCLUSION_KEY, 'departments'],
    queryFn: ({ signal }) => get<DepartmentOption[]>('/auth/departments/my/tree', undefined, { signal }),
    staleTime: 60_000,
  });

/** The active stores, so the check can name the store of the chosen department. */
export const storeOptionsQuery = () =>
  queryOptions({
    queryKey: [EXCLUSION_KEY, 'stores'],
    queryFn: ({ signal }) =>
      get<Paged<StoreOption>>(
        '/auth/store/index',
        { limit: MAX_PAGE_SIZE, status: 'active' },
        { signal, silent: true },
      ),
    select: (page) => page.data,
    retry: false,
    staleTime: 60_000,
  });

export const createExclusion = (fields: ExclusionFields) =>
  post<ExclusionRule>('/auth/mutually/exclusive/store', fields);

/** The whole rule again: the members sent replace the old ones. */
export const updateExclusion = (id: number, fields: ExclusionFields) =>
  put<ExclusionRule>('/auth/mutually/exclusive/update', { id, ...fields });

export const deleteExclusion = (id: number) =>
  del<{ id: number }>('/auth/mutually/exclusive/destroy', { id });

export const checkPlacement = (fields: CheckFields) =>
  post<CheckAnswer>('/auth/mutually/exclusive/check', fields);
