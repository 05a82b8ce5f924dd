import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { DictionarySelect, useDictionaryLabel } from '../../components/dictionary-select';
import { useEditDeleteColumn } from '../../components/edit-delete-column';
import { FilterBar, FilterField, SelectFilter, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { useListFilters } from '../../lib/use-list-filters';
import { POSTS_KEY, deletePost, postListQuery, type Post, type PostFilters } from './api';
import { PostFormDialog } from './post-form-dialog';

/** The dictionaries a post row names, in the reader's language. */
const POST_DICTIONARIES = [DictType.POST_TYPE, DictType.POST_CATEGORY];

/**
 * `/organization/posts`: the posts (job titles) of the group. A post that people hold or held, or that the
 * headcount plan names, cannot be deleted; the server says so and the user disables it instead.
 */
export function PostsPage() {
  const { t } = useTranslation('posts');
  const { filters, paging, setPaging, search } = useListFilters<PostFilters>();
  const list = useQuery(postListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ post: Post | null } | null>(null);
  const dictionaryLabel = useDictionaryLabel(POST_DICTIONARIES);
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const nextSort = Math.max(total * 10, ...rows.map((row) => row.sort)) + 10;

  const actions = useEditDeleteColumn<Post>({
    width: 110,
    edit: { permission: 'organization:posts:update', onEdit: (post) => setEditing({ post }) },
    remove: {
      permission: 'organization:posts:delete',
      confirm: (post) => t('messages.deleteConfirm', { name: post.name }),
      request: (post) => deletePost(post.id),
      done: t('messages.deleted'),
      invalidates: [[POSTS_KEY]],
    },
  });

  const columns = useListColumns<Post>('posts', [
    {
      title: t('fields.name'),
      key: 'name',
      width: 180,
      card: 'title',
      render: (_value, post) => (
        <Flex vertical>
          <Typography.Text>{post.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {post.code}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.postType'),
      key: 'postType',
      dataIndex: 'post_type_name',
      width: 110,
      card: 'field',
      render: (name: string | null, post) =>
        dictionaryLabel(DictType.POST_TYPE, post.post_type_id, name) ?? '-',
    },
    {
      title: t('fields.category'),
      key: 'category',
      dataIndex: 'category_name',
      width: 110,
      render: (name: string | null, post) =>
        dictionaryLabel(DictType.POST_CATEGORY, post.category_id, name) ?? '-',
    },
    {
      title: t('fields.isMain'),
      key: 'isMain',
      dataIndex: 'is_main',
      width: 90,
      card: 'field',
      render: (isMain: boolean) => (isMain ? <Tag color="blue">{t('main.yes')}</Tag> : t('main.no')),
    },
    { title: t('fields.sort'), key: 'sort', dataIndex: 'sort', width: 80, align: 'right', choice: 'default' },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 80,
      card: 'field',
      render: (status: Post['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>
      ),
    },
    {
      title: t('fields.description'),
      key: 'description',
      dataIndex: 'description',
      ellipsis: true,
      choice: 'default',
    },
    actions,
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="organization:posts:create" onClick={() => setEditing({ post: null })}>
            {t('actions.create')}
          </CreateAction>
        </ListToolbar>
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
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
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
