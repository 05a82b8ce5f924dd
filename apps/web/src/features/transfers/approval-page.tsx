import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { PagedTable } from '../../components/paged-table';
import { useIdParam } from '../../lib/use-id-param';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import { transferListQuery, type TransferFilters, type TransferRow } from './api';
import { placeText } from '../../components/place';
import { TransferStatusTag } from './labels';
import type { TrailDrawer } from '../../components/trail-drawer';
import { TransferDetailDrawer } from './transfer-detail-drawer';

type Scope = 'mine' | 'approving';

interface FilterValues {
  keyword?: string;
}

const toFilters = (values: FilterValues): TransferFilters => withoutEmpty(values);

/**
 * `/processapproval/posttransfer` (调岗审批): the transfers waiting for the caller's decision (or every one in
 * approval that they may read), and `?id=N` (where the approval's messages link) the one to decide on.
 */
export function TransferApprovalPage({ Trail }: { Trail?: TrailDrawer }) {
  const { t } = useTranslation('transfers');
  const [id, show] = useIdParam('id');
  const [scope, setScope] = useState<Scope>('mine');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(
    transferListQuery({
      ...filters,
      ...(scope === 'mine' ? { awaiting_me: 1 as const } : { status: 'approving' as const }),
      ...paging,
    }),
  );

  const columns = useListColumns<TransferRow>('posttransfer', [
    {
      title: t('fields.employee'),
      key: 'employee',
      width: 110,
      card: 'title',
      render: (_value, row) => `${row.employee_name}（${row.employee_no}）`,
    },
    {
      title: t('fields.move'),
      key: 'move',
      width: 300,
      card: 'field',
      render: (_value, row) => (
        <Flex vertical>
          <span>{placeText(row.from)}</span>
          <Typography.Text type="secondary">→ {placeText(row.to)}</Typography.Text>
        </Flex>
      ),
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
      render: (status: TransferRow['status']) => <TransferStatusTag status={status} />,
    },
    { title: t('fields.createdBy'), key: 'createdBy', dataIndex: 'created_by', width: 90 },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 90,
      card: 'actions',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => show(row.id)}>
          {t(scope === 'mine' ? 'actions.decide' : 'actions.view')}
        </Button>
      ),
    },
  ]);

  return (
    <Card title={t('approval.title')}>
      <Flex vertical gap={12}>
        <Segmented<Scope>
          value={scope}
          onChange={(next) => {
            setScope(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={[
            { value: 'mine', label: t('approval.mine') },
            { value: 'approving', label: t('approval.approving') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <FilterBar name="posttransfer-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={180} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <TransferDetailDrawer id={id} onClose={() => show(null)} deciding Trail={Trail} />
    </Card>
  );
}
