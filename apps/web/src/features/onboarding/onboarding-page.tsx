import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ONBOARDING_STATUSES, type OnboardingStatus } from '@dealer-hr/shared/onboarding/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { DeleteButton } from '../../components/delete-button';
import {
  DayRangeFilter,
  FilterBar,
  FilterField,
  SelectFilter,
  TextFilter,
} from '../../components/filter-bar';
import { CreateAction, ExportAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission } from '../../components/permission';
import { StoreSelect } from '../../components/store-select';
import { useFixedActions } from '../../components/use-fixed-actions';
import { dayRangeFilters, type DayRangeValue } from '../../lib/day-range';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import {
  ONBOARDING_KEY,
  destroyOnboarding,
  downloadExport,
  onboardingListQuery,
  type OnboardingFilters,
  type OnboardingRow,
} from './api';
import { StatusTag, StepsDone, useOnboardingNames } from './labels';
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

const orEmpty = (value: string | null) => value || '-';

/**
 * `/staff/onboarding` (入职管理): the people being hired, from the start (who and where, checked against the
 * prohibited list, the staff and the mutual-exclusion rules) to the approval that makes them employees. The
 * steps themselves are filled in on the entry form (`/managingpeople/enrollmententry?id=N`).
 */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding', { keyPrefix: 'list' });
  const names = useOnboardingNames();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fixedActions = useFixedActions();
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(onboardingListQuery({ ...filters, ...paging }));
  const [starting, setStarting] = useState(false);

  const destroy = async (entry: OnboardingRow) => {
    await destroyOnboarding(entry.id);
    void message.success(t('messages.deleted'));
    await queryClient.invalidateQueries({ queryKey: [ONBOARDING_KEY] });
  };

  const columns: TableColumnsType<OnboardingRow> = [
    { title: t('fields.name'), dataIndex: 'name', width: 90 },
    { title: t('fields.phone'), dataIndex: 'phone', width: 120 },
    { title: t('fields.idNumber'), dataIndex: 'id_number', width: 170 },
    {
      title: t('columns.place'),
      key: 'place',
      width: 220,
      render: (_value, entry) => (
        <Flex vertical>
          <span>{entry.store_name}</span>
          <Typography.Text type="secondary">
            {entry.department_name} / {entry.post_name}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('fields.entryDate'), dataIndex: 'entry_date', width: 110, render: orEmpty },
    {
      title: t('columns.steps'),
      dataIndex: 'steps',
      width: 230,
      render: (steps: OnboardingRow['steps']) => <StepsDone steps={steps} />,
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: OnboardingStatus) => <StatusTag status={status} />,
    },
    {
      title: t('fields.returnComment'),
      dataIndex: 'return_comment',
      width: 180,
      ellipsis: true,
      render: orEmpty,
    },
    { title: t('fields.createdBy'), dataIndex: 'created_by', width: 100, render: orEmpty },
    {
      title: t('fields.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (time: string) => parseTime(time),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 130,
      fixed: fixedActions,
      render: (_value, entry) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void navigate(`${ENTRY_PATH}?id=${entry.id}`)}>
            {t(entry.status === 'draft' ? 'actions.fill' : 'actions.view')}
          </Button>
          {/* Only a draft never submitted: a returned one keeps its approval history. */}
          {entry.status === 'draft' && entry.submitted_at === null && (
            <Permission name="staff:onboarding:delete">
              <DeleteButton
                title={t('delete.title', { name: entry.name })}
                description={t('delete.description')}
                onConfirm={() => destroy(entry)}
              />
            </Permission>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          <CreateAction permission="staff:onboarding:create" onClick={() => setStarting(true)}>
            {t('actions.create')}
          </CreateAction>
          <ExportAction
            permission="staff:onboarding:export"
            onExport={() => downloadExport(filters, t('export.fileName'))}
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
        <PagedTable columns={columns} list={list} scroll={{ x: 1610 }} paging={paging} onPaging={setPaging} />
      </Flex>
      <StartDialog open={starting} onClose={() => setStarting(false)} />
    </Card>
  );
}
