import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Segmented, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ABNORMAL_KINDS } from '@dealer-hr/shared/attendance/rules';
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
import { Permission, usePermission } from '../../../components/permission';
import { StoreSelect } from '../../../components/store-select';
import { dayRangeFilters, type DayRangeValue } from '../../../lib/day-range';
import { useListFilters, withoutEmpty } from '../../../lib/use-list-filters';
import {
  CLOCK_KEY,
  abnormalListQuery,
  reviewExplanation,
  type AbnormalFilters,
  type AttendanceDay,
} from '../clock-api';
import { AbnormalTags } from '../day-result';
import { CorrectionDialog } from './correction-dialog';
import { ExplainDialog } from './explain-dialog';
import { PersonCell } from '../../../components/person-cell';

interface AbnormalFilterValues extends Omit<AbnormalFilters, 'from' | 'to' | 'mine'> {
  range?: DayRangeValue;
}

const toFilters = ({ range, ...values }: AbnormalFilterValues): Omit<AbnormalFilters, 'mine'> =>
  withoutEmpty({ ...values, ...dayRangeFilters(range) });

const time = (at: string | null) => (at ? dayjs(at).format('HH:mm') : '--:--');

/**
 * `/attendance/abnormal` (考勤异常): abnormal days before today from the day table. An employee explains
 * their own and asks for a correction (补卡), which goes through its approval flow; a manager reads the
 * explanations of their scope's days and accepts or rejects them.
 */
export function AbnormalPage() {
  const { t } = useTranslation('attendance');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = usePermission();
  const reviewer = can('attendance:abnormal:approve') || can('attendance:abnormal:reject');
  const [whose, setWhose] = useState<'mine' | 'team'>(reviewer ? 'team' : 'mine');
  const { filters, paging, setPaging, search } = useListFilters(toFilters, {});
  const mine = !reviewer || whose === 'mine';
  const list = useQuery(abnormalListQuery({ ...filters, ...(mine ? { mine: '1' } : {}), ...paging }));
  const [explaining, setExplaining] = useState<AttendanceDay | null>(null);
  const [correcting, setCorrecting] = useState<AttendanceDay | null>(null);

  const review = useMutation({
    mutationFn: (body: { day: AttendanceDay; accepted: boolean }) =>
      reviewExplanation({ employee_id: body.day.employee_id, day: body.day.day, accepted: body.accepted }),
    onSuccess: (_answer, { accepted }) => {
      void message.success(accepted ? t('abnormal.accepted') : t('abnormal.rejected'));
      void queryClient.invalidateQueries({ queryKey: [CLOCK_KEY] });
    },
  });

  const columns = useListColumns<AttendanceDay>('clockAbnormal', [
    { title: t('abnormal.day'), key: 'day', dataIndex: 'day', width: 110, card: 'title' },
    {
      title: t('records.employee'),
      key: 'employee',
      width: 130,
      card: 'field',
      render: (_value, row) => <PersonCell name={row.employee_name} no={row.employee_no} />,
    },
    { title: t('records.store'), key: 'store', dataIndex: 'store_name', width: 140, card: 'field' },
    {
      title: t('abnormal.punches'),
      key: 'punches',
      width: 110,
      card: 'field',
      render: (_value, row) => `${time(row.first_in)} - ${time(row.last_out)}`,
    },
    {
      title: t('abnormal.kinds'),
      key: 'kinds',
      width: 200,
      card: 'field',
      render: (_value, row) => (
        <Flex gap={4} wrap>
          <AbnormalTags day={row} />
        </Flex>
      ),
    },
    {
      title: t('abnormal.explanation'),
      key: 'explanation',
      width: 180,
      card: 'field',
      render: (_value, row) => <Explanation day={row} />,
    },
    {
      title: t('abnormal.actions'),
      key: 'actions',
      width: 170,
      card: 'actions',
      render: (_value, row) =>
        mine ? (
          <Permission name="attendance:abnormal:explain">
            <Space size={0} wrap>
              <Button type="link" size="small" onClick={() => setExplaining(row)}>
                {t('abnormal.explain')}
              </Button>
              {row.correction?.status !== 'approving' && (
                <Button type="link" size="small" onClick={() => setCorrecting(row)}>
                  {t('abnormal.correct')}
                </Button>
              )}
            </Space>
          </Permission>
        ) : row.explanation !== null ? (
          <Space size={0} wrap>
            <Permission name="attendance:abnormal:approve">
              <Button type="link" size="small" onClick={() => review.mutate({ day: row, accepted: true })}>
                {t('abnormal.accept')}
              </Button>
            </Permission>
            <Permission name="attendance:abnormal:reject">
              <Button
                type="link"
                size="small"
                danger
                onClick={() => review.mutate({ day: row, accepted: false })}
              >
                {t('abnormal.reject')}
              </Button>
            </Permission>
          </Space>
        ) : null,
    },
  ]);

  return (
    <Card
      title={t('abnormal.title')}
      extra={
        <ListToolbar>
          {reviewer && (
            <Segmented
              value={whose}
              onChange={(value) => {
                setWhose(value as 'mine' | 'team');
                setPaging((current) => ({ ...current, page: 1 }));
              }}
              options={[
                { value: 'team', label: t('abnormal.team') },
                { value: 'mine', label: t('abnormal.mine') },
              ]}
            />
          )}
          {columns.setting}
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="clock-abnormal-filters" onSearch={search}>
          {!mine && <TextFilter name="keyword" label={t('filters.person')} width={150} />}
          {!mine && (
            <FilterField name="store_id" label={t('records.store')} width={180}>
              {(control) => <StoreSelect {...control} />}
            </FilterField>
          )}
          <DayRangeFilter name="range" placeholder={[t('filters.from'), t('filters.to')]} width={250} />
          <SelectFilter
            name="kind"
            label={t('abnormal.kinds')}
            width={120}
            options={ABNORMAL_KINDS.map((kind) => ({ value: kind, label: t(`abnormalKinds.${kind}`) }))}
          />
          {!mine && (
            <SelectFilter
              name="pending"
              label={t('abnormal.explanation')}
              width={130}
              options={[{ value: '1', label: t('abnormal.pendingOnly') }]}
            />
          )}
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <ExplainDialog day={explaining} onClose={() => setExplaining(null)} />
      <CorrectionDialog day={correcting} onClose={() => setCorrecting(null)} />
    </Card>
  );
}

const reviewColour = { pending: 'processing', accepted: 'green', rejected: 'red' } as const;

function Explanation({ day }: { day: AttendanceDay }) {
  const { t } = useTranslation('attendance');
  return (
    <Flex vertical gap={2}>
      {day.explanation && <span>{day.explanation}</span>}
      <Flex gap={4} wrap>
        {day.explanation && day.explanation_status && (
          <Tag color={reviewColour[day.explanation_status]}>
            {t(`explanationStatus.${day.explanation_status}`)}
          </Tag>
        )}
        {day.correction && (
          <Tag
            color={
              day.correction.status === 'approved'
                ? 'green'
                : day.correction.status === 'approving'
                  ? 'processing'
                  : 'default'
            }
          >
            {t(`correctionStatus.${day.correction.status}`, {
              time: dayjs(day.correction.punch_at).format('HH:mm'),
            })}
          </Tag>
        )}
      </Flex>
      {!day.explanation && !day.correction && <Typography.Text type="secondary">-</Typography.Text>}
    </Flex>
  );
}
