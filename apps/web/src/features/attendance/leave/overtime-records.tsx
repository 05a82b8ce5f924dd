import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { TagProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OVERTIME_STATUSES } from '@dealer-hr/shared/attendance/overtime';
import type { DayKind } from '@dealer-hr/shared/attendance/rules';
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
import { Permission } from '../../../components/permission';
import { PersonCell } from '../../../components/person-cell';
import { StoreSelect } from '../../../components/store-select';
import { dayRangeFilters, type DayRangeValue } from '../../../lib/day-range';
import { useUserInfo } from '../../../lib/session-queries';
import { useListFilters, withoutEmpty } from '../../../lib/use-list-filters';
import { CLOCK_KEY } from '../clock-api';
import { LeaveStatusTag, useDaysText } from './leave-format';
import {
  cancelOvertime,
  overtimeListQuery,
  type OvertimeFilters,
  type OvertimeRequest,
} from './overtime-api';
import { useWhose, WhoseSwitch } from './whose-switch';

interface OvertimeFilterValues extends Omit<OvertimeFilters, 'from' | 'to' | 'mine'> {
  range?: DayRangeValue;
}

const toFilters = ({ range, ...values }: OvertimeFilterValues): Omit<OvertimeFilters, 'mine'> =>
  withoutEmpty({ ...values, ...dayRangeFilters(range) });

const dayKindColour: Record<DayKind, TagProps['color']> = {
  workday: 'default',
  restday: 'blue',
  holiday: 'red',
};

const cancellable = (row: OvertimeRequest) => row.status === 'approving' || row.status === 'approved';

/**
 * 加班记录: overtime requests of the caller's scope or their own, each with the kind of day, the hours asked
 * beside the hours the day's punches show (for the approver's eye), and how they are made good (the days in
 * lieu a rest day earns).
 */
export function OvertimeRecords() {
  const { t } = useTranslation('attendanceLeave');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data: me } = useUserInfo();
  const { reviewer, whose, setWhose, mine } = useWhose();
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(overtimeListQuery({ ...filters, ...(mine ? { mine: '1' } : {}), ...paging }));
  const daysText = useDaysText();

  const cancel = useMutation({
    mutationFn: (row: OvertimeRequest) => cancelOvertime(row.id),
    onSuccess: (_answer, row) => {
      void message.success(row.status === 'approving' ? t('overtime.withdrawn') : t('overtime.cancelled'));
      void queryClient.invalidateQueries({ queryKey: [CLOCK_KEY] });
    },
  });

  const columns = useListColumns<OvertimeRequest>('attendanceOvertime', [
    {
      title: t('columns.employee'),
      key: 'employee',
      width: 120,
      card: 'title',
      render: (_value, row) => <PersonCell name={row.employee_name} no={row.employee_no} />,
    },
    { title: t('columns.store'), key: 'store', dataIndex: 'store_name', width: 150, choice: 'optional' },
    {
      title: t('overtime.columns.day'),
      key: 'day',
      width: 170,
      card: 'field',
      render: (_value, row) => (
        <Flex gap={4} align="center" wrap>
          <span>{row.day}</span>
          <Tag color={dayKindColour[row.day_kind]}>{t(`overtime.dayKinds.${row.day_kind}`)}</Tag>
        </Flex>
      ),
    },
    {
      title: t('overtime.columns.hours'),
      key: 'hours',
      width: 110,
      align: 'right',
      card: 'field',
      render: (_value, row) => (
        <Flex vertical align="end">
          <span>{t('overtime.hours', { hours: row.hours })}</span>
          {row.punched_hours !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('overtime.punched', { hours: row.punched_hours })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('overtime.columns.compensation'),
      key: 'compensation',
      width: 150,
      card: 'field',
      render: (_value, row) =>
        row.compensation === 'lieu'
          ? t('overtime.lieuOf', { days: daysText(row.lieu_days) })
          : t('overtime.compensations.pay'),
    },
    {
      title: t('columns.reason'),
      key: 'reason',
      dataIndex: 'reason',
      minWidth: 140,
      ellipsis: { showTitle: true },
    },
    {
      title: t('columns.status'),
      key: 'status',
      width: 90,
      card: 'field',
      render: (_value, row) => <LeaveStatusTag status={row.status} />,
    },
    {
      title: t('columns.createdAt'),
      key: 'created_at',
      width: 150,
      choice: 'optional',
      render: (_value, row) => dayjs(row.created_at).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 80,
      card: 'actions',
      render: (_value, row) =>
        me.employeeId !== null && row.employee_id === me.employeeId && cancellable(row) ? (
          <Permission name="attendance:leave:withdraw">
            <Popconfirm
              title={
                row.status === 'approving' ? t('overtime.confirmApproving') : t('overtime.confirmApproved')
              }
              description={
                row.status === 'approved' && row.lieu_days > 0
                  ? t('overtime.takeBackHint', { days: daysText(row.lieu_days) })
                  : row.day
              }
              okText={t('overtime.cancelOk')}
              cancelText={t('cancel.keep')}
              onConfirm={() => cancel.mutateAsync(row).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                {t('cancel.action')}
              </Button>
            </Popconfirm>
          </Permission>
        ) : null,
    },
  ]);

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="start" justify="space-between">
        <FilterBar<OvertimeFilterValues> name="overtime-filters" onSearch={search}>
          {!mine && <TextFilter name="keyword" label={t('filters.person')} width={150} />}
          {!mine && (
            <FilterField name="store_id" label={t('filters.store')} width={170}>
              {(control) => <StoreSelect {...control} />}
            </FilterField>
          )}
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={240} />
          <SelectFilter
            name="status"
            label={t('filters.status')}
            width={110}
            options={OVERTIME_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          />
        </FilterBar>
        <ListToolbar>
          {reviewer && (
            <WhoseSwitch
              value={whose}
              onChange={(value) => {
                setWhose(value);
                setPaging((current) => ({ ...current, page: 1 }));
              }}
            />
          )}
          {columns.setting}
        </ListToolbar>
      </Flex>
      <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
    </Flex>
  );
}
