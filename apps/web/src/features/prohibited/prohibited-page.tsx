import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROHIBITED_SOURCES,
  PROHIBITED_STATUSES,
  type ProhibitedSource,
  type ProhibitedStatus,
} from '@dealer-hr/shared/prohibited/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { DayRangeFilter, FilterBar, SelectFilter, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ExportAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission } from '../../components/permission';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { useIdParam } from '../../lib/use-id-param';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import { exportFiltersOf, prohibitedListQuery, type ProhibitedFilters, type ProhibitedRow } from './api';
import { DetailDrawer } from './detail-drawer';
import { DismissDialog } from './dismiss-dialog';
import { StatusTag } from './labels';
import { ProhibitedFormDialog } from './prohibited-form-dialog';

interface FilterValues {
  keyword?: string;
  id_number?: string;
  status?: ProhibitedStatus;
  source?: ProhibitedSource;
  range?: DayRangeValue;
}

/** The added-on range goes to the server as two days, `from` and `to`. */
function toFilters({ range, ...values }: FilterValues): ProhibitedFilters {
  return withoutEmpty({ ...values, ...dayRangeFilters(range) });
}

/**
 * `/staff/prohibited`: the people the group does not rehire. ID numbers are only ever shown masked; an
 * entry is lifted with a reason (through its approval flow where one is set up), and its history stays.
 */
export function ProhibitedPage() {
  const { t } = useTranslation('prohibited');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(prohibitedListQuery({ ...filters, ...paging }));
  // Approval messages link to `?id=<entry>`: the URL names the open detail.
  const [detailId, showDetail] = useIdParam('id');
  const [editing, setEditing] = useState<{ entry: ProhibitedRow | null } | null>(null);
  const [dismissing, setDismissing] = useState<ProhibitedRow | null>(null);

  const columns = useListColumns<ProhibitedRow>('prohibited', [
    { title: t('fields.name'), key: 'name', dataIndex: 'name', width: 90, card: 'title' },
    { title: t('fields.idNumber'), key: 'idNumber', dataIndex: 'id_number', width: 170, card: 'field' },
    {
      title: t('fields.phone'),
      key: 'phone',
      dataIndex: 'phone',
      width: 115,
      choice: 'default',
      render: (phone) => phone ?? '-',
    },
    {
      title: t('fields.disableReason'),
      key: 'disableReason',
      dataIndex: 'disable_reason',
      width: 170,
      ellipsis: true,
      card: 'field',
    },
    {
      title: t('fields.source'),
      key: 'source',
      dataIndex: 'source',
      width: 80,
      choice: 'default',
      render: (source: ProhibitedSource) => t(`sources.${source}`),
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 100,
      card: 'field',
      render: (status: ProhibitedStatus) => <StatusTag status={status} />,
    },
    {
      title: t('fields.createdBy'),
      key: 'createdBy',
      dataIndex: 'created_by',
      width: 90,
      choice: 'optional',
      render: (name) => name ?? '-',
    },
    {
      title: t('fields.createdAt'),
      key: 'createdAt',
      dataIndex: 'created_at',
      width: 160,
      choice: 'default',
      render: (time: string) => parseTime(time),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 150,
      card: 'actions',
      render: (_value, entry) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => showDetail(entry.id)}>
            {t('actions.detail')}
          </Button>
          {/* A dismissed entry is history; one waiting for its dismissal can still be corrected. */}
          {entry.status !== 'dismissed' && (
            <Permission name="staff:prohibited:update">
              <Button type="link" size="small" onClick={() => setEditing({ entry })}>
                {t('actions.edit')}
              </Button>
            </Permission>
          )}
          {entry.status === 'active' && (
            <Permission name="staff:prohibited:dismiss">
              <Button type="link" size="small" danger onClick={() => setDismissing(entry)}>
                {t('actions.dismiss')}
              </Button>
            </Permission>
          )}
        </Space>
      ),
    },
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="staff:prohibited:create" onClick={() => setEditing({ entry: null })}>
            {t('actions.create')}
          </CreateAction>
          <ExportAction
            permission="staff:prohibited:export"
            kind="prohibited"
            filters={exportFiltersOf(filters)}
          >
            {t('actions.export')}
          </ExportAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="prohibited-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={160} />
          <TextFilter name="id_number" label={t('filters.idNumber')} width={190} />
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={130}
            options={PROHIBITED_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
          <SelectFilter
            name="source"
            label={t('fields.source')}
            width={120}
            options={PROHIBITED_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) }))}
          />
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={250} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <ProhibitedFormDialog
        open={editing !== null}
        entry={editing?.entry ?? null}
        onClose={() => setEditing(null)}
      />
      <DismissDialog entry={dismissing} onClose={() => setDismissing(null)} />
      <DetailDrawer id={detailId} onClose={() => showDetail(null)} />
    </Card>
  );
}
