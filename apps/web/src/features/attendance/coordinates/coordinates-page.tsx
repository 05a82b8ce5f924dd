import { AimOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditDeleteColumn } from '../../../components/edit-delete-column';
import { FilterBar, FilterField, TextFilter } from '../../../components/filter-bar';
import { useListColumns } from '../../../components/list-columns';
import { CreateAction, ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { StoreSelect } from '../../../components/store-select';
import { useListFilters } from '../../../lib/use-list-filters';
import {
  CLOCK_POINTS_KEY,
  clockPointListQuery,
  deleteClockPoint,
  type ClockPoint,
  type ClockPointFilters,
} from './api';
import { FenceCheckDialog } from './fence-check-dialog';
import { PointFormDialog } from './point-form-dialog';

/**
 * `/attendance/coordinates` (打卡地点): the stores' clock-in points, each with its own fence radius; a punch
 * within the radius of an enabled point of the person's store is inside. 距离测试 tries a position.
 */
export function CoordinatesPage() {
  const { t } = useTranslation('attendance');
  const { filters, paging, setPaging, search } = useListFilters<ClockPointFilters>();
  const list = useQuery(clockPointListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ point: ClockPoint | null } | null>(null);
  const [checking, setChecking] = useState(false);

  const actions = useEditDeleteColumn<ClockPoint>({
    width: 110,
    edit: { permission: 'attendance:coordinates:update', onEdit: (point) => setEditing({ point }) },
    remove: {
      permission: 'attendance:coordinates:delete',
      confirm: (point) => t('messages.deleteConfirm', { name: point.name }),
      request: (point) => deleteClockPoint(point.id),
      done: t('messages.deleted'),
      invalidates: [[CLOCK_POINTS_KEY]],
    },
  });

  const columns = useListColumns<ClockPoint>('clockPoints', [
    { title: t('fields.name'), key: 'name', dataIndex: 'name', width: 120, card: 'title' },
    { title: t('fields.store'), key: 'store', dataIndex: 'store_name', width: 180, card: 'field' },
    {
      title: t('fields.position'),
      key: 'position',
      width: 200,
      card: 'field',
      render: (_value, point) => (
        <Flex vertical>
          <span>
            {point.latitude.toFixed(6)}, {point.longitude.toFixed(6)}
          </span>
          <Typography.Text type="secondary">{t(`datums.${point.datum}`)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.radius'),
      key: 'radius',
      dataIndex: 'radius',
      width: 100,
      card: 'field',
      render: (radius: number) => t('form.radiusValue', { radius }),
    },
    {
      title: t('fields.enabled'),
      key: 'enabled',
      dataIndex: 'enabled',
      width: 80,
      card: 'field',
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{t('status.enabled')}</Tag> : <Tag>{t('status.disabled')}</Tag>,
    },
    actions,
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <CreateAction
            permission="attendance:coordinates:create"
            onClick={() => setEditing({ point: null })}
          >
            {t('actions.create')}
          </CreateAction>
          <Button icon={<AimOutlined />} onClick={() => setChecking(true)}>
            {t('actions.check')}
          </Button>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="clock-point-filters" onSearch={search}>
          <FilterField name="store_id" label={t('fields.store')} width={200}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <TextFilter name="keyword" label={t('filters.keyword')} width={180} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <PointFormDialog
        open={editing !== null}
        point={editing?.point ?? null}
        onClose={() => setEditing(null)}
      />
      <FenceCheckDialog open={checking} onClose={() => setChecking(false)} />
    </Card>
  );
}
