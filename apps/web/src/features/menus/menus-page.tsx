import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuType } from '@dealer-hr/shared/dictionary-types';
import { DeleteButton } from '../../components/delete-button';
import { useListColumns, type ListColumn } from '../../components/list-columns';
import { ListTable } from '../../components/list-table';
import { CreateAction } from '../../components/list-toolbar';
import { Permission, usePermission } from '../../components/permission';
import { menusQueryOptions, useDeleteMenu, useSortMenus } from './api/menus';
import type { AdminMenu } from './api/menus';
import { MenuIconPreview } from './icon-picker';
import { MenuFormDialog } from './menu-form-dialog';
import type { MenuDialogMode } from './menu-form-dialog';
import { hasChildTypes, indexMenus, moved } from './menu-tree';
import styles from './menus-page.module.css';

/** A row of the tree table: leaves have no `children`, so antd draws no expander for them. */
type Row = Omit<AdminMenu, 'children'> & { children?: Row[] };

function toRows(nodes: readonly AdminMenu[]): Row[] {
  return nodes.map(({ children, ...node }) =>
    children.length > 0 ? { ...node, children: toRows(children) } : node,
  );
}

const typeColors: Record<number, string> = {
  [MenuType.DIRECTORY]: 'blue',
  [MenuType.PAGE]: 'green',
  [MenuType.BUTTON]: 'orange',
  [MenuType.HIDDEN_PAGE]: 'default',
};

/** Menus administration: the whole menu tree, every type, with create / edit / delete / reorder. */
export function SystemMenusPage() {
  const { t } = useTranslation(['menus', 'common']);
  const { message } = App.useApp();
  const can = usePermission();
  const menus = useQuery(menusQueryOptions());
  const tree = useMemo(() => menus.data ?? [], [menus.data]);
  const rows = useMemo(() => toRows(tree), [tree]);
  const index = useMemo(() => indexMenus(tree), [tree]);
  const [dialog, setDialog] = useState<MenuDialogMode | null>(null);
  // null: the top level open, until the user expands or collapses something.
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const expandedKeys = expanded ?? tree.filter((node) => node.children.length > 0).map((node) => node.id);

  // The sidebar's rule: `menu.<name>` in the current language, else the server's title.
  const titleOf = useCallback(
    (menu: Pick<AdminMenu, 'name' | 'title'>) => t(`common:menu.${menu.name}`, { defaultValue: menu.title }),
    [t],
  );

  const remove = useDeleteMenu({ onSuccess: () => void message.success(t('delete.done')) });
  const sort = useSortMenus({ onSuccess: () => void message.success(t('sorted')) });

  const move = (row: Row, step: -1 | 1) => {
    const ids = moved(index.siblingsOf(row.parent_id), row.id, step);
    if (ids) sort.mutate({ parent_id: row.parent_id, ids });
  };

  const expandAll = () =>
    setExpanded([...index.byId.values()].filter((node) => node.children.length > 0).map((node) => node.id));

  const actionColumn: ListColumn<Row> = {
    title: t('columns.actions'),
    key: 'actions',
    width: 200,
    card: 'actions',
    render: (_, row) => {
      const siblings = index.siblingsOf(row.parent_id);
      const at = siblings.findIndex((node) => node.id === row.id);
      const node = index.byId.get(row.id);
      const name = titleOf(row);
      return (
        <Space size={0} wrap>
          {hasChildTypes(row.type_id) && (
            <Permission name="system:menus:create">
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => node && setDialog({ kind: 'create', parent: node })}
              >
                {t('actions.addChild')}
              </Button>
            </Permission>
          )}
          <Permission name="system:menus:update">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => node && setDialog({ kind: 'edit', menu: node })}
            >
              {t('actions.edit')}
            </Button>
            <Tooltip title={t('actions.moveUp')}>
              <Button
                type="link"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('actions.moveUpNamed', { title: name })}
                disabled={at <= 0 || sort.isPending}
                onClick={() => move(row, -1)}
              />
            </Tooltip>
            <Tooltip title={t('actions.moveDown')}>
              <Button
                type="link"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('actions.moveDownNamed', { title: name })}
                disabled={at < 0 || at >= siblings.length - 1 || sort.isPending}
                onClick={() => move(row, 1)}
              />
            </Tooltip>
          </Permission>
          <Permission name="system:menus:delete">
            {row.builtin ? (
              <Tooltip title={t('delete.builtin')}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled>
                  {t('actions.delete')}
                </Button>
              </Tooltip>
            ) : (
              <DeleteButton
                title={t('delete.title')}
                description={t('delete.confirm', { title: name })}
                icon={<DeleteOutlined />}
                onConfirm={() => remove.mutateAsync(row.id)}
              />
            )}
          </Permission>
        </Space>
      );
    },
  };

  const anyAction = ['create', 'update', 'delete'].some((action) => can(`system:menus:${action}`));
  const columns = useListColumns<Row>('menus', [
    {
      title: t('columns.title'),
      key: 'title',
      dataIndex: 'title',
      width: 200,
      card: 'title',
      render: (_, row) => (
        <>
          {titleOf(row)}
          {row.builtin && (
            <Tag className={styles.builtin} variant="filled">
              {t('builtin')}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('columns.type'),
      key: 'type',
      dataIndex: 'type_id',
      width: 80,
      render: (type: number) => <Tag color={typeColors[type]}>{t(`types.${type}`)}</Tag>,
    },
    {
      title: t('columns.icon'),
      key: 'icon',
      dataIndex: 'quick_icon',
      width: 60,
      choice: 'default',
      align: 'center',
      render: (icon: string | null) => <MenuIconPreview name={icon} />,
    },
    { title: t('columns.name'), key: 'name', dataIndex: 'name', width: 160, choice: 'optional' },
    { title: t('columns.path'), key: 'path', dataIndex: 'path', width: 200 },
    {
      title: t('columns.perm'),
      key: 'perm',
      dataIndex: 'perm',
      width: 220,
      render: (perm: string | null) => perm && <Typography.Text code>{perm}</Typography.Text>,
    },
    {
      title: t('columns.sort'),
      key: 'sort',
      dataIndex: 'sort',
      width: 70,
      align: 'right',
      choice: 'default',
    },
    // Without a button to show, no column for them.
    ...(anyAction ? [actionColumn] : []),
  ]);

  return (
    <Card title={t('title')}>
      <div className={styles.toolbar}>
        <CreateAction
          permission="system:menus:create"
          onClick={() => setDialog({ kind: 'create', parent: null })}
        >
          {t('toolbar.addRoot')}
        </CreateAction>
        <Button onClick={expandAll}>{t('toolbar.expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('toolbar.collapseAll')}</Button>
        <Button
          icon={<ReloadOutlined />}
          loading={menus.isFetching && !menus.isLoading}
          onClick={() => void menus.refetch()}
        >
          {t('toolbar.refresh')}
        </Button>
        {columns.setting}
      </div>
      <ListTable<Row>
        columns={columns}
        // A tree: its levels need the table on a phone too.
        cards={false}
        dataSource={rows}
        loading={menus.isLoading}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        locale={{ emptyText: menus.isError ? t('loadFailed') : t('empty') }}
      />
      {dialog && (
        <MenuFormDialog
          mode={dialog}
          tree={tree}
          titleOf={titleOf}
          onSaved={() => {
            // A new child shows at once: its parent opens.
            if (dialog.kind === 'create' && dialog.parent) {
              const parentId = dialog.parent.id;
              setExpanded((keys) => [...(keys ?? expandedKeys).filter((key) => key !== parentId), parentId]);
            }
          }}
          onClosed={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
