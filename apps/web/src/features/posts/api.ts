import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { del, get, post, put, type Paged } from '../../lib/api-client';

/** A row of `GET /api/auth/posts/index`. */
export interface Post {
  id: number;
  code: string;
  name: string;
  post_type_id: number | null;
  post_type_name: string | null;
  category_id: number | null;
  category_name: string | null;
  is_main: boolean;
  sort: number;
  status: 'active' | 'disabled';
  description: string;
  created_at: string;
  updated_at: string;
}

export interface PostFilters {
  keyword?: string;
  post_type_id?: number;
  category_id?: number;
  /** `1` main posts, `0` the others; absent: all. */
  is_main?: '1' | '0';
  status?: 'active' | 'disabled';
}

export interface PostFields {
  code: string;
  name: string;
  post_type_id: number | null;
  category_id: number | null;
  is_main: boolean;
  sort: number;
  status: 'active' | 'disabled';
  description: string;
}

/** Everything this page caches lives under this key. */
export const POSTS_KEY = 'organizationPosts';

export const postListQuery = (params: PostFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [POSTS_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<Post>>('/auth/posts/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const createPost = (fields: PostFields) => post<Post>('/auth/posts/store', fields);
export const updatePost = (id: number, fields: Partial<PostFields>) =>
  put<Post>('/auth/posts/update', { id, ...fields });
export const deletePost = (id: number) => del<{ id: number }>('/auth/posts/destroy', { id });
