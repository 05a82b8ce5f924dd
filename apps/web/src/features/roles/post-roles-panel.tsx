import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListColumns } from '../../components/list-columns';
import { ListTable } from '../../components/list-table';
import { Permission, usePermission } from '../../components/permission';
import { fieldErrorsOf } from '../../lib/api-client';
import { ROLES_KEY, allRolesQuery, postOptionsQuery, savePostRoles, type PostOption } from './api';

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = [...a].sort((x, y) => x - y);
  const right = [...b].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/** "岗位角色": which roles each post carries; every holder of a post gets its roles. */
export function PostRolesPanel() {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = usePermission();
  const posts = useQuery(postOptionsQuery());
  const roles = useQuery(allRolesQuery());
  const [drafts, setDrafts] = useState<Record<number, number[]>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [search, setSearch] = useState('');

  const roleOptions = useMemo(
    () =>
      (roles.data ?? []).map((role) => ({
        value: role.id,
        label: role.status === 'disabled' ? `${role.name}（${t('status.disabled')}）` : role.name,
      })),
    [roles.data, t],
  );

  const save = useMutation({
    mutationFn: ({ postId, roleIds }: { postId: number; roleIds: number[] }) =>
      savePostRoles(postId, roleIds),
    onSuccess: async (_saved, { postId }) => {
      void message.success(t('messages.postRolesSaved'));
      setDrafts(({ [postId]: _done, ...rest }) => rest);
      setErrors(({ [postId]: _cleared, ...rest }) => rest);
      await queryClient.invalidateQueries({ queryKey: [ROLES_KEY] });
      // Holders of the post, the signed-in user perhaps among them, gain or lose these roles.
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
    onError: (error, { postId }) => {
      const [first] = fieldErrorsOf(error);
      if (first) setErrors((current) => ({ ...current, [postId]: first.message }));
    },
  });

  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    const all = posts.data ?? [];
    return text
      ? all.filter((post) => post.name.toLowerCase().includes(text) || post.code.toLowerCase().includes(text))
      : all;
  }, [posts.data, search]);

  const columns = useListColumns<PostOption>('postRoles', [
    {
      title: t('posts.name'),
      key: 'name',
      dataIndex: 'name',
      width: 170,
      card: 'title',
      render: (name: string, post) => (
        <Flex vertical>
          <span>{name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {post.code}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('posts.roles'),
      key: 'roles',
      minWidth: 240,
      card: 'field',
      render: (_value, post) => {
        const value = drafts[post.id] ?? post.role_ids;
        return (
          <Flex vertical gap={4}>
            <Select
              mode="multiple"
              allowClear
              value={value}
              options={roleOptions}
              placeholder={t('posts.rolesPlaceholder')}
              disabled={!can('system:roles:grant')}
              status={errors[post.id] ? 'error' : undefined}
              optionFilterProp="label"
              aria-label={t('posts.rolesOf', { name: post.name })}
              style={{ width: '100%', minWidth: 220 }}
              onChange={(next: number[]) => setDrafts((current) => ({ ...current, [post.id]: next }))}
            />
            {errors[post.id] && <Typography.Text type="danger">{errors[post.id]}</Typography.Text>}
          </Flex>
        );
      },
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 100,
      card: 'actions',
      render: (_value, post) => {
        const draft = drafts[post.id];
        const dirty = draft !== undefined && !sameIds(draft, post.role_ids);
        return (
          <Permission name="system:roles:grant">
            <Button
              type="link"
              disabled={!dirty}
              loading={save.isPending && save.variables?.postId === post.id}
              onClick={() => draft && save.mutate({ postId: post.id, roleIds: draft })}
              aria-label={t('posts.saveOf', { name: post.name })}
            >
              {t('actions.save')}
            </Button>
          </Permission>
        );
      },
    },
  ]);

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('posts.hint')}</Typography.Text>
      <Input.Search
        allowClear
        placeholder={t('posts.searchPlaceholder')}
        onSearch={setSearch}
        onChange={(event) => !event.target.value && setSearch('')}
        style={{ maxWidth: 320 }}
      />
      <ListTable columns={columns} dataSource={rows} loading={posts.isPending || roles.isPending} />
    </Flex>
  );
}
