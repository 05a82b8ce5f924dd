import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { TRANSFER_STATUSES, type TransferStatus } from '@dealer-hr/shared/transfers/rules';
import { DictionarySelect } from '../../components/dictionary-select';
import {
  DayRangeFilter,
  FilterBar,
  FilterField,
  SelectFilter,
  TextFilter,
} from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ExportAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { PlaceLines } from '../../components/place';
import { StoreSelect } from '../../components/store-select';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { useIdParam } from '../../lib/use-id-param';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import {
  exportFiltersOf,
  transferListQuery,
  type TransferDetail,
  type TransferFilters,
  type TransferRow,
} from './api';
import { TransferStatusTag } from './labels';
import type { TrailDrawer } from '../../components/trail-drawer';
import { TransferDetailDrawer } from './transfer-detail-drawer';
import { TransferFormDialog } from './transfer-form-dialog';

interface FilterValues {
  keyword?: string;
  type_id?: number;
  from_store_id?: number;
  to_store_id?: number;
  status?: TransferStatus;
  range?: DayRangeValue;
}

/** The effective-date range goes to the server as two days, `from` and `to`. */
function toFilters({ range, ...values }: FilterValues): TransferFilters {
  const { from, to } = dayRangeFilters(range);
  return withoutEmpty({ ...values, from, to });
}

/**
 * `/staff/transfer` (调岗管理): the transfers of the caller's scope, filed here and decided on
 * `/processapproval/posttransfer`; `?id=N` opens one.
 */
export function TransfersPage({ Trail }: { Trail?: TrailDrawer }) {
  const { t } = useTranslation('transfers');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(transferListQuery({ ...filters, ...paging }));
  const [id, show] = useIdParam('id');
  const [editing, setEditing] = useState<{ transfer: TransferDetail | null } | null>(null);

  const columns = useListColumns<TransferRow>('transfers', [
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
      title: t('fields.from'),
      key: 'from',
      width: 190,
      card: 'field',
      render: (_v, row) => <PlaceLines place={row.from} />,
    },
    {
      title: t('fields.to'),
      key: 'to',
      width: 190,
      card: 'field',
      render: (_v, row) => <PlaceLines place={row.to} />,
    },
    { title: t('fields.type'), key: 'type', dataIndex: 'type_name', width: 90, card: 'field' },
    {
      title: t('fields.effectiveDate'),
      key: 'effectiveDate',
      dataIndex: 'effective_date',
      width: 110,
      card: 'field',
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 90,
      card: 'field',
      render: (status: TransferStatus) => <TransferStatusTag status={status} />,
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
          <CreateAction permission="staff:transfer:create" onClick={() => setEditing({ transfer: null })}>
            {t('actions.create')}
          </CreateAction>
          <ExportAction permission="staff:transfer:export" kind="transfer" filters={exportFiltersOf(filters)}>
            {t('actions.export')}
          </ExportAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="transfer-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={170} />
          <FilterField name="type_id" label={t('fields.type')} width={130}>
            {(control) => <DictionarySelect typeId={DictType.TRANSFER_TYPE} {...control} />}
          </FilterField>
          <FilterField name="from_store_id" label={t('fields.fromStore')} width={170}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <FilterField name="to_store_id" label={t('fields.toStore')} width={170}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={120}
            options={TRANSFER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={250} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <TransferDetailDrawer
        id={id}
        onClose={() => show(null)}
        onEdit={(transfer) => setEditing({ transfer })}
        Trail={Trail}
      />
      <TransferFormDialog
        open={editing !== null}
        transfer={editing?.transfer ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
