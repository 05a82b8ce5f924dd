import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import type { FormRule } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CORRECTION_DEADLINE_MAX,
  CORRECTION_QUOTA_MAX,
  DAY_BOUNDARY_MAX,
  GROUP_KINDS,
  GROUP_NAME_MAX,
  WEEKDAYS,
  ruleLabels,
  ruleMessages,
  type GroupKind,
} from '@dealer-hr/shared/attendance/rules';
import {
  ANNUAL_CARRY_DAYS_MAX,
  ANNUAL_CARRY_MONTHS_MAX,
  DEFAULT_ANNUAL_CARRY_MONTHS,
  LEAVE_TOP_UP_MAX,
  TOP_UP_LEAVE_TYPES,
  leaveTypeNames,
  DEFAULT_HOURLY_LEAVE_TYPES,
  HOURLY_LEAVE_TYPES,
  type HourlyLeaveType,
  type LeaveTopUps,
  type TopUpLeaveType,
} from '@dealer-hr/shared/attendance/leave';
import { FormDialog } from '../../../components/form-dialog';
import { localMessage, maxLengthRule, requiredRules, selectRules } from '../../../lib/form-rules';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import {
  ATTENDANCE_RULES_KEY,
  createGroup,
  updateGroup,
  type AttendanceGroup,
  type AttendanceShift,
} from './api';
import { TargetsInput, noTargets, targetIdsOf, targetsOf, type TargetIds } from './targets-input';
import { useShiftHours } from './shift-text';

interface GroupValues {
  name: string;
  kind: GroupKind;
  shift_id?: number | null;
  workdays: number[];
  day_boundary_hour: number;
  allow_outside: boolean;
  outside_photo: boolean;
  correction_quota: number;
  correction_deadline_days: number;
  leave_top_ups: LeaveTopUps;
  hourly_leave_types: HourlyLeaveType[];
  annual_carry_days: number;
  annual_carry_months: number;
  targets: TargetIds;
}

const initialValues = (group: AttendanceGroup | null): GroupValues =>
  group
    ? { ...group, targets: targetIdsOf(group.targets) }
    : {
        name: '',
        kind: 'fixed',
        shift_id: null,
        workdays: [1, 2, 3, 4, 5],
        day_boundary_hour: 0,
        allow_outside: false,
        outside_photo: false,
        correction_quota: 3,
        correction_deadline_days: 7,
        leave_top_ups: {},
        hourly_leave_types: [...DEFAULT_HOURLY_LEAVE_TYPES],
        annual_carry_days: 0,
        annual_carry_months: DEFAULT_ANNUAL_CARRY_MONTHS,
        targets: noTargets(),
      };

/** An integer from `min` to `max`, said as the server says it (…须为 0-12 的整数). */
const rangeRule = (label: string, min: number, max: number, translated: string): FormRule => ({
  type: 'integer',
  min,
  max,
  required: true,
  message: localMessage(ruleMessages.range(label, min, max), translated),
});

/**
 * Add or change an attendance group: its kind and shift, work days, the hour its day starts, out-of-fence
 * punches, its corrections, and the posts, departments and stores it covers. Every field is sent again.
 */
export function GroupFormDialog({
  open,
  group,
  shifts,
  onClose,
}: {
  open: boolean;
  group: AttendanceGroup | null;
  shifts: readonly AttendanceShift[];
  onClose(): void;
}) {
  const { t } = useTranslation('attendanceRules');
  const queryClient = useQueryClient();
  const shiftHours = useShiftHours();
  const [form] = Form.useForm<GroupValues>();
  const kind = Form.useWatch('kind', form);
  const allowOutside = Form.useWatch('allow_outside', form);
  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(group));
  }, [open, group, form]);

  const rules = useMemo(
    () => ({
      name: [
        ...requiredRules(ruleLabels.groupName, t('validation.groupNameRequired')),
        maxLengthRule(ruleLabels.groupName, GROUP_NAME_MAX, t('validation.tooLong', { max: GROUP_NAME_MAX })),
      ],
      kind: selectRules(ruleLabels.kind, t('validation.kindRequired')),
      shift: [
        { required: true, message: localMessage(ruleMessages.shiftRequired, t('validation.shiftRequired')) },
      ],
      workdays: [
        {
          type: 'array' as const,
          required: true,
          message: localMessage(ruleMessages.workdays, t('validation.workdaysRequired')),
        },
      ],
      dayBoundary: rangeRule(
        ruleLabels.dayBoundary,
        0,
        DAY_BOUNDARY_MAX,
        t('validation.dayBoundaryRange', { max: DAY_BOUNDARY_MAX }),
      ),
      correctionQuota: rangeRule(
        ruleLabels.correctionQuota,
        0,
        CORRECTION_QUOTA_MAX,
        t('validation.correctionQuotaRange', { max: CORRECTION_QUOTA_MAX }),
      ),
      correctionDeadline: rangeRule(
        ruleLabels.correctionDeadline,
        1,
        CORRECTION_DEADLINE_MAX,
        t('validation.correctionDeadlineRange', { max: CORRECTION_DEADLINE_MAX }),
      ),
      carryDays: rangeRule(
        ruleLabels.annualCarryDays,
        0,
        ANNUAL_CARRY_DAYS_MAX,
        t('validation.carryDaysRange', { max: ANNUAL_CARRY_DAYS_MAX }),
      ),
      carryMonths: rangeRule(
        ruleLabels.annualCarryMonths,
        1,
        ANNUAL_CARRY_MONTHS_MAX,
        t('validation.carryMonthsRange', { max: ANNUAL_CARRY_MONTHS_MAX }),
      ),
      topUp: (type: TopUpLeaveType) => ({
        ...rangeRule(
          `${leaveTypeNames[type]}${ruleLabels.leaveTopUp}`,
          0,
          LEAVE_TOP_UP_MAX,
          t('validation.topUpRange', { type: t(`groupForm.topUps.${type}`), max: LEAVE_TOP_UP_MAX }),
        ),
        required: false,
      }),
    }),
    [t],
  );

  const save = useSaveMutation({
    form,
    save: (values: GroupValues) => {
      const roster = values.kind === 'shift';
      const body = {
        name: values.name.trim(),
        kind: values.kind,
        shift_id: values.shift_id ?? null,
        workdays: roster ? [] : [...values.workdays].sort((a, b) => a - b),
        day_boundary_hour: values.day_boundary_hour,
        allow_outside: values.allow_outside,
        outside_photo: values.allow_outside && values.outside_photo,
        correction_quota: values.correction_quota,
        correction_deadline_days: values.correction_deadline_days,
        leave_top_ups: values.leave_top_ups,
        hourly_leave_types: values.hourly_leave_types,
        annual_carry_days: values.annual_carry_days,
        annual_carry_months: values.annual_carry_months,
        targets: targetsOf(values.targets),
      };
      return group ? updateGroup({ id: group.id, ...body }) : createGroup(body);
    },
    successMessage: group ? t('groups.updated') : t('groups.created'),
    onClose,
    // A 409 names its field: the name (taken), the shift (gone) or the targets (in another group).
    conflictField: ['name', 'shift_id', 'targets'],
    // The server names a target by its place in the list (`targets.3.id`); the form has one field for all.
    fieldOf: (field) => (field.startsWith('targets') ? 'targets' : field),
    onSaved: () => queryClient.invalidateQueries({ queryKey: [ATTENDANCE_RULES_KEY] }),
  });

  const roster = kind === 'shift';
  return (
    <FormDialog
      open={open}
      title={group ? t('groupForm.editTitle') : t('groupForm.createTitle')}
      form={form}
      name="attendance-group"
      width={640}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('groups.fields.name')} rules={rules.name}>
        <Input maxLength={GROUP_NAME_MAX} autoComplete="off" placeholder={t('groupForm.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="kind"
        label={t('groups.fields.kind')}
        rules={rules.kind}
        extra={kind ? t(`kindHints.${kind}`) : undefined}
      >
        <Radio.Group options={GROUP_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item
            name="shift_id"
            label={t('groups.fields.shift')}
            dependencies={['kind']}
            rules={roster ? [] : rules.shift}
            extra={roster ? t('groupForm.shiftHintRoster') : undefined}
          >
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'search' }}
              placeholder={t('groupForm.shiftPlaceholder')}
              options={shifts.map((shift) => ({
                value: shift.id,
                label: t('groupForm.shiftOption', { name: shift.name, hours: shiftHours(shift) }),
                search: shift.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="day_boundary_hour"
            label={t('groups.fields.dayBoundary')}
            rules={[rules.dayBoundary]}
            tooltip={t('groupForm.dayBoundaryHint')}
          >
            <InputNumber
              min={0}
              max={DAY_BOUNDARY_MAX}
              precision={0}
              suffix={t('groupForm.hourSuffix')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      {!roster && (
        <Form.Item name="workdays" label={t('groups.fields.workdays')} rules={rules.workdays}>
          <Checkbox.Group options={WEEKDAYS.map((day) => ({ value: day, label: t(`weekdays.${day}`) }))} />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="allow_outside"
            label={t('groupForm.allowOutside')}
            valuePropName="checked"
            extra={t('groupForm.allowOutsideHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        {allowOutside && (
          <Col xs={24} sm={12}>
            <Form.Item name="outside_photo" label={t('groupForm.outsidePhoto')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="correction_quota"
            label={t('groupForm.correctionQuota')}
            rules={[rules.correctionQuota]}
          >
            <InputNumber
              min={0}
              max={CORRECTION_QUOTA_MAX}
              precision={0}
              suffix={t('groupForm.timesSuffix')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="correction_deadline_days"
            label={t('groupForm.correctionDeadline')}
            rules={[rules.correctionDeadline]}
            tooltip={t('groupForm.correctionDeadlineHint')}
          >
            <InputNumber
              min={1}
              max={CORRECTION_DEADLINE_MAX}
              precision={0}
              suffix={t('groupForm.daysSuffix')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={t('groupForm.topUps.title')}
        tooltip={t('groupForm.topUps.hint')}
        style={{ marginBottom: 0 }}
      >
        <Row gutter={12}>
          {TOP_UP_LEAVE_TYPES.map((type) => (
            <Col key={type} xs={12} sm={6}>
              <Form.Item
                name={['leave_top_ups', type]}
                label={t(`groupForm.topUps.${type}`)}
                rules={[rules.topUp(type)]}
              >
                <InputNumber
                  min={0}
                  max={LEAVE_TOP_UP_MAX}
                  precision={0}
                  placeholder="0"
                  suffix={t('groupForm.daysSuffix')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form.Item>
      <Form.Item
        name="hourly_leave_types"
        label={t('groupForm.hourly.title')}
        tooltip={t('groupForm.hourly.hint')}
      >
        <Checkbox.Group
          options={HOURLY_LEAVE_TYPES.map((type) => ({ value: type, label: t(`groupForm.hourly.${type}`) }))}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="annual_carry_days"
            label={t('groupForm.carry.days')}
            rules={[rules.carryDays]}
            tooltip={t('groupForm.carry.daysHint')}
          >
            <InputNumber
              min={0}
              max={ANNUAL_CARRY_DAYS_MAX}
              precision={0}
              suffix={t('groupForm.daysSuffix')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="annual_carry_months"
            label={t('groupForm.carry.months')}
            rules={[rules.carryMonths]}
            tooltip={t('groupForm.carry.monthsHint')}
          >
            <InputNumber
              min={1}
              max={ANNUAL_CARRY_MONTHS_MAX}
              precision={0}
              suffix={t('groupForm.carry.monthsSuffix')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="targets" label={t('groups.fields.targets')} extra={t('groups.membership')}>
        <TargetsInput known={group?.targets ?? []} />
      </Form.Item>
    </FormDialog>
  );
}
