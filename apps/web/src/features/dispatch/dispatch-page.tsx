import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPATCH_STATUSES, type DispatchStatus } from '@dealer-hr/shared/dispatch/rules';
import {
  DayRangeFilter,
  FilterBar,
  FilterField,
  SelectFilter,
  TextFilter,
} from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { PlaceLines } from '../../components/place';
import { StoreSelect } from '../../components/store-select';
import type { TrailDrawer } from '../../components/trail-drawer';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { useIdParam } from '../../lib/use-id-param';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import { dispatchListQuery, type DispatchDetail, type DispatchFilters, type DispatchRow } from './api';
import { DispatchDetailDrawer } from './dispatch-detail-drawer';
import { DispatchFormDialog } from './dispatch-form-dialog';
import { DispatchStatusTag } from './labels';
import { DateRange } from '../../components/unbroken';

interface FilterValues {
  keyword?: string;
  home_store_id?: number;
  host_store_id?: number;
  status?: DispatchStatus;
  range?: DayRangeValue;
}

/** The range goes to the server as two days: the dispatches whose period meets them. */
function toFilters({ range, ...values }: FilterValues): DispatchFilters {
  const { from, to } = dayRangeFilters(range);
  return withoutEmpty({ ...values, from, to });
}

/**
 * `/staff/dispatch` (外派管理): people lent to another store for a period, filed here and approved in the
 * approval centre; they come back by themselves on the day after the end date. `?id=N` opens one.
 */
export function DispatchPage({ Trail }: { Trail?: TrailDrawer }) {
  const { t } = useTranslation('dispatch');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(dispatchListQuery({ ...filters, ...paging }));
  const [id, show] = useIdParam('id');
  const [editing, setEditing] = useState<{ dispatch: DispatchDetail | null } | null>(null);

  const columns = useListColumns<DispatchRow>('dispatch', [
    {
      title: t('fields.employee'),
      key: 'employee',
      width: 110,
      card: 'title',
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.employee_name}</span>
          <Typography.Text type="secondary">{row.employee_no}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.home'),
      key: 'home',
      width: 180,
      card: 'field',
      render: (_v, row) => <PlaceLines place={row.home} />,
    },
    {
      title: t('fields.host'),
      key: 'host',
      width: 180,
      card: 'field',
      render: (_v, row) => <PlaceLines place={row.host} />,
    },
    {
      title: t('fields.period'),
      key: 'period',
      width: 130,
      card: 'field',
      render: (_v, row) => (
        <Flex vertical>
          <DateRange from={row.start_date} to={row.end_date} />
          <Typography.Text type="secondary">
            {row.extension_end_date
              ? t('list.extending', { date: row.extension_end_date })
              : t('list.days', { count: row.days })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 90,
      card: 'field',
      render: (status: DispatchStatus) => <DispatchStatusTag status={status} />,
    },
    { title: t('fields.createdBy'), key: 'createdBy', dataIndex: 'created_by', width: 90, choice: 'default' },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 80,
      card: 'actions',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => show(row.id)}>
          {t('actions.view')}
        </Button>
      ),
    },
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="staff:dispatch:create" onClick={() => setEditing({ dispatch: null })}>
            {t('actions.create')}
          </CreateAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="dispatch-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={170} />
          <FilterField name="home_store_id" label={t('fields.homeStore')} width={170}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <FilterField name="host_store_id" label={t('fields.hostStore')} width={170}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={120}
            options={DISPATCH_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={250} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <DispatchDetailDrawer
        id={id}
        onClose={() => show(null)}
        onEdit={(dispatch) => setEditing({ dispatch })}
        Trail={Trail}
      />
      <DispatchFormDialog
        open={editing !== null}
        dispatch={editing?.dispatch ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
