import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { DeleteButton } from '../../components/delete-button';
import { DictionarySelect } from '../../components/dictionary-select';
import { FilterBar, FilterField, SelectFilter, TextFilter } from '../../components/filter-bar';
import { CreateAction } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission } from '../../components/permission';
import { useFixedActions } from '../../components/use-fixed-actions';
import { useListFilters } from '../../lib/use-list-filters';
import { POSTS_KEY, deletePost, postListQuery, type Post, type PostFilters } from './api';
import { PostFormDialog } from './post-form-dialog';

/**
 * `/organization/posts`: the posts (job titles) of the group. A post that people hold or held, or that the
 * headcount plan names, cannot be deleted; the server says so and the user disables it instead.
 */
export function PostsPage() {
  const { t } = useTranslation('posts');
  const fixedActions = useFixedActions();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filters, paging, setPaging, search } = useListFilters<PostFilters>();
  const list = useQuery(postListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ post: Post | null } | null>(null);
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const nextSort = Math.max(total * 10, ...rows.map((row) => row.sort)) + 10;

  const remove = useMutation({
    mutationFn: (post: Post) => deletePost(post.id),
    onSuccess: async () => {
      void message.success(t('messages.deleted'));
      await queryClient.invalidateQueries({ queryKey: [POSTS_KEY] });
    },
    // A refusal (409: the post is in use) is shown by the API client with the server's message.
  });

  const columns: TableColumnsType<Post> = [
    {
      title: t('fields.name'),
      key: 'name',
      width: 180,
      render: (_value, post) => (
        <Flex vertical>
          <Typography.Text>{post.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {post.code}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('fields.postType'), dataIndex: 'post_type_name', width: 110, render: (name) => name ?? '-' },
    { title: t('fields.category'), dataIndex: 'category_name', width: 110, render: (name) => name ?? '-' },
    {
      title: t('fields.isMain'),
      dataIndex: 'is_main',
      width: 90,
      render: (isMain: boolean) => (isMain ? <Tag color="blue">{t('main.yes')}</Tag> : t('main.no')),
    },
    { title: t('fields.sort'), dataIndex: 'sort', width: 80, align: 'right' },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 80,
      render: (status: Post['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>
      ),
    },
    { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 130,
      fixed: fixedActions,
      render: (_value, post) => (
        <Space size={0} wrap>
          <Permission name="organization:posts:update">
            <Button type="link" size="small" onClick={() => setEditing({ post })}>
              {t('actions.edit')}
            </Button>
          </Permission>
          <Permission name="organization:posts:delete">
            <DeleteButton
              title={t('messages.deleteConfirm', { name: post.name })}
              onConfirm={() => remove.mutateAsync(post)}
            />
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <CreateAction permission="organization:posts:create" onClick={() => setEditing({ post: null })}>
          {t('actions.create')}
        </CreateAction>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="post-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={170} />
          <FilterField name="post_type_id" label={t('fields.postType')} width={130}>
            {(control) => <DictionarySelect typeId={DictType.POST_TYPE} {...control} />}
          </FilterField>
          <FilterField name="category_id" label={t('fields.category')} width={130}>
            {(control) => <DictionarySelect typeId={DictType.POST_CATEGORY} {...control} />}
          </FilterField>
          <SelectFilter
            name="is_main"
            label={t('fields.isMain')}
            width={110}
            options={[
              { value: '1', label: t('main.yes') },
              { value: '0', label: t('main.no') },
            ]}
          />
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={100}
            options={[
              { value: 'active', label: t('status.active') },
              { value: 'disabled', label: t('status.disabled') },
            ]}
          />
        </FilterBar>
        <PagedTable columns={columns} list={list} scroll={{ x: 900 }} paging={paging} onPaging={setPaging} />
      </Flex>
      <PostFormDialog
        open={editing !== null}
        post={editing?.post ?? null}
        nextSort={nextSort}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
