import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LEAVE_STATUSES, LEAVE_TYPES, leaveTypeRules } from '@dealer-hr/shared/attendance/leave';
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
import { StoreSelect } from '../../../components/store-select';
import { dayRangeFilters, type DayRangeValue } from '../../../lib/day-range';
import { useUserInfo } from '../../../lib/session-queries';
import { useListFilters, withoutEmpty } from '../../../lib/use-list-filters';
import { CLOCK_KEY } from '../clock-api';
import { cancelLeave, leaveListQuery, type LeaveFilters, type LeaveRequest } from './leave-api';
import { LeaveStatusTag, LeaveTypeTag, useRangeText, useTakesText } from './leave-format';
import { PersonCell } from '../../../components/person-cell';
import { useWhose, WhoseSwitch } from './whose-switch';

interface LeaveFilterValues extends Omit<LeaveFilters, 'from' | 'to' | 'mine'> {
  range?: DayRangeValue;
}

const toFilters = ({ range, ...values }: LeaveFilterValues): Omit<LeaveFilters, 'mine'> =>
  withoutEmpty({ ...values, ...dayRangeFilters(range) });

/** A request its employee may still cancel: in approval (withdrawn) or approved (its days go back). */
const cancellable = (row: LeaveRequest) => row.status === 'approving' || row.status === 'approved';

/**
 * 请假记录: the requests of the caller's scope, or their own. A reviewer (who may export the team's leave)
 * switches between 团队 and 我的; everyone else sees only their own.
 */
export function LeaveRecords() {
  const { t } = useTranslation('attendanceLeave');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data: me } = useUserInfo();
  const { reviewer, whose, setWhose, mine } = useWhose();
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const list = useQuery(leaveListQuery({ ...filters, ...(mine ? { mine: '1' } : {}), ...paging }));
  const rangeText = useRangeText();
  const takesText = useTakesText();

  const cancel = useMutation({
    mutationFn: (row: LeaveRequest) => cancelLeave(row.id),
    onSuccess: (_answer, row) => {
      void message.success(row.status === 'approving' ? t('cancel.withdrawn') : t('cancel.cancelled'));
      void queryClient.invalidateQueries({ queryKey: [CLOCK_KEY] });
    },
  });

  const columns = useListColumns<LeaveRequest>('attendanceLeave', [
    {
      title: t('columns.employee'),
      key: 'employee',
      width: 120,
      card: 'title',
      render: (_value, row) => <PersonCell name={row.employee_name} no={row.employee_no} />,
    },
    { title: t('columns.store'), key: 'store', dataIndex: 'store_name', width: 150, choice: 'optional' },
    {
      title: t('columns.type'),
      key: 'type',
      // The longest name as a tag in any language ("Bereavement leave").
      width: 140,
      card: 'field',
      render: (_value, row) => <LeaveTypeTag type={row.type} />,
    },
    {
      title: t('columns.range'),
      key: 'range',
      width: 250,
      card: 'field',
      render: (_value, row) => <span>{rangeText(row)}</span>,
    },
    {
      title: t('columns.days'),
      key: 'days',
      width: 80,
      align: 'right',
      card: 'field',
      render: (_value, row) => takesText(row),
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
              title={row.status === 'approving' ? t('cancel.confirmApproving') : t('cancel.confirmApproved')}
              description={
                row.status === 'approved' && leaveTypeRules[row.type].balance
                  ? t('cancel.restoreHint', { days: takesText(row), type: t(`types.${row.type}`) })
                  : rangeText(row)
              }
              okText={t('cancel.ok')}
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
        <FilterBar<LeaveFilterValues> name="leave-filters" onSearch={search}>
          {!mine && <TextFilter name="keyword" label={t('filters.person')} width={150} />}
          {!mine && (
            <FilterField name="store_id" label={t('filters.store')} width={170}>
              {(control) => <StoreSelect {...control} />}
            </FilterField>
          )}
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={240} />
          <SelectFilter
            name="type"
            label={t('filters.type')}
            width={110}
            options={LEAVE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
          <SelectFilter
            name="status"
            label={t('filters.status')}
            width={110}
            options={LEAVE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
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
