import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { get, type Paged } from '../lib/api-client';

/** What a post picker needs of a row of `GET /api/auth/posts/index`. */
export interface PostOption {
  id: number;
  code: string;
  name: string;
}

/** The active posts (job titles are few: one page holds them), ordered as the posts page orders them. */
export const activePostsQuery = () =>
  queryOptions({
    queryKey: ['posts', 'active-options'],
    queryFn: async ({ signal }): Promise<PostOption[]> => {
      const params = { status: 'active', page: 1, limit: MAX_PAGE_SIZE };
      // Silent: a picker that cannot load (the user may not read the posts page's list) only stays
      // empty; it neither toasts nor, for a refused permission, signs the user out of the page they use.
      const answer = await get<Paged<PostOption>>('/auth/posts/index', params, {
        signal,
        silent: true,
      }).catch((error: unknown) => {
        if (!signal.aborted) console.error('posts could not be loaded for the picker', error);
        throw error;
      });
      return answer.data;
    },
    staleTime: 60_000,
  });

export type PostSelectProps = Omit<SelectProps<number>, 'options' | 'loading'>;

/** An active post (value: its id), searchable by name or code. */
export function PostSelect(props: PostSelectProps) {
  const posts = useQuery(activePostsQuery());
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'search' }}
      {...props}
      loading={posts.isLoading}
      options={(posts.data ?? []).map((post) => ({
        value: post.id,
        label: post.name,
        search: `${post.name} ${post.code}`,
      }))}
    />
  );
}
