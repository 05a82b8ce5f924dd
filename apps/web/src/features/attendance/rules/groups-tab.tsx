import { useQuery } from '@tanstack/react-query';
import { Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_TARGETS, type GroupKind } from '@dealer-hr/shared/attendance/rules';
import { useEditDeleteColumn } from '../../../components/edit-delete-column';
import { useListColumns } from '../../../components/list-columns';
import { ListTable } from '../../../components/list-table';
import { CreateAction, ListToolbar } from '../../../components/list-toolbar';
import {
  ATTENDANCE_RULES_KEY,
  deleteGroup,
  groupListQuery,
  shiftListQuery,
  type AttendanceGroup,
} from './api';
import { nameList, weekdayList } from './format';
import { GroupFormDialog } from './group-form-dialog';
import { useShiftHours } from './shift-text';

/** The names of one kind of target a cell lists; the rest are counted. */
const TAGS_SHOWN = 4;

/** 考勤组: each group with its shift, work days, what it covers, its fence and its corrections. */
export function GroupsTab() {
  const { t, i18n } = useTranslation('attendanceRules');
  const groups = useQuery(groupListQuery());
  const shifts = useQuery(shiftListQuery());
  const shiftHours = useShiftHours();
  const [editing, setEditing] = useState<{ group: AttendanceGroup | null } | null>(null);
  const shiftOf = (id: number | null) => shifts.data?.find((shift) => shift.id === id);

  const actions = useEditDeleteColumn<AttendanceGroup>({
    width: 110,
    edit: { permission: 'attendance:rules:update', onEdit: (group) => setEditing({ group }) },
    remove: {
      permission: 'attendance:rules:delete',
      confirm: (group) => t('groups.deleteConfirm', { name: group.name }),
      description: () => t('groups.deleteHint'),
      request: (group) => deleteGroup(group.id),
      done: t('groups.deleted'),
      invalidates: [[ATTENDANCE_RULES_KEY]],
    },
  });

  const columns = useListColumns<AttendanceGroup>('attendanceGroups', [
    { title: t('groups.fields.name'), key: 'name', dataIndex: 'name', width: 130, card: 'title' },
    {
      title: t('groups.fields.kind'),
      key: 'kind',
      dataIndex: 'kind',
      width: 90,
      card: 'field',
      render: (kind: GroupKind) => t(`kinds.${kind}`),
    },
    {
      title: t('groups.fields.shift'),
      key: 'shift',
      width: 140,
      card: 'field',
      render: (_value, group) => {
        const shift = shiftOf(group.shift_id);
        if (!group.shift_name)
          return <Typography.Text type="secondary">{t('groups.byRoster')}</Typography.Text>;
        return (
          <Flex vertical>
            <span>{group.shift_name}</span>
            {shift && <Typography.Text type="secondary">{shiftHours(shift)}</Typography.Text>}
          </Flex>
        );
      },
    },
    {
      title: t('groups.fields.workdays'),
      key: 'workdays',
      width: 110,
      card: 'field',
      render: (_value, group) =>
        group.kind === 'shift' ? (
          <Typography.Text type="secondary">{t('groups.byRoster')}</Typography.Text>
        ) : group.workdays.length === 0 ? (
          '-'
        ) : (
          weekdayList(group.workdays, (day) => t(`weekdaysShort.${day}`), i18n.resolvedLanguage ?? 'zh')
        ),
    },
    {
      title: t('groups.fields.targets'),
      key: 'targets',
      width: 220,
      card: 'field',
      render: (_value, group) => <Coverage group={group} />,
    },
    {
      title: t('groups.fields.outside'),
      key: 'outside',
      width: 100,
      choice: 'default',
      render: (_value, group) =>
        !group.allow_outside
          ? t('groups.outside.refused')
          : group.outside_photo
            ? t('groups.outside.photo')
            : t('groups.outside.allowed'),
    },
    {
      title: t('groups.fields.correction'),
      key: 'correction',
      width: 120,
      choice: 'default',
      render: (_value, group) =>
        t('groups.correctionValue', {
          quota: group.correction_quota,
          days: group.correction_deadline_days,
        }),
    },
    {
      title: t('groups.fields.carry'),
      key: 'carry',
      width: 130,
      choice: 'optional',
      render: (_value, group) =>
        group.annual_carry_days === 0
          ? t('groups.carryNone')
          : t('groups.carryValue', { days: group.annual_carry_days, months: group.annual_carry_months }),
    },
    {
      title: t('groups.fields.dayBoundary'),
      key: 'dayBoundary',
      dataIndex: 'day_boundary_hour',
      width: 90,
      choice: 'optional',
      render: (hour: number) => t('groups.dayBoundaryValue', { hour: String(hour).padStart(2, '0') }),
    },
    actions,
  ]);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary" style={{ flex: '1 1 320px' }}>
          {t('groups.membership')}
        </Typography.Text>
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="attendance:rules:create" onClick={() => setEditing({ group: null })}>
            {t('groups.create')}
          </CreateAction>
        </ListToolbar>
      </Flex>
      <ListTable columns={columns} dataSource={groups.data ?? []} loading={groups.isFetching} />
      <GroupFormDialog
        open={editing !== null}
        group={editing?.group ?? null}
        shifts={shifts.data ?? []}
        onClose={() => setEditing(null)}
      />
    </Flex>
  );
}

/** What a group covers: its posts, departments and stores, a line each. */
function Coverage({ group }: { group: AttendanceGroup }) {
  const { t, i18n } = useTranslation('attendanceRules');
  if (group.targets.length === 0)
    return <Typography.Text type="secondary">{t('groups.noTargets')}</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      {GROUP_TARGETS.map((kind) => {
        const targets = group.targets.filter((target) => target.target === kind);
        if (targets.length === 0) return null;
        const hidden = targets.slice(TAGS_SHOWN).map((target) => target.name);
        return (
          <Flex key={kind} wrap gap={4} align="center">
            <Typography.Text type="secondary">{t(`targets.${kind}`)}</Typography.Text>
            {targets.slice(0, TAGS_SHOWN).map((target) => (
              <Tag key={target.id} style={{ marginInlineEnd: 0 }}>
                {target.name}
              </Tag>
            ))}
            {hidden.length > 0 && (
              <Typography.Text type="secondary" title={nameList(hidden, i18n.resolvedLanguage ?? 'zh')}>
                {t('groups.moreTargets', { count: hidden.length })}
              </Typography.Text>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
