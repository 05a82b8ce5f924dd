import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditDeleteColumn } from '../../components/edit-delete-column';
import { FilterBar, SelectFilter, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { useListFilters } from '../../lib/use-list-filters';
import { ROLES_KEY, deleteRole, roleListQuery, type Role, type RoleFilters } from './api';
import { PostRolesPanel } from './post-roles-panel';
import { RoleFormDialog } from './role-form-dialog';
import { RolePermissionsDrawer } from './role-permissions-drawer';

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
  const { t } = useTranslation('roles');
  const { filters, paging, setPaging, search } = useListFilters<RoleFilters>();
  const list = useQuery(roleListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const [granting, setGranting] = useState<Role | null>(null);

  const actions = useEditDeleteColumn<Role>({
    width: 190,
    edit: { permission: 'system:roles:update', onEdit: (role) => setEditing({ role }) },
    more: (role) => (
      <Button type="link" size="small" onClick={() => setGranting(role)}>
        {t('actions.permissions')}
      </Button>
    ),
    remove: {
      permission: 'system:roles:delete',
      // The super-admin role cannot go (the server refuses it with 409 too).
      when: (role) => !role.isSuper,
      confirm: (role) => t('messages.deleteConfirm', { name: role.name }),
      request: (role) => deleteRole(role.id),
      done: t('messages.deleted'),
      // The signed-in user may have held the role.
      invalidates: [[ROLES_KEY], ['auth']],
    },
  });

  const columns = useListColumns<Role>('roles', [
    {
      title: t('columns.name'),
      key: 'name',
      dataIndex: 'name',
      width: 150,
      card: 'title',
      render: (name: string, role) => (
        <Space size={4} wrap>
          {name}
          {role.isSuper && <Tag color="gold">{t('superTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('columns.key'), key: 'key', dataIndex: 'key', width: 140, card: 'field' },
    {
      title: t('columns.description'),
      key: 'description',
      dataIndex: 'description',
      ellipsis: true,
      width: 200,
      choice: 'default',
    },
    {
      title: t('columns.dataScope'),
      key: 'dataScope',
      dataIndex: 'dataScope',
      width: 120,
      card: 'field',
      render: (scope: Role['dataScope']) => t(`dataScope.${scope}`),
    },
    {
      title: t('columns.status'),
      key: 'status',
      dataIndex: 'status',
      width: 80,
      card: 'field',
      render: (status: Role['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>
      ),
    },
    { title: t('columns.users'), key: 'users', dataIndex: 'userCount', width: 80, align: 'right' },
    { title: t('columns.posts'), key: 'posts', dataIndex: 'postCount', width: 80, align: 'right' },
    {
      title: t('columns.sort'),
      key: 'sort',
      dataIndex: 'sort',
      width: 70,
      align: 'right',
      choice: 'optional',
    },
    actions,
  ]);

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
      <Flex justify="space-between" wrap gap={8}>
        <CreateAction permission="system:roles:create" onClick={() => setEditing({ role: null })}>
          {t('actions.create')}
        </CreateAction>
        <ListToolbar>{columns.setting}</ListToolbar>
      </Flex>
      <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      <RoleFormDialog open={editing !== null} role={editing?.role ?? null} onClose={() => setEditing(null)} />
      <RolePermissionsDrawer role={granting} onClose={() => setGranting(null)} />
    </Flex>
  );
}
