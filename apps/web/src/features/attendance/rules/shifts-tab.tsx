import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditDeleteColumn } from '../../../components/edit-delete-column';
import { useListColumns, type ListColumn } from '../../../components/list-columns';
import { ListTable } from '../../../components/list-table';
import { CreateAction, ListToolbar } from '../../../components/list-toolbar';
import { ATTENDANCE_RULES_KEY, deleteShift, shiftListQuery, type AttendanceShift } from './api';
import { ShiftFormDialog } from './shift-form-dialog';
import { Threshold, useShiftHours } from './shift-text';

type ThresholdKey =
  'late_grace' | 'serious_late' | 'late_absent' | 'early_grace' | 'half_day_hours' | 'absent_hours';

/** 班次: the shifts' hours, the window their punches count in, and the thresholds of lateness and absence. */
export function ShiftsTab() {
  const { t } = useTranslation('attendanceRules');
  const shifts = useQuery(shiftListQuery());
  const shiftHours = useShiftHours();
  const [editing, setEditing] = useState<{ shift: AttendanceShift | null } | null>(null);

  const actions = useEditDeleteColumn<AttendanceShift>({
    width: 110,
    edit: { permission: 'attendance:rules:update', onEdit: (shift) => setEditing({ shift }) },
    remove: {
      permission: 'attendance:rules:delete',
      confirm: (shift) => t('shifts.deleteConfirm', { name: shift.name }),
      request: (shift) => deleteShift(shift.id),
      done: t('shifts.deleted'),
      invalidates: [[ATTENDANCE_RULES_KEY]],
    },
  });

  const threshold = (
    key: ThresholdKey,
    width: number,
    extra: Partial<ListColumn<AttendanceShift>> = {},
  ): ListColumn<AttendanceShift> => ({
    title: t(`shifts.fields.${key}`),
    key,
    dataIndex: key,
    width,
    render: (value: number) => (
      <Threshold value={value} unit={key.endsWith('_hours') ? 'hours' : 'minutes'} />
    ),
    ...extra,
  });

  const columns = useListColumns<AttendanceShift>('attendanceShifts', [
    { title: t('shifts.fields.name'), key: 'name', dataIndex: 'name', width: 100, card: 'title' },
    {
      title: t('shifts.fields.hours'),
      key: 'hours',
      width: 130,
      card: 'field',
      render: (_value, shift) => shiftHours(shift),
    },
    {
      title: t('shifts.fields.window'),
      key: 'window',
      width: 130,
      card: 'field',
      render: (_value, shift) => (
        <Flex vertical>
          <span>{t('shifts.earliestIn', { count: shift.earliest_in })}</span>
          <span>{t('shifts.latestOut', { count: shift.latest_out })}</span>
        </Flex>
      ),
    },
    threshold('late_grace', 80, { card: 'field' }),
    threshold('serious_late', 90),
    threshold('late_absent', 90),
    threshold('early_grace', 80, { card: 'field' }),
    threshold('half_day_hours', 90, { choice: 'default' }),
    threshold('absent_hours', 80, { choice: 'default' }),
    {
      title: t('shifts.fields.groups'),
      key: 'groups',
      dataIndex: 'groups',
      width: 80,
      choice: 'optional',
    },
    actions,
  ]);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary" style={{ flex: '1 1 320px' }}>
          {t('shifts.intro')}
        </Typography.Text>
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="attendance:rules:create" onClick={() => setEditing({ shift: null })}>
            {t('shifts.create')}
          </CreateAction>
        </ListToolbar>
      </Flex>
      <ListTable columns={columns} dataSource={shifts.data ?? []} loading={shifts.isFetching} />
      <ShiftFormDialog
        open={editing !== null}
        shift={editing?.shift ?? null}
        onClose={() => setEditing(null)}
      />
    </Flex>
  );
}
