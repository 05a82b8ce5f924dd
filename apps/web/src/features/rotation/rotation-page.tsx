import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROTATION_PLAN_STATUSES, type RotationPlanStatus } from '@dealer-hr/shared/rotation/rules';
import { FilterBar, FilterField, SelectFilter, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { placeText } from '../../components/place';
import { StoreSelect } from '../../components/store-select';
import { useIdParam } from '../../lib/use-id-param';
import { useListFilters, withoutEmpty } from '../../lib/use-list-filters';
import { rotationListQuery, type RotationDetail, type RotationFilters, type RotationRow } from './api';
import { PlanStatusTag } from './labels';
import { RotationDetailDrawer } from './rotation-detail-drawer';
import { RotationFormDialog } from './rotation-form-dialog';

const toFilters = (values: RotationFilters): RotationFilters => withoutEmpty(values);

/** Where the plan stands: the stages done of all, and the current stage (or the next one). */
function ProgressCell({ row }: { row: RotationRow }) {
  const { t } = useTranslation('rotation');
  const stage = row.current ?? row.next;
  return (
    <Flex vertical>
      <Progress
        percent={Math.round((row.done_count / Math.max(row.stage_count, 1)) * 100)}
        format={() => `${row.done_count}/${row.stage_count}`}
        size="small"
        aria-label={t('fields.progress')}
      />
      {stage && (
        <Typography.Text type="secondary">
          {t(row.current ? 'list.current' : 'list.next', { place: placeText(stage), date: stage.start_date })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * `/staff/rotation` (轮岗管理): trainees' plans of ordered stages; each stage begins and ends by itself on its
 * dates. `?id=N` opens one, with its stages and their evaluations.
 */
export function RotationPage() {
  const { t } = useTranslation('rotation');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(rotationListQuery({ ...filters, ...paging }));
  const [id, show] = useIdParam('id');
  const [editing, setEditing] = useState<{ plan: RotationDetail | null } | null>(null);

  const columns = useListColumns<RotationRow>('rotation', [
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
    { title: t('fields.title'), key: 'title', dataIndex: 'title', width: 150, card: 'field' },
    {
      title: t('fields.progress'),
      key: 'progress',
      width: 240,
      card: 'field',
      render: (_v, row) => <ProgressCell row={row} />,
    },
    {
      title: t('fields.period'),
      key: 'period',
      width: 120,
      card: 'field',
      render: (_v, row) => (
        <Flex vertical>
          <span>{row.start_date}</span>
          <span>~ {row.end_date}</span>
        </Flex>
      ),
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 90,
      card: 'field',
      render: (status: RotationPlanStatus) => <PlanStatusTag status={status} />,
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
          <CreateAction permission="staff:rotation:create" onClick={() => setEditing({ plan: null })}>
            {t('actions.create')}
          </CreateAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="rotation-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={170} />
          <FilterField name="store_id" label={t('fields.store')} width={170}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={120}
            options={ROTATION_PLAN_STATUSES.map((status) => ({
              value: status,
              label: t(`planStatus.${status}`),
            }))}
          />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <RotationDetailDrawer id={id} onClose={() => show(null)} onEdit={(plan) => setEditing({ plan })} />
      <RotationFormDialog
        open={editing !== null}
        plan={editing?.plan ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
