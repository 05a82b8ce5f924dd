import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Flex, Popconfirm, Table, Tabs, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField, TextFilter } from '../../../components/filter-bar';
import { useListColumns, type ListColumn } from '../../../components/list-columns';
import { ExportAction, ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { Permission } from '../../../components/permission';
import { StoreSelect } from '../../../components/store-select';
import { DEFAULT_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { LEAVE_TYPES } from '@dealer-hr/shared/attendance/leave';
import { withoutEmpty } from '../../../lib/use-list-filters';
import {
  CLOCK_KEY,
  lockMonth,
  statisticsQuery,
  storeStatisticsQuery,
  unlockMonth,
  type MonthlyStatistics,
  type StatisticsFilters,
  type StoreStatistics,
} from '../clock-api';
import { PersonCell } from '../../../components/person-cell';

interface SheetFilterValues {
  store_id?: number;
  keyword?: string;
}

/** The month shown first: the last one, which HR closes by the 5th; from the 6th on, the current one. */
const firstMonth = () => (dayjs().date() <= 5 ? dayjs().subtract(1, 'month') : dayjs()).format('YYYY-MM');

/**
 * `/attendance/statistics` (考勤统计): each person's month from the day table and each store's totals; HR
 * closes the month (封账) once its corrections are in, reopens it when one must still change, and exports it.
 */
export function StatisticsPage() {
  const { t } = useTranslation('attendance');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<StatisticsFilters>({ month: firstMonth() });
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const sheet = useQuery(statisticsQuery({ ...filters, ...paging }));
  const stores = useQuery(storeStatisticsQuery(filters));
  const month = sheet.data?.month;

  const toggleLock = useMutation({
    mutationFn: () => (month?.locked ? unlockMonth(filters.month) : lockMonth(filters.month)),
    onSuccess: (state) => {
      void message.success(state.locked ? t('statistics.locked') : t('statistics.unlocked'));
      void queryClient.invalidateQueries({ queryKey: [CLOCK_KEY] });
    },
  });

  const figures = useFigureColumns();
  const columns = useListColumns<MonthlyStatistics>('clockStatistics', [
    {
      title: t('records.employee'),
      key: 'employee',
      width: 120,
      card: 'title',
      render: (_value, row) => <PersonCell name={row.employee_name} no={row.employee_no} />,
    },
    { title: t('records.store'), key: 'store', dataIndex: 'store_name', width: 130, choice: 'default' },
    ...figures,
  ]);

  const storeColumns: TableColumnsType<StoreStatistics> = [
    {
      title: t('records.store'),
      key: 'store',
      dataIndex: 'store_name',
      width: 140,
      render: (name: string | null) => name ?? t('statistics.noStore'),
    },
    { title: t('statistics.people'), key: 'people', dataIndex: 'people', width: 70 },
    // The store's totals read as the person's sheet: the figures it shows by default.
    ...(figures.filter(
      (column) => column.choice !== 'optional',
    ) as unknown as TableColumnsType<StoreStatistics>),
  ];

  return (
    <Card
      title={t('statistics.title')}
      extra={
        <ListToolbar>
          {month && (
            <Tag
              color={month.locked ? 'default' : 'processing'}
              icon={month.locked ? <LockOutlined /> : undefined}
            >
              {month.locked
                ? t('statistics.closedBy', { name: month.locked_by ?? '-' })
                : t('statistics.open')}
            </Tag>
          )}
          {month && (
            <Permission name={month.locked ? 'attendance:statistics:unlock' : 'attendance:statistics:lock'}>
              <Popconfirm
                title={
                  month.locked
                    ? t('statistics.unlockConfirm', { month: filters.month })
                    : t('statistics.lockConfirm', { month: filters.month })
                }
                onConfirm={() => toggleLock.mutate()}
              >
                <Button
                  icon={month.locked ? <UnlockOutlined /> : <LockOutlined />}
                  loading={toggleLock.isPending}
                >
                  {month.locked ? t('statistics.unlock') : t('statistics.lock')}
                </Button>
              </Popconfirm>
            </Permission>
          )}
          <ExportAction permission="attendance:statistics:export" kind="attendance" filters={{ ...filters }}>
            {t('statistics.export')}
          </ExportAction>
          {columns.setting}
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="start">
          <DatePicker
            picker="month"
            allowClear={false}
            aria-label={t('statistics.month')}
            value={dayjs(filters.month)}
            disabledDate={(value) => value.isAfter(dayjs(), 'month')}
            onChange={(value) => {
              if (value) setFilters((current) => ({ ...current, month: value.format('YYYY-MM') }));
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            style={{ width: 130, marginBottom: 8 }}
          />
          <FilterBar<SheetFilterValues>
            name="clock-statistics-filters"
            onSearch={(values) => {
              setFilters((current) => ({ month: current.month, ...withoutEmpty(values) }));
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          >
            <FilterField name="store_id" label={t('records.store')} width={180}>
              {(control) => <StoreSelect {...control} />}
            </FilterField>
            <TextFilter name="keyword" label={t('filters.person')} width={150} />
          </FilterBar>
        </Flex>
        <Tabs
          items={[
            {
              key: 'people',
              label: t('statistics.byPerson'),
              children: <PagedTable columns={columns} list={sheet} paging={paging} onPaging={setPaging} />,
            },
            {
              key: 'stores',
              label: t('statistics.byStore'),
              children: (
                <Table<StoreStatistics>
                  rowKey={(row) => row.store_id ?? 0}
                  size="small"
                  loading={stores.isFetching}
                  columns={storeColumns}
                  dataSource={stores.data ?? []}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                />
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}

/** Shown on a phone's card: the month at a glance. */
const ON_CARD = new Set(['attended', 'late', 'absent']);
/** Hidden until the reader shows them: what does not fit a 1366 px screen beside the rest. */
const OPTIONAL = new Set([
  'rest_days',
  'serious_late',
  'outside',
  'corrections',
  'leave_days',
  'overtime_hours',
]);

/** The month's figures, shared by the person and the store tables. */
function useFigureColumns(): ListColumn<MonthlyStatistics>[] {
  const { t } = useTranslation('attendance');
  const column = (
    key: string,
    width: number,
    render?: (row: MonthlyStatistics) => ReactNode,
  ): ListColumn<MonthlyStatistics> => ({
    title: t(`statistics.columns.${key}`),
    key,
    width,
    align: 'right',
    ...(render ? { render: (_value: unknown, row: MonthlyStatistics) => render(row) } : { dataIndex: key }),
    ...(ON_CARD.has(key) ? { card: 'field' as const } : {}),
    ...(OPTIONAL.has(key) ? { choice: 'optional' as const } : {}),
  });
  const countMinutes = (count: number, minutes: number) => t('statistics.countMinutes', { count, minutes });
  return [
    column('days_due', 64),
    column('attended', 64),
    column('rest_days', 64),
    column('worked_hours', 72),
    column('late', 90, (row) => countMinutes(row.late_count, row.late_minutes)),
    column('serious_late', 64),
    column('early', 90, (row) => countMinutes(row.early_count, row.early_minutes)),
    column('missing', 72, (row) => `${row.missing_in}/${row.missing_out}`),
    column('absent', 64, (row) => row.absent_days),
    column('outside', 64),
    column('corrections', 64),
    column('leave_days', 64, (row) => <LeaveDays row={row} />),
    column('overtime_hours', 72),
  ];
}

/** A month's leave days, with each type's share on hover. */
function LeaveDays({ row }: { row: Pick<MonthlyStatistics, 'leave_days' | 'leave_by_type'> }) {
  const { t } = useTranslation('attendance');
  const parts = LEAVE_TYPES.filter((type) => row.leave_by_type[type] > 0).map((type) =>
    t('statistics.leaveOf', { name: t(`leaveTypes.${type}`), days: row.leave_by_type[type] }),
  );
  if (parts.length === 0) return row.leave_days;
  return (
    <Tooltip title={parts.join(' / ')}>
      <span tabIndex={0}>{row.leave_days}</span>
    </Tooltip>
  );
}
