import { Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { parseTime } from '@dealer-hr/shared/time';
import { FilterBar, SelectFilter, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission, usePermission } from '../../components/permission';
import {
  accountListQuery,
  filterOptionsQuery,
  type Account,
  type AccountFilters,
  type AccountListParams,
  type AccountStatus,
} from './api';
import { AccessDrawer } from './components/access-drawer';
import { CreateDialog } from './components/create-dialog';
import { PasswordDialog } from './components/password-dialog';
import { ReasonDialog } from './components/reason-dialog';
import { RolesDialog } from './components/roles-dialog';

interface FilterValues {
  name?: string;
  phone?: string;
  store_id?: number;
  post_id?: number;
  status?: AccountStatus;
}

type Dialog =
  { kind: 'freeze' | 'thaw' | 'password' | 'roles' | 'access'; account: Account } | { kind: 'create' } | null;

/** Form values to list filters: blank text means no filter. */
function toFilters(values: FilterValues): AccountFilters {
  return {
    name: values.name?.trim() || undefined,
    phone: values.phone?.trim() || undefined,
    store_id: values.store_id,
    post_id: values.post_id,
    status: values.status,
  };
}

/** `/system/users`: login accounts, their state, passwords, roles and the reasons for their permissions. */
export function SystemUsersPage() {
  const { t } = useTranslation('accounts');
  const [params, setParams] = useState<AccountListParams>({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>(null);
  const can = usePermission();
  const list = useQuery(accountListQuery(params));
  const options = useQuery(filterOptionsQuery());
  const close = () => setDialog(null);
  const target = (kind: 'freeze' | 'thaw' | 'password' | 'roles' | 'access') =>
    dialog && dialog.kind === kind ? dialog.account : null;

  const columns = useListColumns<Account>('accounts', [
    { key: 'username', title: t('columns.username'), dataIndex: 'username', width: 110, card: 'title' },
    { key: 'name', title: t('columns.name'), dataIndex: 'name', width: 80, card: 'field' },
    {
      key: 'phone',
      title: t('columns.phone'),
      width: 115,
      choice: 'default',
      render: (_value, row) => row.employee?.phone ?? '—',
    },
    {
      key: 'store',
      title: t('columns.store'),
      width: 125,
      card: 'field',
      render: (_value, row) => row.storeName ?? row.departmentName ?? '—',
    },
    { key: 'post', title: t('columns.post'), width: 100, render: (_value, row) => row.postTitle ?? '—' },
    {
      key: 'roles',
      title: t('columns.roles'),
      width: 130,
      choice: 'default',
      render: (_value, row) =>
        row.roles.length === 0 ? (
          <Typography.Text type="secondary">{t('columns.noDirectRoles')}</Typography.Text>
        ) : (
          <Flex wrap gap={4}>
            {row.roles.map((role) => (
              <Tag key={role.id} style={{ marginInlineEnd: 0 }}>
                {role.name}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      key: 'isSale',
      title: t('columns.isSale'),
      width: 70,
      choice: 'optional',
      render: (_value, row) => (row.isSale ? t('yes') : t('no')),
    },
    {
      key: 'status',
      title: t('columns.status'),
      width: 70,
      card: 'field',
      render: (_value, row) =>
        row.status === 'frozen' ? (
          <Tooltip title={t('status.frozenReason', { reason: row.frozenReason ?? '—' })}>
            <Tag color="red">{t('status.frozen')}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">{t('status.active')}</Tag>
        ),
    },
    {
      key: 'lastLoginAt',
      title: t('columns.lastLoginAt'),
      width: 160,
      choice: 'default',
      render: (_value, row) => (row.lastLoginAt ? parseTime(row.lastLoginAt) : t('columns.neverSignedIn')),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      // Two lines of two buttons.
      width: 160,
      card: 'actions',
      render: (_value, row) => (
        <Space size={0} wrap>
          {row.status === 'active' ? (
            <Permission name="system:users:freeze">
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setDialog({ kind: 'freeze', account: row })}
              >
                {t('actions.freeze')}
              </Button>
            </Permission>
          ) : (
            <Permission name="system:users:thaw">
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'thaw', account: row })}>
                {t('actions.thaw')}
              </Button>
            </Permission>
          )}
          <Permission name="system:users:reset-password">
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'password', account: row })}>
              {t('actions.resetPassword')}
            </Button>
          </Permission>
          <Permission name="system:users:assign-roles">
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'roles', account: row })}>
              {t('actions.assignRoles')}
            </Button>
          </Permission>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'access', account: row })}>
            {t('actions.access')}
          </Button>
        </Space>
      ),
    },
  ]);

  /** Runs the query from page 1; the same query again is asked again (someone else may have changed it). */
  const search = (values: FilterValues) => {
    const next = { ...toFilters(values), page: 1, limit: params.limit };
    if (JSON.stringify(next) === JSON.stringify(params)) void list.refetch();
    else setParams(next);
  };

  return (
    <Card>
      <Flex vertical gap={12}>
        <FilterBar<FilterValues>
          name="account-filters"
          onSearch={search}
          labelled
          shrink
          icons
          searchText={t('filters.search')}
        >
          <TextFilter
            name="name"
            label={t('filters.name')}
            placeholder={t('filters.namePlaceholder')}
            width={200}
          />
          <TextFilter
            name="phone"
            label={t('filters.phone')}
            placeholder={t('filters.phonePlaceholder')}
            width={160}
          />
          <SelectFilter
            name="store_id"
            label={t('filters.store')}
            placeholder={t('filters.all')}
            width={180}
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isLoading}
            options={(options.data?.stores ?? []).map((store) => ({ value: store.id, label: store.name }))}
          />
          <SelectFilter
            name="post_id"
            label={t('filters.post')}
            placeholder={t('filters.all')}
            width={160}
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isLoading}
            options={(options.data?.posts ?? []).map((post) => ({ value: post.id, label: post.name }))}
          />
          <SelectFilter
            name="status"
            label={t('filters.status')}
            placeholder={t('filters.all')}
            width={120}
            options={[
              { value: 'active', label: t('status.active') },
              { value: 'frozen', label: t('status.frozen') },
            ]}
          />
        </FilterBar>

        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{t('hint')}</Typography.Text>
          <ListToolbar>
            {columns.setting}
            <CreateAction permission="system:users:create" onClick={() => setDialog({ kind: 'create' })}>
              {t('actions.create')}
            </CreateAction>
          </ListToolbar>
        </Flex>

        <PagedTable<Account>
          columns={columns}
          list={list}
          paging={params}
          onPaging={(paging) => setParams((current) => ({ ...current, ...paging }))}
          locale={{ emptyText: list.isError ? t('loadFailed') : undefined }}
        />
      </Flex>

      <ReasonDialog mode="freeze" account={target('freeze')} onClose={close} />
      <ReasonDialog mode="thaw" account={target('thaw')} onClose={close} />
      <PasswordDialog account={target('password')} onClose={close} />
      {can('system:users:assign-roles') && <RolesDialog account={target('roles')} onClose={close} />}
      <AccessDrawer account={target('access')} onClose={close} />
      {can('system:users:create') && <CreateDialog open={dialog?.kind === 'create'} onClose={close} />}
    </Card>
  );
}
