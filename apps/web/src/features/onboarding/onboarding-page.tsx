import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ONBOARDING_STATUSES, type OnboardingStatus } from '@dealer-hr/shared/onboarding/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { useEditDeleteColumn } from '../../components/edit-delete-column';
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
import { StoreSelect } from '../../components/store-select';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import {
  ONBOARDING_KEY,
  destroyOnboarding,
  exportFiltersOf,
  onboardingListQuery,
  type OnboardingFilters,
  type OnboardingRow,
} from './api';
import { EntryPlace, orEmpty, StatusTag, StepsDone, useOnboardingNames } from './labels';
import { ENTRY_PATH, StartDialog } from './start-dialog';

interface FilterValues {
  keyword?: string;
  status?: OnboardingStatus;
  store_id?: number;
  range?: DayRangeValue;
}

/** The started-on range goes to the server as two days, `from` and `to`. */
function toFilters({ range, ...values }: FilterValues): OnboardingFilters {
  return withoutEmpty({ ...values, ...dayRangeFilters(range) });
}

/**
 * `/staff/onboarding` (入职管理): the people being hired, from the start (who and where, checked against the
 * prohibited list, the staff and the mutual-exclusion rules) to the approval that makes them employees. The
 * steps themselves are filled in on the entry form (`/managingpeople/enrollmententry?id=N`).
 */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding', { keyPrefix: 'list' });
  const names = useOnboardingNames();
  const navigate = useNavigate();
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(onboardingListQuery({ ...filters, ...paging }));
  const [starting, setStarting] = useState(false);

  const actions = useEditDeleteColumn<OnboardingRow>({
    width: 110,
    more: (entry) => (
      <Button type="link" size="small" onClick={() => void navigate(`${ENTRY_PATH}?id=${entry.id}`)}>
        {t(entry.status === 'draft' ? 'actions.fill' : 'actions.view')}
      </Button>
    ),
    remove: {
      permission: 'staff:onboarding:delete',
      // Only a draft never submitted: a returned one keeps its approval history.
      when: (entry) => entry.status === 'draft' && entry.submitted_at === null,
      confirm: (entry) => t('delete.title', { name: entry.name }),
      description: () => t('delete.description'),
      request: (entry) => destroyOnboarding(entry.id),
      done: t('messages.deleted'),
      invalidates: [[ONBOARDING_KEY]],
    },
  });

  const columns = useListColumns<OnboardingRow>('onboarding', [
    { title: t('fields.name'), key: 'name', dataIndex: 'name', width: 80, card: 'title' },
    { title: t('fields.phone'), key: 'phone', dataIndex: 'phone', width: 115, card: 'field' },
    {
      title: t('fields.idNumber'),
      key: 'idNumber',
      dataIndex: 'id_number',
      width: 170,
      choice: 'optional',
    },
    {
      title: t('columns.place'),
      key: 'place',
      width: 200,
      card: 'field',
      render: (_value, entry) => <EntryPlace entry={entry} />,
    },
    {
      title: t('fields.entryDate'),
      key: 'entryDate',
      dataIndex: 'entry_date',
      width: 100,
      choice: 'default',
      render: orEmpty,
    },
    {
      title: t('columns.steps'),
      key: 'steps',
      dataIndex: 'steps',
      width: 200,
      choice: 'default',
      render: (steps: OnboardingRow['steps']) => <StepsDone steps={steps} />,
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 80,
      card: 'field',
      render: (status: OnboardingStatus) => <StatusTag status={status} />,
    },
    {
      title: t('fields.returnComment'),
      key: 'returnComment',
      dataIndex: 'return_comment',
      width: 180,
      ellipsis: true,
      choice: 'optional',
      render: orEmpty,
    },
    {
      title: t('fields.createdBy'),
      key: 'createdBy',
      dataIndex: 'created_by',
      width: 90,
      choice: 'optional',
      render: orEmpty,
    },
    {
      title: t('fields.createdAt'),
      key: 'createdAt',
      dataIndex: 'created_at',
      width: 160,
      choice: 'default',
      render: (time: string) => parseTime(time),
    },
    actions,
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="staff:onboarding:create" onClick={() => setStarting(true)}>
            {t('actions.create')}
          </CreateAction>
          <ExportAction
            permission="staff:onboarding:export"
            kind="onboarding"
            filters={exportFiltersOf(filters)}
          >
            {t('actions.export')}
          </ExportAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="onboarding-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={160} />
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={120}
            options={ONBOARDING_STATUSES.map((status) => ({ value: status, label: names.status(status) }))}
          />
          <FilterField name="store_id" label={t('fields.store')} width={200}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={250} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <StartDialog open={starting} onClose={() => setStarting(false)} />
    </Card>
  );
}
