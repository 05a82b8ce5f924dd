import {
  Alert,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Grid,
  Input,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accountAccessQuery,
  type Account,
  type AccountAccess,
  type PermissionEntry,
  type RoleSource,
} from '../api';

interface AccessDrawerProps {
  account: Account | null;
  onClose(): void;
}

const DRAWER_WIDTH = 640;

function matches(entry: PermissionEntry, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || entry.name.toLowerCase().includes(needle) || entry.title.toLowerCase().includes(needle);
}

function PermissionList({ entries, empty }: { entries: PermissionEntry[]; empty: string }) {
  if (entries.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex wrap gap={6}>
      {entries.map((entry) => (
        <Tag key={entry.name} title={entry.name} style={{ marginInlineEnd: 0 }}>
          {entry.title}
        </Tag>
      ))}
    </Flex>
  );
}

function SourceTag({ source }: { source: RoleSource }) {
  const { t } = useTranslation('accounts');
  if (source.type === 'direct') return <Tag color="blue">{t('access.direct')}</Tag>;
  return (
    <Tag color="purple">
      {t(source.isMain ? 'access.viaMainPost' : 'access.viaPartTimePost', {
        post: source.postName,
        department: source.departmentName,
      })}
    </Tag>
  );
}

function AccessContent({ access }: { access: AccountAccess }) {
  const { t } = useTranslation('accounts');
  const [search, setSearch] = useState('');
  const union = useMemo(() => access.permissions.filter((entry) => matches(entry, search)), [access, search]);
  const roles = useMemo(
    () =>
      access.roles
        .map((role) => ({ ...role, shown: role.permissions.filter((entry) => matches(entry, search)) }))
        // While searching, only the roles that grant a match answer "why".
        .filter((role) => !search.trim() || role.shown.length > 0),
    [access, search],
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'user',
            label: t('access.user'),
            children: `${access.user.name}（${access.user.username}）`,
          },
          {
            key: 'scope',
            label: t('access.dataScope'),
            children: t(access.dataScope === 'all' ? 'access.scopeAll' : 'access.scopeSubtree'),
          },
        ]}
      />
      {access.isSuper && <Alert type="info" showIcon title={t('access.superAdmin')} />}
      <Input.Search
        allowClear
        placeholder={t('access.searchPlaceholder')}
        aria-label={t('access.search')}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={setSearch}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('access.roles')}
      </Typography.Title>
      {access.roles.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('access.noRoles')} />
      ) : roles.length === 0 ? (
        <Typography.Text type="secondary">{t('access.noMatch')}</Typography.Text>
      ) : (
        roles.map((role) => (
          <Card
            key={role.id}
            size="small"
            data-testid={`access-role-${role.key}`}
            title={
              <Space wrap size={4}>
                <span>{role.name}</span>
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                  {role.key}
                </Typography.Text>
                {role.status === 'disabled' && <Tag color="default">{t('access.roleDisabled')}</Tag>}
              </Space>
            }
          >
            <Space orientation="vertical" size="small" style={{ width: '100%' }}>
              <Flex wrap gap={6} align="center">
                <Typography.Text type="secondary">{t('access.source')}</Typography.Text>
                {role.sources.map((source, index) => (
                  <SourceTag key={index} source={source} />
                ))}
              </Flex>
              {role.isSuper ? (
                <Typography.Text>{t('access.allPermissions')}</Typography.Text>
              ) : (
                <PermissionList entries={role.shown} empty={t('access.noPermissions')} />
              )}
            </Space>
          </Card>
        ))
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('access.effective', { total: access.permissions.length })}
      </Typography.Title>
      <PermissionList
        entries={union}
        empty={search.trim() ? t('access.noMatch') : t('access.noPermissions')}
      />
    </Space>
  );
}

/** "Why can this person do X": the user's roles, where each comes from, and what they grant. */
export function AccessDrawer({ account, onClose }: AccessDrawerProps) {
  const { t } = useTranslation('accounts');
  const screens = Grid.useBreakpoint();
  const access = useQuery({ ...accountAccessQuery(account?.id ?? 0), enabled: account !== null });

  return (
    <Drawer
      open={account !== null}
      title={t('access.title', { name: account?.name ?? '' })}
      size={screens.md ? DRAWER_WIDTH : '100%'}
      onClose={onClose}
      destroyOnHidden
    >
      {access.isPending ? (
        <Skeleton active />
      ) : access.isError ? (
        <Alert type="error" showIcon title={t('access.loadFailed')} />
      ) : (
        <AccessContent access={access.data} />
      )}
    </Drawer>
  );
}
