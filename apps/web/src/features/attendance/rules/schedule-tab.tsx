import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListColumns, type ListColumn } from '../../../components/list-columns';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { usePermission } from '../../../components/permission';
import { groupListQuery, rosterQuery, shiftListQuery, type ScheduleRoster } from './api';
import { ScheduleDialog } from './schedule-dialog';
import { daysOfMonth, REST, shiftColour, shiftMark } from './schedule-days';

type Person = ScheduleRoster['people'][number];

/** A day's width in the grid: a month of them beside the name fits a 1366 px screen. */
const DAY_WIDTH = 28;
const dayCell = { style: { padding: '4px 0', textAlign: 'center' as const } };

/**
 * 排班: a shift group's month, a row per person and a column per day, each day the shift's mark or 休. Fixed
 * and free groups have their week instead; only shift groups are listed.
 */
export function ScheduleTab() {
  const { t } = useTranslation('attendanceRules');
  const groups = useQuery(groupListQuery());
  const shifts = useQuery(shiftListQuery());
  const shiftGroups = useMemo(
    () => (groups.data ?? []).filter((group) => group.kind === 'shift'),
    [groups.data],
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const groupId = chosen ?? shiftGroups[0]?.id ?? null;
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const roster = useQuery(rosterQuery(groupId, month));
  const [editing, setEditing] = useState<Person | null>(null);
  const canEdit = usePermission()('attendance:rules:update');
  const days = useMemo(() => daysOfMonth(month), [month]);
  const shiftOf = useMemo(
    () => new Map((shifts.data ?? []).map((shift) => [shift.id, shift])),
    [shifts.data],
  );

  const dayColumns = days.map(({ day, date, weekday }): ListColumn<Person> => ({
    // The date over its weekday.
    title: `${date}\n${t(`weekdaysShort.${weekday}`)}`,
    key: day,
    width: DAY_WIDTH,
    onHeaderCell: () =>
      ({ style: { ...dayCell.style, whiteSpace: 'pre-line' }, 'aria-label': day }) as object,
    onCell: () => dayCell,
    render: (_value, person) => {
      const entry = person.days.find((each) => each.day === day);
      if (!entry) return null;
      if (entry.shift_id === null)
        return <Typography.Text type="secondary">{t('schedule.restMark')}</Typography.Text>;
      const shift = shiftOf.get(entry.shift_id);
      return (
        <span title={shift?.name} style={{ color: shiftColour(shifts.data ?? [], entry.shift_id) }}>
          {shiftMark(shift)}
        </span>
      );
    },
  }));

  const summaryOf = (person: Person) => {
    const counts = new Map<number, number>();
    for (const entry of person.days)
      counts.set(entry.shift_id ?? REST, (counts.get(entry.shift_id ?? REST) ?? 0) + 1);
    const parts = [...counts].map(([id, count]) =>
      t('schedule.count', { name: id === REST ? t('schedule.rest') : (shiftOf.get(id)?.name ?? '?'), count }),
    );
    const open = days.length - person.days.length;
    if (open > 0) parts.push(t('schedule.count', { name: t('schedule.unscheduled'), count: open }));
    return parts.join(' · ');
  };

  const columns = useListColumns<Person>('attendanceSchedule', [
    {
      title: t('schedule.fields.person'),
      key: 'person',
      width: 96,
      card: 'title',
      render: (_value, person) => (
        <span title={`${person.employee_no}${person.store_name ? ` · ${person.store_name}` : ''}`}>
          {person.employee_name}
        </span>
      ),
    },
    {
      title: t('schedule.fields.summary'),
      key: 'summary',
      width: 200,
      choice: 'optional',
      card: 'field',
      render: (_value, person) => summaryOf(person),
    },
    ...dayColumns,
    ...(canEdit
      ? [
          {
            title: t('schedule.fields.actions'),
            key: 'actions',
            width: 64,
            card: 'actions',
            render: (_value: unknown, person: Person) => (
              <Button type="link" size="small" onClick={() => setEditing(person)}>
                {t('schedule.edit')}
              </Button>
            ),
          } satisfies ListColumn<Person>,
        ]
      : []),
  ]);

  if (groups.isSuccess && shiftGroups.length === 0) return <Empty description={t('schedule.noShiftGroup')} />;

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8} wrap>
          <label htmlFor="attendance-schedule-group">{t('schedule.group')}</label>
          <Select
            id="attendance-schedule-group"
            value={groupId}
            onChange={setChosen}
            options={shiftGroups.map((group) => ({ value: group.id, label: group.name }))}
            style={{ width: 180 }}
          />
          <label htmlFor="attendance-schedule-month">{t('schedule.month')}</label>
          <DatePicker
            id="attendance-schedule-month"
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(date) => {
              if (date) setMonth(date.format('YYYY-MM'));
            }}
            style={{ width: 120 }}
          />
        </Flex>
        <ListToolbar>{columns.setting}</ListToolbar>
      </Flex>
      <Typography.Text type="secondary">
        {t('schedule.intro')}
        {roster.data ? ` ${t('schedule.asOf', { day: roster.data.as_of })}` : null}
      </Typography.Text>
      <ListTable
        columns={columns}
        rowKey="employee_id"
        size="small"
        dataSource={roster.data?.people ?? []}
        loading={roster.isFetching}
        locale={{ emptyText: t('schedule.empty') }}
      />
      <ScheduleDialog
        person={editing}
        month={month}
        shifts={shifts.data ?? []}
        onClose={() => setEditing(null)}
      />
    </Flex>
  );
}
