import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SelectFilter, TextFilter } from '../../components/filter-bar';
import { CreateAction } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission } from '../../components/permission';
import { ROLES_KEY, deleteRole, roleListQuery, type Role, type RoleFilters } from './api';
import { PostRolesPanel } from './post-roles-panel';
import { RoleFormDialog } from './role-form-dialog';
import { RolePermissionsDrawer } from './role-permissions-drawer';
import { useFixedActions } from '../../components/use-fixed-actions';
import { DeleteButton } from '../../components/delete-button';
import { useListFilters } from '../../lib/use-list-filters';

/** `/system/roles`: roles with their grants, and the roles each post carries. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  return (
    <Card>
      <Tabs
        items={[
          { key: 'roles', label: t('tabs.roles'), children: <RoleList /> },
          { key: 'posts', label: t('tabs.posts'), children: <PostRolesPanel />, destroyOnHidden: true },
        ]}
      />
    </Card>
  );
}

function RoleList() {
  const fixedActions = useFixedActions();
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filters, paging, setPaging, search } = useListFilters<RoleFilters>();
  const list = useQuery(roleListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const [granting, setGranting] = useState<Role | null>(null);

  const remove = useMutation({
    mutationFn: (role: Role) => deleteRole(role.id),
    onSuccess: async () => {
      void message.success(t('messages.deleted'));
      await queryClient.invalidateQueries({ queryKey: [ROLES_KEY] });
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
    // A refusal (409: the super-admin role) is shown by the API client with the server's message.
  });

  const columns: TableColumnsType<Role> = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      width: 160,
      render: (name: string, role) => (
        <Space size={4} wrap>
          {name}
          {role.isSuper && <Tag color="gold">{t('superTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('columns.key'), dataIndex: 'key', width: 150 },
    { title: t('columns.description'), dataIndex: 'description', ellipsis: true, width: 220 },
    {
      title: t('columns.dataScope'),
      dataIndex: 'dataScope',
      width: 130,
      render: (scope: Role['dataScope']) => t(`dataScope.${scope}`),
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: Role['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>
      ),
    },
    { title: t('columns.users'), dataIndex: 'userCount', width: 90, align: 'right' },
    { title: t('columns.posts'), dataIndex: 'postCount', width: 90, align: 'right' },
    { title: t('columns.sort'), dataIndex: 'sort', width: 80, align: 'right' },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: fixedActions,
      width: 220,
      render: (_value, role) => (
        <Space size={0} wrap>
          <Permission name="system:roles:update">
            <Button type="link" size="small" onClick={() => setEditing({ role })}>
              {t('actions.edit')}
            </Button>
          </Permission>
          <Button type="link" size="small" onClick={() => setGranting(role)}>
            {t('actions.permissions')}
          </Button>
          {!role.isSuper && (
            <Permission name="system:roles:delete">
              <DeleteButton
                title={t('messages.deleteConfirm', { name: role.name })}
                onConfirm={() => remove.mutateAsync(role)}
              />
            </Permission>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <FilterBar name="role-filters" onSearch={search} labelled>
        <TextFilter
          name="name"
          label={t('filters.name')}
          placeholder={t('filters.namePlaceholder')}
          width={200}
        />
        <SelectFilter
          name="status"
          label={t('filters.status')}
          placeholder={t('filters.statusPlaceholder')}
          width={140}
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'disabled', label: t('status.disabled') },
          ]}
        />
      </FilterBar>
      {/* At the start of its row, not stretched across the column. */}
      <CreateAction
        permission="system:roles:create"
        onClick={() => setEditing({ role: null })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('actions.create')}
      </CreateAction>
      <PagedTable columns={columns} list={list} scroll={{ x: 1100 }} paging={paging} onPaging={setPaging} />
      <RoleFormDialog open={editing !== null} role={editing?.role ?? null} onClose={() => setEditing(null)} />
      <RolePermissionsDrawer role={granting} onClose={() => setGranting(null)} />
    </Flex>
  );
}
