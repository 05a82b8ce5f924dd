import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DepartmentNode } from '@dealer-hr/shared/departments/contract';
import type {
  ExclusionCheckAnswer,
  ExclusionCheckBody,
  ExclusionCheckInput,
  ExclusionRow,
  ExclusionStoreInput,
  ExclusionViolation,
} from '@dealer-hr/shared/mutual-exclusion/contract';
import type {
  ExclusionKind,
  ExclusionScope,
  ExclusionStatus,
} from '@dealer-hr/shared/mutual-exclusion/rules';
import type { PostRow } from '@dealer-hr/shared/posts/contract';
import type { StoreRow } from '@dealer-hr/shared/stores/contract';
import { MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { del, get, post, put, type Paged } from '../../lib/api-client';

export type { ExclusionStatus };

/** A row of `GET /api/auth/mutually/exclusive/index`. */
export type ExclusionRule = ExclusionRow;
/** A person of a people rule; the ID number masked, `employee_id` set when they are on staff. */
export type ExclusionMember = ExclusionRow['members'][number];

export interface ExclusionFilters {
  /** Part of the rule's name or of a member's name. */
  keyword?: string;
  kind?: ExclusionKind;
  status?: ExclusionStatus;
}

/**
 * The body of `store` and (with the id) `update`: the whole rule, members with their full ID numbers. Stricter
 * than the contract's body, whose kind-dependent fields are all optional: the form sends one kind's fields.
 */
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

/** `POST mutually/exclusive/check`: a person at a placement (the check dialog names no employee). */
export type CheckFields = Required<Omit<ExclusionCheckBody, 'employee_id'>>;

export type { ExclusionViolation };
export type CheckAnswer = ExclusionCheckAnswer;

/** An option of the post selects (a row of `GET /api/auth/posts/index`, the part used here). */
export type PostOption = Pick<PostRow, 'id' | 'name'>;

/** A node of `GET /api/auth/departments/my/tree` (a leaf has no `children`); `kind` `store` for a store. */
export interface DepartmentOption extends Pick<DepartmentNode, 'id' | 'name' | 'kind'> {
  children?: DepartmentOption[];
}

/** A row of `GET /api/auth/store/index`, the part used here: the store of a `store` node of the tree. */
export type StoreOption = Pick<StoreRow, 'id' | 'name' | 'departmentId'>;

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
  post<ExclusionRule>('/auth/mutually/exclusive/store', fields satisfies ExclusionStoreInput);

/** The whole rule again: the members sent replace the old ones. */
export const updateExclusion = (id: number, fields: ExclusionFields) =>
  put<ExclusionRule>('/auth/mutually/exclusive/update', { id, ...(fields satisfies ExclusionStoreInput) });

export const deleteExclusion = (id: number) =>
  del<{ id: number }>('/auth/mutually/exclusive/destroy', { id });

export const checkPlacement = (fields: CheckFields) =>
  post<CheckAnswer>('/auth/mutually/exclusive/check', fields satisfies ExclusionCheckInput);
