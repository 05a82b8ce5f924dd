import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PUNCH_SOURCES } from '@dealer-hr/shared/attendance/rules';
import {
  DayRangeFilter,
  FilterBar,
  FilterField,
  SelectFilter,
  TextFilter,
} from '../../../components/filter-bar';
import { useListColumns } from '../../../components/list-columns';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { StoreSelect } from '../../../components/store-select';
import { dayRangeFilters, type DayRangeValue } from '../../../lib/day-range';
import { useListFilters, withoutEmpty } from '../../../lib/use-list-filters';
import { punchListQuery, type ClockPunch, type PunchFilters } from '../clock-api';
import { PersonCell } from '../../../components/person-cell';

interface RecordFilterValues extends Omit<PunchFilters, 'from' | 'to'> {
  range?: DayRangeValue;
}

const toFilters = ({ range, ...values }: RecordFilterValues): PunchFilters =>
  withoutEmpty({ ...values, ...dayRangeFilters(range) });

/**
 * `/attendance/records` (打卡记录): every punch as it came, newest first, in the reader's scope: where, how
 * far from the store's fence, from which source. Without dates it shows the last week.
 */
export function RecordsPage() {
  const { t } = useTranslation('attendance');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(punchListQuery({ ...filters, ...paging }));

  const columns = useListColumns<ClockPunch>('clockRecords', [
    {
      title: t('records.time'),
      key: 'time',
      dataIndex: 'punched_at',
      width: 150,
      card: 'title',
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('records.employee'),
      key: 'employee',
      width: 140,
      card: 'field',
      render: (_value, row) => <PersonCell name={row.employee_name} no={row.employee_no} />,
    },
    { title: t('records.store'), key: 'store', dataIndex: 'store_name', width: 160, card: 'field' },
    {
      title: t('records.result'),
      key: 'result',
      width: 170,
      card: 'field',
      render: (_value, row) => (
        <Flex gap={4} wrap align="center">
          <Tag color={row.in_fence ? 'green' : 'orange'}>
            {row.in_fence ? t('records.inFence') : t('records.outFence')}
          </Tag>
          {row.distance !== null && (
            <Typography.Text type="secondary">
              {t('clock.metresAway', { distance: row.distance })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('records.point'), key: 'point', dataIndex: 'point_name', width: 110, card: 'field' },
    {
      title: t('records.source'),
      key: 'source',
      dataIndex: 'source',
      width: 90,
      card: 'field',
      render: (source: ClockPunch['source']) => t(`sources.${source}`),
    },
    {
      title: t('records.accuracy'),
      key: 'accuracy',
      dataIndex: 'accuracy',
      width: 90,
      card: 'field',
      render: (accuracy: number | null) =>
        accuracy === null ? '-' : t('clock.metres', { value: Math.round(accuracy) }),
    },
  ]);

  const range = list.data ? t('records.range', { from: list.data.from, to: list.data.to }) : null;
  return (
    <Card title={t('records.title')} extra={<ListToolbar>{columns.setting}</ListToolbar>}>
      <Flex vertical gap={12}>
        <FilterBar name="clock-record-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.person')} width={160} />
          <FilterField name="store_id" label={t('records.store')} width={180}>
            {(control) => <StoreSelect {...control} />}
          </FilterField>
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={250} />
          <SelectFilter
            name="in_fence"
            label={t('records.result')}
            width={120}
            options={[
              { value: '1', label: t('records.inFence') },
              { value: '0', label: t('records.outFence') },
            ]}
          />
          <SelectFilter
            name="source"
            label={t('records.source')}
            width={120}
            options={PUNCH_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) }))}
          />
        </FilterBar>
        {range && <Typography.Text type="secondary">{range}</Typography.Text>}
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
    </Card>
  );
}
