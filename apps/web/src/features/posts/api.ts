import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  PostRow,
  PostStoreBody,
  PostStoreInput,
  PostUpdateInput,
} from '@dealer-hr/shared/posts/contract';
import type { PostStatus } from '@dealer-hr/shared/posts/rules';
import { del, get, post, put, type Paged } from '../../lib/api-client';

/** A row of `GET /api/auth/posts/index`. */
export type Post = PostRow;

export interface PostFilters {
  keyword?: string;
  post_type_id?: number;
  category_id?: number;
  /** `1` main posts, `0` the others; absent: all. */
  is_main?: '1' | '0';
  status?: PostStatus;
}

/** The form's values: every field of a new post, as the server stores it (its defaults filled in). */
export type PostFields = Required<PostStoreBody>;

/** Everything this page caches lives under this key. */
export const POSTS_KEY = 'organizationPosts';

export const postListQuery = (params: PostFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: [POSTS_KEY, 'list', params],
    queryFn: ({ signal }) => get<Paged<Post>>('/auth/posts/index', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

export const createPost = (fields: PostStoreInput) => post<Post>('/auth/posts/store', fields);
export const updatePost = (id: number, fields: Omit<PostUpdateInput, 'id'>) =>
  put<Post>('/auth/posts/update', { id, ...fields });
export const deletePost = (id: number) => del<{ id: number }>('/auth/posts/destroy', { id });
