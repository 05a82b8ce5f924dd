import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, TimePicker } from 'antd';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIFT_NAME_MAX, THRESHOLD_OFF, ruleLabels, ruleMessages } from '@dealer-hr/shared/attendance/rules';
import { FormDialog } from '../../../components/form-dialog';
import { localMessage, maxLengthRule, requiredRules, selectRules } from '../../../lib/form-rules';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { ATTENDANCE_RULES_KEY, createShift, updateShift, type AttendanceShift } from './api';
import { endsNextDay, pickerTime, timeText } from './format';

const MINUTES_MAX = 720;
const HOURS_MAX = 24;

type MinutesKey =
  'earliest_in' | 'latest_out' | 'late_grace' | 'serious_late' | 'late_absent' | 'early_grace';
type HoursKey = 'half_day_hours' | 'absent_hours';

interface ShiftValues extends Record<MinutesKey | HoursKey, number> {
  name: string;
  start: Dayjs;
  end: Dayjs;
}

const initialValues = (shift: AttendanceShift | null): ShiftValues =>
  shift
    ? { ...shift, start: pickerTime(shift.start), end: pickerTime(shift.end) }
    : {
        name: '',
        start: pickerTime('09:00'),
        end: pickerTime('18:00'),
        earliest_in: 120,
        latest_out: 240,
        late_grace: 0,
        serious_late: THRESHOLD_OFF,
        late_absent: THRESHOLD_OFF,
        early_grace: 0,
        half_day_hours: THRESHOLD_OFF,
        absent_hours: THRESHOLD_OFF,
      };

/** The contract's Chinese label of each threshold: the server's messages are built from it. */
const labels: Record<MinutesKey | HoursKey, string> = {
  earliest_in: ruleLabels.earliestIn,
  latest_out: ruleLabels.latestOut,
  late_grace: ruleLabels.lateGrace,
  serious_late: ruleLabels.seriousLate,
  late_absent: ruleLabels.lateAbsent,
  early_grace: ruleLabels.earlyGrace,
  half_day_hours: ruleLabels.halfDayHours,
  absent_hours: ruleLabels.absentHours,
};

/** The thresholds that -1 turns off. */
const OPTIONAL: readonly string[] = ['serious_late', 'late_absent', 'half_day_hours', 'absent_hours'];

/**
 * Add or change a shift: its hours (an end at or before the start is the next day's), how long before and
 * after them a punch counts, and when lateness, early leave and too few hours count; -1 turns a threshold off.
 */
export function ShiftFormDialog({
  open,
  shift,
  onClose,
}: {
  open: boolean;
  shift: AttendanceShift | null;
  onClose(): void;
}) {
  const { t } = useTranslation('attendanceRules');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShiftValues>();
  const start = Form.useWatch('start', form);
  const end = Form.useWatch('end', form);
  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(shift));
  }, [open, shift, form]);

  const rules = useMemo(() => {
    const minutes = (key: MinutesKey): FormRule[] => [
      {
        type: 'integer',
        required: true,
        min: OPTIONAL.includes(key) ? THRESHOLD_OFF : 0,
        max: MINUTES_MAX,
        message: localMessage(ruleMessages.minutes(labels[key]), t('validation.minutes')),
      },
    ];
    const hours = (key: HoursKey): FormRule[] => [
      {
        required: true,
        message: localMessage(ruleMessages.hours(labels[key]), t('validation.hours')),
        validator: (_rule, value: unknown) =>
          typeof value === 'number' && (value === THRESHOLD_OFF || (value >= 0 && value <= HOURS_MAX))
            ? Promise.resolve()
            : Promise.reject(new Error(localMessage(ruleMessages.hours(labels[key]), t('validation.hours')))),
      },
    ];
    return {
      name: [
        ...requiredRules(ruleLabels.shiftName, t('validation.shiftNameRequired')),
        maxLengthRule(ruleLabels.shiftName, SHIFT_NAME_MAX, t('validation.tooLong', { max: SHIFT_NAME_MAX })),
      ],
      start: selectRules(ruleLabels.start, t('validation.startRequired')),
      end: selectRules(ruleLabels.end, t('validation.endRequired')),
      minutes,
      hours,
    };
  }, [t]);

  const save = useSaveMutation({
    form,
    save: ({ start: from, end: to, name, ...thresholds }: ShiftValues) => {
      const body = { name: name.trim(), start: timeText(from), end: timeText(to), ...thresholds };
      return shift ? updateShift({ id: shift.id, ...body }) : createShift(body);
    },
    successMessage: shift ? t('shifts.updated') : t('shifts.created'),
    onClose,
    conflictField: 'name',
    onSaved: () => queryClient.invalidateQueries({ queryKey: [ATTENDANCE_RULES_KEY] }),
  });

  const nextDay = start && end && endsNextDay({ start: timeText(start), end: timeText(end) });
  const minutesItem = (key: MinutesKey) => (
    <Form.Item
      name={key}
      label={t(`shifts.fields.${key}`)}
      rules={rules.minutes(key)}
      tooltip={t(`shiftForm.hints.${key}`)}
      extra={OPTIONAL.includes(key) ? t('shiftForm.offHint') : undefined}
    >
      <InputNumber
        min={OPTIONAL.includes(key) ? THRESHOLD_OFF : 0}
        max={MINUTES_MAX}
        precision={0}
        suffix={t('shiftForm.minutesSuffix')}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
  const hoursItem = (key: HoursKey) => (
    <Form.Item
      name={key}
      label={t(`shifts.fields.${key}`)}
      rules={rules.hours(key)}
      tooltip={t(`shiftForm.hints.${key}`)}
      extra={t('shiftForm.offHint')}
    >
      <InputNumber
        min={THRESHOLD_OFF}
        max={HOURS_MAX}
        step={0.5}
        precision={1}
        suffix={t('shiftForm.hoursSuffix')}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );

  return (
    <FormDialog
      open={open}
      title={shift ? t('shiftForm.editTitle') : t('shiftForm.createTitle')}
      form={form}
      name="attendance-shift"
      width={600}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('shifts.fields.name')} rules={rules.name}>
        <Input maxLength={SHIFT_NAME_MAX} autoComplete="off" placeholder={t('shiftForm.namePlaceholder')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item name="start" label={t('shifts.fields.start')} rules={rules.start}>
            <TimePicker format="HH:mm" needConfirm={false} showNow={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="end"
            label={t('shifts.fields.end')}
            rules={rules.end}
            extra={nextDay ? t('shiftForm.nextDayHint') : undefined}
          >
            <TimePicker format="HH:mm" needConfirm={false} showNow={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {minutesItem('earliest_in')}
        </Col>
        <Col xs={24} sm={12}>
          {minutesItem('latest_out')}
        </Col>
        <Col xs={24} sm={12}>
          {minutesItem('late_grace')}
        </Col>
        <Col xs={24} sm={12}>
          {minutesItem('early_grace')}
        </Col>
        <Col xs={24} sm={12}>
          {minutesItem('serious_late')}
        </Col>
        <Col xs={24} sm={12}>
          {minutesItem('late_absent')}
        </Col>
        <Col xs={24} sm={12}>
          {hoursItem('half_day_hours')}
        </Col>
        <Col xs={24} sm={12}>
          {hoursItem('absent_hours')}
        </Col>
      </Row>
    </FormDialog>
  );
}
