import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { App, Card, Col, Empty, Flex, Grid, Input, Row, Space, Switch, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_NAME_LANGUAGES, itemNameField } from '@dealer-hr/shared/dictionaries/rules';
import { dictionaryQueryOptions } from '../../components/dictionary-select';
import { useEditDeleteColumn } from '../../components/edit-delete-column';
import { FilterBar, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { usePermission } from '../../components/permission';
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

/** The item's names in the other languages it has one in, as `EN Full-time · JA 正社員`. */
const otherNamesOf = (entry: DictionaryEntry) =>
  ITEM_NAME_LANGUAGES.flatMap((language) => {
    const name = entry[itemNameField(language)];
    return name ? [`${language.toUpperCase()} ${name}`] : [];
  }).join(' · ');

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
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ type: DictionaryType | null } | null>(null);

  const actions = useEditDeleteColumn<DictionaryType>({
    width: 100,
    edit: { permission: 'system:dictionaries:update', onEdit: (type) => setEditing({ type }) },
    remove: {
      permission: 'system:dictionaries:delete',
      // A seeded type stays (the server refuses it with 409 too).
      when: (type) => !type.is_system,
      confirm: (type) => t('types.deleteConfirm', { name: type.name }),
      request: (type) => deleteType(type.id),
      done: t('messages.deleted'),
      onDeleted: (type) => {
        if (selected?.id === type.id) onSelect(null);
        queryClient.removeQueries({ queryKey: dictionaryQueryOptions(type.id).queryKey });
      },
      invalidates: [[DICTIONARIES_KEY]],
    },
  });

  const columns = useListColumns<DictionaryType>('dictionaryTypes', [
    {
      title: t('types.columns.name'),
      key: 'name',
      width: 150,
      card: 'title',
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
      width: 80,
      align: 'right',
      card: 'field',
      render: (_value, type) =>
        type.enabled_count === type.item_count
          ? type.item_count
          : t('types.enabledOfTotal', { enabled: type.enabled_count, total: type.item_count }),
    },
    actions,
  ]);

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

  const actions = useEditDeleteColumn<DictionaryEntry>({
    width: 100,
    edit: { permission: 'system:dictionaries:update', onEdit: (entry) => setEditing({ entry }) },
    remove: {
      permission: 'system:dictionaries:delete',
      confirm: (entry) => t('entries.deleteConfirm', { name: entry.name }),
      description: (entry) => (entry.in_use || entry.is_system ? t('entries.deleteHint') : undefined),
      request: (entry) => deleteEntry(entry.id),
      done: t('messages.deleted'),
      onDeleted: (entry) => refreshDictionary(queryClient, entry.type_id),
    },
  });
  const canUpdate = can('system:dictionaries:update');
  const columns = useListColumns<DictionaryEntry>('dictionaryEntries', [
    {
      title: t('fields.name'),
      key: 'name',
      dataIndex: 'name',
      width: 170,
      card: 'title',
      render: (value: string, entry) => {
        const others = otherNamesOf(entry);
        return (
          <>
            <Space size={4} wrap>
              <Typography.Text type={entry.enabled ? undefined : 'secondary'}>{value}</Typography.Text>
              {entry.is_system && <Tag>{t('tags.system')}</Tag>}
              {entry.in_use && <Tag color="blue">{t('tags.inUse')}</Tag>}
            </Space>
            {others && (
              <Typography.Text
                type="secondary"
                style={{ display: 'block', fontSize: 12 }}
                aria-label={`${t('entries.otherNames')}: ${others}`}
              >
                {others}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    { title: t('fields.code'), key: 'code', dataIndex: 'code', width: 140, card: 'field' },
    { title: t('fields.sort'), key: 'sort', dataIndex: 'sort', width: 80, align: 'right' },
    {
      title: t('fields.enabled'),
      key: 'enabled',
      dataIndex: 'enabled',
      width: 90,
      card: 'field',
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
    actions,
  ]);

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
        <PagedTable size="small" columns={columns} list={list} paging={paging} onPaging={setPaging} />
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
