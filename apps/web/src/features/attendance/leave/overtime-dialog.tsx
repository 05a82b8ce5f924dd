import { useQueryClient } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, InputNumber, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OVERTIME_COMPENSATIONS,
  OVERTIME_DAYS_AHEAD,
  OVERTIME_DAYS_BEHIND,
  OVERTIME_HOURS_MAX,
  OVERTIME_REASON_MAX,
  WORKDAY_HOURS,
  lieuDaysFor,
  overtimeLabels,
  overtimeMessages,
  type OvertimeCompensation,
} from '@dealer-hr/shared/attendance/overtime';
import { FormDialog } from '../../../components/form-dialog';
import { DAY_FORMAT } from '../../../lib/day-range';
import { localMessage, maxLengthRule, requiredRules, selectRules } from '../../../lib/form-rules';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { CLOCK_KEY } from '../clock-api';
import { useDaysText } from './leave-format';
import { requestOvertime } from './overtime-api';

interface OvertimeValues {
  day?: Dayjs;
  hours: number | null;
  compensation?: OvertimeCompensation;
  reason: string;
}

// No compensation chosen beforehand: a working day's overtime may not be taken in lieu, a rest day's may.
const INITIAL: Partial<OvertimeValues> = { hours: null, reason: '' };

/** The days the server takes: the last month's worked days and the next month's planned ones. */
const outOfReach = (day: Dayjs) =>
  day.isBefore(dayjs().subtract(OVERTIME_DAYS_BEHIND, 'day'), 'day') ||
  day.isAfter(dayjs().add(OVERTIME_DAYS_AHEAD, 'day'), 'day');

/**
 * 申请加班: a day, its hours in half hours, and how they are made good: time off in lieu (a rest day's only;
 * the server knows the person's week and the holiday calendar, and says so under the field) or overtime pay.
 * The request goes through the `overtime` approval flow; the lieu days are credited at its approval.
 */
export function OvertimeDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('attendanceLeave');
  const queryClient = useQueryClient();
  const daysText = useDaysText();
  const [form] = Form.useForm<OvertimeValues>();
  const hours = Form.useWatch('hours', form);
  const compensation = Form.useWatch('compensation', form);

  const save = useSaveMutation({
    form,
    save: (values: OvertimeValues) =>
      requestOvertime({
        day: values.day!.format(DAY_FORMAT),
        hours: values.hours!,
        compensation: values.compensation!,
        reason: values.reason.trim(),
      }),
    successMessage: t('overtime.submitted'),
    onClose,
    // A 409 names its field: the day (taken, out of reach), the hours (too few in lieu), the compensation.
    conflictField: ['day', 'hours', 'compensation'],
    onSaved: () => queryClient.invalidateQueries({ queryKey: [CLOCK_KEY] }),
  });
  const { reset } = save;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const earns = compensation === 'lieu' && typeof hours === 'number' ? lieuDaysFor(hours) : null;
  return (
    <FormDialog<OvertimeValues>
      open={open}
      title={t('overtime.dialogTitle')}
      form={form}
      name="overtime-request"
      width={480}
      initialValues={INITIAL}
      okText={t('dialog.submit')}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('overtime.rule', { hours: WORKDAY_HOURS })}
      />
      <Form.Item
        name="day"
        label={t('overtime.columns.day')}
        rules={selectRules(overtimeLabels.day, t('overtime.validation.day'))}
      >
        <DatePicker format={DAY_FORMAT} disabledDate={outOfReach} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="hours"
        label={t('overtime.columns.hours')}
        rules={[
          {
            validator: (_rule, value: number | null | undefined) =>
              typeof value === 'number' && value > 0 && Number.isInteger(value * 2)
                ? Promise.resolve()
                : Promise.reject(
                    new Error(
                      localMessage(
                        overtimeMessages.hours,
                        t('overtime.validation.hours', { max: OVERTIME_HOURS_MAX }),
                      ),
                    ),
                  ),
          },
        ]}
        extra={
          earns === null
            ? undefined
            : earns > 0
              ? t('overtime.earns', { days: daysText(earns) })
              : t('overtime.tooShort', { hours: WORKDAY_HOURS / 2 })
        }
      >
        <InputNumber
          min={0.5}
          max={OVERTIME_HOURS_MAX}
          step={0.5}
          precision={1}
          suffix={t('overtime.hoursUnit')}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item
        name="compensation"
        label={t('overtime.columns.compensation')}
        rules={selectRules(overtimeLabels.compensation, t('overtime.validation.compensation'))}
      >
        <Radio.Group
          optionType="button"
          options={OVERTIME_COMPENSATIONS.map((value) => ({
            value,
            label: t(`overtime.compensations.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('overtime.reason')}
        rules={[
          ...requiredRules(overtimeLabels.reason, t('overtime.validation.reason')),
          maxLengthRule(
            overtimeLabels.reason,
            OVERTIME_REASON_MAX,
            t('overtime.validation.reasonTooLong', { max: OVERTIME_REASON_MAX }),
          ),
        ]}
      >
        <Input.TextArea rows={3} maxLength={OVERTIME_REASON_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
