import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Flex, Skeleton, Space, Tree, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission, usePermission } from '../../components/permission';
import { ApiError } from '../../lib/api-client';
import { ROLES_KEY, menuItemsQuery, roleMenusQuery, saveRoleMenus, type Role } from './api';
import {
  buildGrantTree,
  checkedFromGrants,
  leavesOf,
  menuIdsOf,
  normalizeChecked,
  type GrantNode,
} from './grant-tree';

interface RolePermissionsDrawerProps {
  role: Role | null;
  onClose(): void;
}

/** The drawer is as wide as a phone allows. */
const DRAWER_WIDTH = 'min(560px, 100vw)';

/** "权限设置": the role's menu grants as a checkable tree of every directory, page and button. */
export function RolePermissionsDrawer({ role, onClose }: RolePermissionsDrawerProps) {
  const { t } = useTranslation('roles');
  const open = role !== null;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={role ? t('permissions.title', { name: role.name }) : ''}
      destroyOnHidden
    >
      {role && <PermissionsEditor role={role} onDone={onClose} />}
    </Drawer>
  );
}

function PermissionsEditor({ role, onDone }: { role: Role; onDone(): void }) {
  const { t } = useTranslation(['roles', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const items = useQuery(menuItemsQuery());
  const grants = useQuery({ ...roleMenusQuery(role.id), enabled: !role.isSuper });
  const tree = useMemo(() => buildGrantTree(items.data ?? []), [items.data]);
  const allLeaves = useMemo(() => leavesOf(tree).map((leaf) => leaf.key), [tree]);
  // What the role grants, until the user changes it.
  const [edited, setChecked] = useState<string[] | null>(null);
  const canGrant = usePermission()('system:roles:grant');
  const initial = useMemo(() => {
    if (role.isSuper) return items.data ? allLeaves : null;
    return grants.data && items.data ? checkedFromGrants(tree, grants.data) : null;
  }, [role.isSuper, grants.data, items.data, tree, allLeaves]);
  const checked = edited ?? initial;

  const save = useMutation({
    mutationFn: (keys: string[]) => saveRoleMenus(role.id, menuIdsOf(keys)),
    onSuccess: async () => {
      void message.success(t('messages.permissionsSaved'));
      onDone();
      await queryClient.invalidateQueries({ queryKey: [ROLES_KEY] });
      // The signed-in user may hold this role: their menu and buttons follow without a reload.
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
  });

  const treeData = useMemo(() => {
    const toData = (nodes: readonly GrantNode[]): TreeDataNode[] =>
      nodes.map((node) => ({
        key: node.key,
        title: <NodeTitle node={node} />,
        children: node.children ? toData(node.children) : undefined,
      }));
    return toData(tree);
  }, [tree]);

  const failed = items.error ?? grants.error;
  if (failed) {
    const reason = failed instanceof ApiError ? failed.message : t('common:request.network');
    return <Alert type="error" showIcon title={t('permissions.loadFailed')} description={reason} />;
  }
  if (checked === null || items.isPending) return <Skeleton active />;

  const onCheck: TreeProps['onCheck'] = (keys, info) => {
    const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
    setChecked(normalizeChecked(tree, list, { key: String(info.node.key), checked: info.checked }));
  };

  return (
    <Flex vertical gap={12}>
      {role.isSuper ? (
        <Alert type="info" showIcon title={t('permissions.superHint')} />
      ) : (
        <Typography.Text type="secondary">{t('permissions.hint')}</Typography.Text>
      )}
      {!role.isSuper && (
        <Permission name="system:roles:grant">
          <Space wrap>
            <Button size="small" onClick={() => setChecked(allLeaves)}>
              {t('actions.selectAll')}
            </Button>
            <Button size="small" onClick={() => setChecked([])}>
              {t('actions.clear')}
            </Button>
          </Space>
        </Permission>
      )}
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        disabled={role.isSuper || !canGrant}
        treeData={treeData}
        checkedKeys={checked}
        onCheck={onCheck}
        aria-label={t('permissions.treeLabel')}
      />
      {!role.isSuper && (
        <Permission name="system:roles:grant">
          <Flex justify="end" gap={8}>
            <Button onClick={onDone}>{t('actions.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate(checked)}>
              {t('actions.save')}
            </Button>
          </Flex>
        </Permission>
      )}
    </Flex>
  );
}

function NodeTitle({ node }: { node: GrantNode }) {
  const { t } = useTranslation(['roles', 'common']);
  const title =
    node.kind === 'self'
      ? t('permissions.self')
      : node.kind === 'button'
        ? node.title
        : t(`common:menu.${node.name}`, { defaultValue: node.title });
  return (
    <span>
      {title}
      {node.perm && node.kind !== 'directory' && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
          {node.perm}
        </Typography.Text>
      )}
    </span>
  );
}
