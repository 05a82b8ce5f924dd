import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnboardingStatus } from '@dealer-hr/shared/onboarding/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { FilterBar, TextFilter } from '../../../components/filter-bar';
import { useListColumns } from '../../../components/list-columns';
import { PagedTable } from '../../../components/paged-table';
import { useIdParam } from '../../../lib/use-id-param';
import { useListFilters, withoutEmpty } from '../../../lib/use-list-filters';
import { onboardingListQuery, type OnboardingFilters, type OnboardingRow } from '../api';
import { EntryPlace, StatusTag } from '../labels';
import { EntryReview } from './entry-review';

type Scope = 'mine' | 'pending';

interface FilterValues {
  keyword?: string;
}

const toFilters = (values: FilterValues): OnboardingFilters => withoutEmpty(values);

/**
 * `/processapproval/inductionfirst` (入职审批): the entries waiting for the caller's decision (or every
 * entry in approval), and `?id=N` (where the approval's messages link) the entry to decide on.
 */
export function InductionApprovalPage() {
  const [id, show] = useIdParam('id');
  if (id !== null) return <EntryReview key={id} id={id} onBack={() => show(null)} />;
  return <AwaitingList onOpen={show} />;
}

function AwaitingList({ onOpen }: { onOpen(id: number): void }) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'induction' });
  const [scope, setScope] = useState<Scope>('mine');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(
    onboardingListQuery({
      ...filters,
      ...(scope === 'mine' ? { awaiting_me: 1 } : { status: 'pending' }),
      ...paging,
    }),
  );

  const columns = useListColumns<OnboardingRow>('induction', [
    { title: t('fields.name'), key: 'name', dataIndex: 'name', width: 90, card: 'title' },
    { title: t('fields.phone'), key: 'phone', dataIndex: 'phone', width: 120, card: 'field' },
    {
      title: t('columns.place'),
      key: 'place',
      width: 220,
      card: 'field',
      render: (_value, entry) => <EntryPlace entry={entry} />,
    },
    {
      title: t('fields.entryDate'),
      key: 'entryDate',
      dataIndex: 'entry_date',
      width: 110,
      render: (day) => day ?? '-',
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 90,
      card: 'field',
      render: (status: OnboardingStatus) => <StatusTag status={status} />,
    },
    {
      title: t('fields.createdBy'),
      key: 'createdBy',
      dataIndex: 'created_by',
      width: 100,
      render: (name) => name ?? '-',
    },
    {
      title: t('fields.submittedAt'),
      key: 'submittedAt',
      dataIndex: 'submitted_at',
      width: 170,
      render: (time: string | null) => parseTime(time) ?? '-',
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 90,
      card: 'actions',
      render: (_value, entry) => (
        <Button type="link" size="small" onClick={() => onOpen(entry.id)}>
          {t(scope === 'mine' ? 'actions.decide' : 'actions.view')}
        </Button>
      ),
    },
  ]);

  return (
    <Card title={t('title')}>
      <Flex vertical gap={12}>
        <Segmented<Scope>
          value={scope}
          onChange={(next) => {
            setScope(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={[
            { value: 'mine', label: t('scope.mine') },
            { value: 'pending', label: t('scope.pending') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <FilterBar name="induction-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={180} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
    </Card>
  );
}
