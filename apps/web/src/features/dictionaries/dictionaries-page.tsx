import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Grid, Input, Row, Space, Switch, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../components/delete-button';
import { dictionaryQueryOptions } from '../../components/dictionary-select';
import { FilterBar, TextFilter } from '../../components/filter-bar';
import { CreateAction } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission, usePermission } from '../../components/permission';
import type { Paged } from '../../lib/api-client';
import { useListFilters } from '../../lib/use-list-filters';
import {
  DICTIONARIES_KEY,
  deleteEntry,
  deleteType,
  entryListQuery,
  refreshDictionary,
  typeListQuery,
  updateEntry,
  type DictionaryEntry,
  type DictionaryType,
  type TypeFilters,
} from './api';
import { EntryFormDialog } from './entry-form-dialog';
import { TypeFormDialog } from './type-form-dialog';

/**
 * `/system/dictionaries`: the dictionary types (left; on top on a phone) and the items of the selected
 * one (right). Items in use or seeded can only be disabled; the server says so when a delete is refused.
 */
export function DictionariesPage() {
  const { filters, paging, setPaging, search } = useListFilters<TypeFilters>();
  const list = useQuery(typeListQuery({ ...filters, ...paging }));
  const [picked, setPicked] = useState<DictionaryType | null>(null);
  const rows = list.data?.data;
  // The picked type as the list shows it now (new counts); one on another page stays as it was picked;
  // before any pick, the first type.
  const selected = rows?.find((row) => row.id === picked?.id) ?? picked ?? rows?.[0] ?? null;
  // On a phone the items are below the types: a picked type brings them into view.
  const wide = Grid.useBreakpoint().lg ?? true;
  const entries = useRef<HTMLDivElement>(null);
  const pick = (type: DictionaryType | null) => {
    setPicked(type);
    if (type && !wide) entries.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10} xl={9}>
        <TypePane
          list={list}
          paging={paging}
          onPage={setPaging}
          onFilter={search}
          selected={selected}
          onSelect={pick}
        />
      </Col>
      <Col xs={24} lg={14} xl={15} ref={entries}>
        {/* Another type starts afresh: first page, no filter. */}
        <EntryPane key={selected?.id ?? 0} type={selected} />
      </Col>
    </Row>
  );
}

interface TypePaneProps {
  list: UseQueryResult<Paged<DictionaryType>>;
  paging: { page: number; limit: number };
  onPage(paging: { page: number; limit: number }): void;
  /** The filter form's values, as entered (the list trims them). */
  onFilter(values: TypeFilters): void;
  selected: DictionaryType | null;
  onSelect(type: DictionaryType | null): void;
}

function TypePane({ list, paging, onPage, onFilter, selected, onSelect }: TypePaneProps) {
  const { t } = useTranslation('dictionaries');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ type: DictionaryType | null } | null>(null);

  const remove = useMutation({
    mutationFn: (type: DictionaryType) => deleteType(type.id),
    onSuccess: async (_answer, type) => {
      void message.success(t('messages.deleted'));
      if (selected?.id === type.id) onSelect(null);
      queryClient.removeQueries({ queryKey: dictionaryQueryOptions(type.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: [DICTIONARIES_KEY] });
    },
    // A refusal (409: items left, or a seeded type) is shown by the API client with the server's message.
  });

  const columns: TableColumnsType<DictionaryType> = [
    {
      title: t('types.columns.name'),
      key: 'name',
      render: (_value, type) => (
        <Flex vertical>
          <Space size={4} wrap>
            <Typography.Text strong={type.id === selected?.id}>{type.name}</Typography.Text>
            {type.is_system && <Tag>{t('tags.system')}</Tag>}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {type.id} · {type.code}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('types.columns.items'),
      key: 'items',
      width: 90,
      align: 'right',
      render: (_value, type) =>
        type.enabled_count === type.item_count
          ? type.item_count
          : t('types.enabledOfTotal', { enabled: type.enabled_count, total: type.item_count }),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 120,
      render: (_value, type) => (
        // The row's click selects the type; its buttons do only their own job.
        <Space size={0} wrap onClick={(event) => event.stopPropagation()}>
          <Permission name="system:dictionaries:update">
            <Button type="link" size="small" onClick={() => setEditing({ type })}>
              {t('actions.edit')}
            </Button>
          </Permission>
          {!type.is_system && (
            <Permission name="system:dictionaries:delete">
              <DeleteButton
                title={t('types.deleteConfirm', { name: type.name })}
                onConfirm={() => remove.mutateAsync(type)}
              />
            </Permission>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('types.title')}
      extra={
        <CreateAction
          permission="system:dictionaries:create"
          size="small"
          onClick={() => setEditing({ type: null })}
        >
          {t('types.create')}
        </CreateAction>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="dictionary-type-filters" onSearch={onFilter}>
          <TextFilter name="name" label={t('types.filters.name')} width={130} />
          <TextFilter name="code" label={t('types.filters.code')} width={130} />
        </FilterBar>
        <PagedTable
          size="small"
          columns={columns}
          list={list}
          scroll={{ x: 380 }}
          rowClassName={(type) => (type.id === selected?.id ? 'ant-table-row-selected' : '')}
          onRow={(type) => ({
            onClick: () => onSelect(type),
            style: { cursor: 'pointer' },
            'aria-selected': type.id === selected?.id,
          })}
          paging={paging}
          onPaging={onPage}
        />
      </Flex>
      <TypeFormDialog
        open={editing !== null}
        type={editing?.type ?? null}
        onClose={() => setEditing(null)}
        onSaved={(type) => {
          if (!editing?.type) onSelect(type);
        }}
      />
    </Card>
  );
}

function EntryPane({ type }: { type: DictionaryType | null }) {
  const { t } = useTranslation('dictionaries');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = usePermission();
  const { filters, paging, setPaging, search } = useListFilters<{ name?: string }>();
  const [editing, setEditing] = useState<{ entry: DictionaryEntry | null } | null>(null);
  const typeId = type?.id ?? 0;
  const list = useQuery({
    ...entryListQuery({ type_id: typeId, ...filters, ...paging }),
    enabled: type !== null,
  });

  const toggle = useMutation({
    mutationFn: ({ entry, enabled }: { entry: DictionaryEntry; enabled: boolean }) =>
      updateEntry(entry.id, { enabled }),
    onSuccess: async (saved) => {
      void message.success(t(saved.enabled ? 'messages.enabled' : 'messages.disabled'));
      await refreshDictionary(queryClient, saved.type_id);
    },
  });

  const remove = useMutation({
    mutationFn: (entry: DictionaryEntry) => deleteEntry(entry.id),
    onSuccess: async (_answer, entry) => {
      void message.success(t('messages.deleted'));
      await refreshDictionary(queryClient, entry.type_id);
    },
    // A refusal (409: in use, or seeded) is shown by the API client with the server's message.
  });

  if (!type) {
    return (
      <Card title={t('entries.title')}>
        <Empty description={t('entries.pickType')} />
      </Card>
    );
  }

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const nextSort = Math.max(total * 10, ...rows.map((row) => row.sort)) + 10;
  const canUpdate = can('system:dictionaries:update');

  const columns: TableColumnsType<DictionaryEntry> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      width: 170,
      render: (value: string, entry) => (
        <Space size={4} wrap>
          <Typography.Text type={entry.enabled ? undefined : 'secondary'}>{value}</Typography.Text>
          {entry.is_system && <Tag>{t('tags.system')}</Tag>}
          {entry.in_use && <Tag color="blue">{t('tags.inUse')}</Tag>}
        </Space>
      ),
    },
    { title: t('fields.code'), dataIndex: 'code', width: 140 },
    { title: t('fields.sort'), dataIndex: 'sort', width: 80, align: 'right' },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, entry) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!canUpdate}
          loading={toggle.isPending && toggle.variables?.entry.id === entry.id}
          aria-label={t('entries.enableSwitch', { name: entry.name })}
          onChange={(checked) => toggle.mutate({ entry, enabled: checked })}
        />
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 120,
      render: (_value, entry) => (
        <Space size={0} wrap>
          <Permission name="system:dictionaries:update">
            <Button type="link" size="small" onClick={() => setEditing({ entry })}>
              {t('actions.edit')}
            </Button>
          </Permission>
          <Permission name="system:dictionaries:delete">
            <DeleteButton
              title={t('entries.deleteConfirm', { name: entry.name })}
              description={entry.in_use || entry.is_system ? t('entries.deleteHint') : undefined}
              onConfirm={() => remove.mutateAsync(entry)}
            />
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('entries.titleOf', { name: type.name })}
      extra={
        <CreateAction
          permission="system:dictionaries:create"
          size="small"
          onClick={() => setEditing({ entry: null })}
        >
          {t('entries.create')}
        </CreateAction>
      }
    >
      <Flex vertical gap={12}>
        <Input.Search
          allowClear
          placeholder={t('entries.search')}
          aria-label={t('entries.search')}
          style={{ maxWidth: 280 }}
          onSearch={(value) => search({ name: value })}
        />
        <PagedTable
          size="small"
          columns={columns}
          list={list}
          scroll={{ x: 600 }}
          paging={paging}
          onPaging={setPaging}
        />
      </Flex>
      <EntryFormDialog
        open={editing !== null}
        type={type}
        entry={editing?.entry ?? null}
        nextSort={nextSort}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
