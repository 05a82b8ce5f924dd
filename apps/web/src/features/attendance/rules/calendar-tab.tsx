import { useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarKind } from '@dealer-hr/shared/attendance/rules';
import { useEditDeleteColumn } from '../../../components/edit-delete-column';
import { useListColumns } from '../../../components/list-columns';
import { ListTable } from '../../../components/list-table';
import { CreateAction, ListToolbar } from '../../../components/list-toolbar';
import { ATTENDANCE_RULES_KEY, calendarQuery, deleteCalendarEntry, type CalendarEntry } from './api';
import { CalendarFormDialog } from './calendar-form-dialog';

const YEAR_MIN = 2000;
const YEAR_MAX = 2100;

/** The tag of a day's kind: 休 (a statutory holiday) or 班 (a make-up working day). */
export function CalendarKindTag({ kind }: { kind: CalendarKind }) {
  const { t } = useTranslation('attendanceRules');
  return <Tag color={kind === 'holiday' ? 'green' : 'orange'}>{t(`calendar.tags.${kind}`)}</Tag>;
}

/** 节假日: the year's holidays and make-up working days, which override the groups' work days. */
export function CalendarTab() {
  const { t } = useTranslation('attendanceRules');
  const [year, setYear] = useState(() => dayjs().year());
  const calendar = useQuery(calendarQuery(year));
  const [editing, setEditing] = useState<{ entry: CalendarEntry | null } | null>(null);
  const entries = useMemo(
    () => [...(calendar.data ?? [])].sort((a, b) => a.day.localeCompare(b.day)),
    [calendar.data],
  );

  const actions = useEditDeleteColumn<CalendarEntry>({
    width: 110,
    edit: { permission: 'attendance:rules:update', onEdit: (entry) => setEditing({ entry }) },
    remove: {
      permission: 'attendance:rules:update',
      confirm: (entry) => t('calendar.deleteConfirm', { day: entry.day, name: entry.name }),
      description: () => t('calendar.deleteHint'),
      request: (entry) => deleteCalendarEntry(entry.day),
      done: t('calendar.deleted'),
      invalidates: [[ATTENDANCE_RULES_KEY, 'calendar']],
    },
  });

  const columns = useListColumns<CalendarEntry>('attendanceCalendar', [
    {
      title: t('calendar.fields.day'),
      key: 'day',
      dataIndex: 'day',
      width: 150,
      card: 'title',
      render: (day: string) => (
        <span>
          {day} <Typography.Text type="secondary">{t(`weekdays.${dayjs(day).day() || 7}`)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('calendar.fields.kind'),
      key: 'kind',
      dataIndex: 'kind',
      width: 140,
      card: 'field',
      render: (kind: CalendarKind, entry: CalendarEntry) => (
        <Flex gap={4} wrap>
          <CalendarKindTag kind={kind} />
          {entry.statutory && <Tag color="red">{t('calendar.tags.statutory')}</Tag>}
        </Flex>
      ),
    },
    { title: t('calendar.fields.name'), key: 'name', dataIndex: 'name', width: 200, card: 'field' },
    actions,
  ]);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8}>
          <label htmlFor="attendance-calendar-year">{t('calendar.year')}</label>
          <DatePicker
            id="attendance-calendar-year"
            picker="year"
            allowClear={false}
            value={dayjs().year(year).startOf('year')}
            disabledDate={(date) => date.year() < YEAR_MIN || date.year() > YEAR_MAX}
            onChange={(date) => {
              if (date) setYear(date.year());
            }}
            style={{ width: 120 }}
          />
        </Flex>
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="attendance:rules:update" onClick={() => setEditing({ entry: null })}>
            {t('calendar.create')}
          </CreateAction>
        </ListToolbar>
      </Flex>
      <Typography.Text type="secondary">{t('calendar.intro')}</Typography.Text>
      <ListTable
        columns={columns}
        rowKey="day"
        dataSource={entries}
        loading={calendar.isFetching}
        locale={{ emptyText: t('calendar.empty', { year }) }}
      />
      <CalendarFormDialog
        open={editing !== null}
        entry={editing?.entry ?? null}
        year={year}
        onClose={() => setEditing(null)}
        onSaved={(saved) => setYear(dayjs(saved.day).year())}
      />
    </Flex>
  );
}
