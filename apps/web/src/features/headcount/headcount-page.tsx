import { SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANNED_MAX } from '@dealer-hr/shared/headcount/rules';
import { ImportDialog } from '../../components/import-dialog';
import { LONG_LIST_HEIGHT_PX } from '../../components/list-table';
import { ExportAction, ListToolbar } from '../../components/list-toolbar';
import { Permission, usePermission } from '../../components/permission';
import { HEADCOUNT_KEY, exportFiltersOf, gridQuery, saveCells, type GridFilters, type GridRow } from './api';

const cellKey = (storeId: number, postId: number) => `${storeId}:${postId}`;

/**
 * `/organization/headcount`: the planned headcount of each store (rows) and post (columns) against the
 * people holding the post as their main post. Edited cells are saved together in one request.
 */
export function HeadcountPage() {
  const { t } = useTranslation('headcount');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = usePermission();
  const editable = can('organization:headcount:update');
  const grid = useQuery(gridQuery());
  const [filters, setFilters] = useState<GridFilters>({});
  /** Planned counts changed on screen and not saved yet, by store:post. */
  const [edits, setEdits] = useState<Record<string, number>>({});
  const [importing, setImporting] = useState(false);
  const posts = useMemo(() => grid.data?.posts ?? [], [grid.data]);
  const allRows = useMemo(() => grid.data?.rows ?? [], [grid.data]);

  const regions = useMemo(
    () => [...new Map(allRows.map((row) => [row.region_id, row.region_name])).entries()],
    [allRows],
  );
  const storeOptions = allRows
    .filter((row) => !filters.region_id || row.region_id === filters.region_id)
    .map((row) => ({ value: row.store_id, label: `${row.store_name}（${row.store_code}）` }));
  const rows = allRows.filter(
    (row) =>
      (!filters.region_id || row.region_id === filters.region_id) &&
      (!filters.store_id || row.store_id === filters.store_id),
  );

  const plannedAt = (row: GridRow, index: number) =>
    edits[cellKey(row.store_id, posts[index]!.id)] ?? row.cells[index]!.planned;
  const rowPlanned = (row: GridRow) =>
    row.cells.reduce((sum, _cell, index) => sum + plannedAt(row, index), 0);
  const changes = Object.entries(edits).map(([key, planned]) => {
    const [storeId, postId] = key.split(':').map(Number) as [number, number];
    return { store_id: storeId, post_id: postId, planned };
  });

  const setPlanned = (row: GridRow, index: number, value: number | null) => {
    const key = cellKey(row.store_id, posts[index]!.id);
    const stored = row.cells[index]!.planned;
    setEdits((current) => {
      const next = { ...current };
      if (value === null || value === stored) delete next[key];
      else next[key] = value;
      return next;
    });
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: [HEADCOUNT_KEY] });
  // An import that wrote rows replaces what was typed: the grid is read again.
  const onImported = useCallback(() => {
    setEdits({});
    void queryClient.invalidateQueries({ queryKey: [HEADCOUNT_KEY] });
  }, [queryClient]);

  const save = useMutation({
    mutationFn: () => saveCells(changes),
    onSuccess: async (answer) => {
      void message.success(t('messages.saved', { count: answer.changed }));
      setEdits({});
      await refresh();
    },
  });

  const columns: TableColumnsType<GridRow> = [
    {
      title: t('columns.store'),
      key: 'store',
      fixed: 'left',
      width: 150,
      render: (_value, row) => (
        <Flex vertical>
          <Typography.Text>{row.store_name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.store_code} · {row.region_name}
          </Typography.Text>
        </Flex>
      ),
    },
    ...posts.map((post, index): TableColumnsType<GridRow>[number] => ({
      title: post.name,
      key: `post-${post.id}`,
      width: 100,
      align: 'center',
      render: (_value, row) => {
        const planned = plannedAt(row, index);
        const actual = row.cells[index]!.actual;
        const changed = cellKey(row.store_id, post.id) in edits;
        return (
          <Flex vertical align="center" gap={2}>
            {editable ? (
              <InputNumber
                size="small"
                min={0}
                max={PLANNED_MAX}
                precision={0}
                value={planned}
                status={changed ? 'warning' : undefined}
                aria-label={t('cellLabel', { store: row.store_name, post: post.name })}
                onChange={(value) => setPlanned(row, index, value)}
                style={{ width: 72 }}
              />
            ) : (
              <Typography.Text>{planned}</Typography.Text>
            )}
            <Typography.Text type={actual < planned ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
              {t('actualShort', { count: actual })}
            </Typography.Text>
          </Flex>
        );
      },
    })),
    {
      title: t('columns.total'),
      key: 'total',
      width: 100,
      align: 'center',
      render: (_value, row) => (
        <Flex vertical align="center" gap={2}>
          <Typography.Text strong>{rowPlanned(row)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('actualShort', { count: row.actual_total })}
          </Typography.Text>
        </Flex>
      ),
    },
  ];

  const columnPlanned = (index: number) => rows.reduce((sum, row) => sum + plannedAt(row, index), 0);
  const columnActual = (index: number) => rows.reduce((sum, row) => sum + row.cells[index]!.actual, 0);
  const totalPlanned = rows.reduce((sum, row) => sum + rowPlanned(row), 0);
  const totalActual = rows.reduce((sum, row) => sum + row.actual_total, 0);

  return (
    <Card title={t('title')}>
      <Flex vertical gap={12}>
        <Flex wrap gap={8} justify="space-between">
          <Space wrap>
            <Select
              allowClear
              placeholder={t('filters.region')}
              aria-label={t('filters.region')}
              style={{ width: 150 }}
              value={filters.region_id}
              options={regions.map(([id, name]) => ({ value: id, label: name }))}
              onChange={(regionId?: number) => setFilters({ region_id: regionId })}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('filters.store')}
              aria-label={t('filters.store')}
              style={{ width: 200 }}
              value={filters.store_id}
              options={storeOptions}
              onChange={(storeId?: number) => setFilters((current) => ({ ...current, store_id: storeId }))}
            />
          </Space>
          <ListToolbar>
            <Permission name="organization:headcount:update">
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={changes.length === 0}
                loading={save.isPending}
                onClick={() => save.mutate()}
              >
                {changes.length > 0 ? t('actions.saveCount', { count: changes.length }) : t('actions.save')}
              </Button>
            </Permission>
            {changes.length > 0 && <Button onClick={() => setEdits({})}>{t('actions.discard')}</Button>}
            <Permission name="organization:headcount:import">
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('actions.import')}
              </Button>
            </Permission>
            <ExportAction
              permission="organization:headcount:export"
              kind="headcount"
              filters={exportFiltersOf(filters)}
            >
              {t('actions.export')}
            </ExportAction>
          </ListToolbar>
        </Flex>
        <Typography.Text type="secondary">
          {/* Only someone who may change the plan is told how to save it. */}
          {editable ? `${t('hint')}${t('hintSave')}` : t('hint')}
        </Typography.Text>
        <Table
          rowKey="store_id"
          size="small"
          bordered
          columns={columns}
          dataSource={rows}
          loading={grid.isFetching}
          pagination={false}
          // Only the rows in sight are rendered: a hundred stores by 24 posts are 2,400 number fields, and
          // every keystroke renders the grid again (24 stores: 220 ms a keystroke, all rows rendered).
          virtual
          scroll={{ x: 250 + posts.length * 100, y: LONG_LIST_HEIGHT_PX }}
          summary={() =>
            rows.length === 0 ? null : (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('columns.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {posts.map((post, index) => (
                    <Table.Summary.Cell key={post.id} index={index + 1} align="center">
                      <Typography.Text strong>{columnPlanned(index)}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('actualShort', { count: columnActual(index) })}
                      </Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={posts.length + 1} align="center">
                    <Typography.Text strong>{totalPlanned}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('actualShort', { count: totalActual })}
                    </Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            )
          }
        />
      </Flex>
      <ImportDialog
        open={importing}
        kind="headcount"
        title={t('importTitle')}
        templateName={t('templateName')}
        onClose={() => setImporting(false)}
        onImported={onImported}
      />
    </Card>
  );
}
