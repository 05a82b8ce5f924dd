import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Spin,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HALVES,
  LEAVE_HOUR_STEP_MINUTES,
  LEAVE_HOURS_A_DAY,
  LEAVE_HOURS_MIN,
  LEAVE_REASON_MAX,
  LEAVE_UNITS,
  DEFAULT_HOURLY_LEAVE_TYPES,
  hourWindowProblem,
  isHourlyType,
  LEAVE_TYPES,
  MATERNITY_DIFFICULT_BIRTH,
  MATERNITY_PER_EXTRA_BABY,
  TOP_UP_LEAVE_TYPES,
  leaveLabels,
  leaveMessages,
  leaveTypeRules,
  timeOfMinute,
  type Half,
  type LeaveType,
  type LeaveUnit,
} from '@dealer-hr/shared/attendance/leave';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { FormDialog } from '../../../components/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { DAY_FORMAT } from '../../../lib/day-range';
import { localMessage, maxLengthRule, requiredRules, selectRules } from '../../../lib/form-rules';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { CLOCK_KEY } from '../clock-api';
import {
  leaveBalanceQuery,
  leaveOptionsQuery,
  leavePreviewQuery,
  requestLeave,
  type LeavePreviewParams,
  type LeaveRequestInput,
} from './leave-api';
import { useDaysText } from './leave-format';

interface LeaveValues {
  type?: LeaveType;
  unit: LeaveUnit;
  start_day?: Dayjs;
  /** 'HH:mm' in half hours; the end may be 24:00. */
  start_time?: string;
  end_time?: string;
  start_half: Half;
  end_day?: Dayjs;
  end_half: Half;
  difficult_birth: boolean;
  extra_babies: number | null;
  reason: string;
}

const INITIAL: Partial<LeaveValues> = {
  unit: 'day',
  start_half: 'am',
  end_half: 'pm',
  difficult_birth: false,
  extra_babies: 0,
  reason: '',
};

/** The day's half hours as 'HH:mm', from 00:00 to 24:00 (a window may end at midnight, which no clock face shows). */
const HALF_HOURS = Array.from({ length: (24 * 60) / LEAVE_HOUR_STEP_MINUTES + 1 }, (_, index) =>
  timeOfMinute(index * LEAVE_HOUR_STEP_MINUTES),
);
const timeOptions = (times: readonly string[]) => times.map((time) => ({ value: time, label: time }));
const START_TIMES = timeOptions(HALF_HOURS.slice(0, -1));
const END_TIMES = timeOptions(HALF_HOURS.slice(1));

/** The unit the form asks in: by the hour only for a type that may go by the hour. */
const unitOf = (values: Partial<LeaveValues>): LeaveUnit =>
  values.type && isHourlyType(values.type) && values.unit === 'hour' ? 'hour' : 'day';

/**
 * What the server is asked to count: the type and a range whose end is not before its start (or a window of
 * hours of one day), with maternity's top-ups.
 */
function previewOf(values: Partial<LeaveValues>): LeavePreviewParams | null {
  const { type, start_day, start_half, end_day, end_half } = values;
  if (!type || !start_day) return null;
  const start = start_day.format(DAY_FORMAT);
  if (unitOf(values) === 'hour') {
    const [from, to] = [values.start_time, values.end_time];
    if (!from || !to || hourWindowProblem(from, to)) return null;
    return { type, unit: 'hour', start_day: start, start_time: from, end_time: to };
  }
  if (!start_half || !end_day || !end_half) return null;
  const end = end_day.format(DAY_FORMAT);
  if (end < start || (end === start && end_half < start_half)) return null;
  const range: LeavePreviewParams = { type, start_day: start, start_half, end_day: end, end_half };
  if (type !== 'maternity') return range;
  return {
    ...range,
    difficult_birth: values.difficult_birth ? '1' : '0',
    extra_babies: values.extra_babies ?? 0,
  };
}

const conflictOf = (error: unknown) =>
  error instanceof ApiError && error.code === ErrorCode.CONFLICT ? error.message : null;

/**
 * 申请请假: a type (with how it counts), a range in half days, the maternity top-ups, a reason. Whenever the
 * range is complete the server counts its days for the caller (共 N 天); the request then goes through the
 * `leave` approval flow.
 */
export function LeaveDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('attendanceLeave');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LeaveValues>();
  const type = Form.useWatch('type', form);
  const options = useQuery({ ...leaveOptionsQuery(), enabled: open });
  const hourly: readonly LeaveType[] = options.data?.hourly_leave_types ?? DEFAULT_HOURLY_LEAVE_TYPES;
  const byHour = Form.useWatch((values: LeaveValues) => unitOf(values) === 'hour', form);
  const watched = Form.useWatch((values: LeaveValues) => previewOf(values), form);
  const preview = useQuery(leavePreviewQuery(open && watched ? watched : null));

  const save = useSaveMutation({
    form,
    save: (values: LeaveValues) => {
      if (unitOf(values) === 'hour')
        return requestLeave({
          type: values.type!,
          unit: 'hour',
          start_day: values.start_day!.format(DAY_FORMAT),
          start_time: values.start_time!,
          end_time: values.end_time!,
          reason: values.reason.trim(),
        });
      const body: LeaveRequestInput = {
        type: values.type!,
        start_day: values.start_day!.format(DAY_FORMAT),
        start_half: values.start_half,
        end_day: values.end_day!.format(DAY_FORMAT),
        end_half: values.end_half,
        reason: values.reason.trim(),
      };
      if (values.type === 'maternity') {
        body.difficult_birth = values.difficult_birth;
        body.extra_babies = values.extra_babies ?? 0;
      }
      return requestLeave(body);
    },
    successMessage: t('dialog.submitted'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [CLOCK_KEY] }),
  });
  const { reset } = save;
  // A refusal is about the request as it was sent: another opening, type or range is counted afresh.
  const range = JSON.stringify(watched ?? null);
  useEffect(() => {
    if (open) reset();
  }, [open, range, reset]);
  const refused = conflictOf(save.error);

  const halves = HALVES.map((half) => ({ value: half, label: t(`halves.${half}`) }));
  return (
    <FormDialog<LeaveValues>
      open={open}
      title={t('dialog.title')}
      form={form}
      name="leave-request"
      width={520}
      initialValues={INITIAL}
      okText={t('dialog.submit')}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item
        name="type"
        label={t('dialog.type')}
        rules={selectRules(leaveLabels.type, t('dialog.validation.type'))}
        extra={type ? <TypeHint type={type} /> : undefined}
      >
        <Select<LeaveType>
          options={LEAVE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          // A type the group keeps by the day is asked by the day.
          onChange={(value) => {
            if (!hourly.includes(value)) form.setFieldValue('unit', 'day');
          }}
        />
      </Form.Item>
      {type && hourly.includes(type) && (
        <Form.Item name="unit" label={t('dialog.unit')}>
          <Radio.Group
            optionType="button"
            options={LEAVE_UNITS.map((value) => ({ value, label: t(`units.${value}`) }))}
          />
        </Form.Item>
      )}
      {byHour ? (
        <HourFields />
      ) : (
        <>
          <Flex gap={12} wrap>
            <Form.Item
              name="start_day"
              label={t('dialog.startDay')}
              rules={selectRules(leaveLabels.startDay, t('dialog.validation.startDay'))}
              style={{ flex: '1 1 150px' }}
            >
              <DatePicker
                format={DAY_FORMAT}
                style={{ width: '100%' }}
                onChange={(day: Dayjs | null) => {
                  // A first day chosen: the range is that day until the user says otherwise.
                  const end = form.getFieldValue('end_day') as Dayjs | undefined;
                  if (day && (!end || end.isBefore(day, 'day'))) form.setFieldValue('end_day', day);
                }}
              />
            </Form.Item>
            <Form.Item name="start_half" label={t('dialog.startHalf')} style={{ flex: '0 0 auto' }}>
              <Radio.Group optionType="button" options={halves} />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap>
            <Form.Item
              name="end_day"
              label={t('dialog.endDay')}
              dependencies={['start_day', 'start_half', 'end_half']}
              rules={[
                ...selectRules(leaveLabels.endDay, t('dialog.validation.endDay')),
                ({ getFieldValue }) => ({
                  validator: (_rule, end?: Dayjs | null) => {
                    const start = getFieldValue('start_day') as Dayjs | undefined;
                    if (!start || !end) return Promise.resolve();
                    const reversed =
                      end.isBefore(start, 'day') ||
                      (end.isSame(start, 'day') && getFieldValue('end_half') < getFieldValue('start_half'));
                    const message = localMessage(
                      leaveMessages.rangeReversed,
                      t('dialog.validation.reversed'),
                    );
                    return reversed ? Promise.reject(new Error(message)) : Promise.resolve();
                  },
                }),
              ]}
              style={{ flex: '1 1 150px' }}
            >
              <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="end_half" label={t('dialog.endHalf')} style={{ flex: '0 0 auto' }}>
              <Radio.Group optionType="button" options={halves} />
            </Form.Item>
          </Flex>
        </>
      )}
      {type === 'maternity' && (
        <>
          <Form.Item name="difficult_birth" valuePropName="checked">
            <Checkbox>{t('dialog.difficultBirth')}</Checkbox>
          </Form.Item>
          <Form.Item name="extra_babies" label={t('dialog.extraBabies')} extra={t('dialog.extraBabiesHint')}>
            <InputNumber min={0} max={5} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </>
      )}
      <div aria-live="polite" style={{ marginBottom: 16 }}>
        {refused ? (
          <Alert type="error" showIcon title={refused} />
        ) : watched == null ? null : preview.isFetching ? (
          <Flex gap={8} align="center">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('dialog.counting')}</Typography.Text>
          </Flex>
        ) : preview.isError ? (
          <Alert type="warning" showIcon title={preview.error.message} />
        ) : preview.data ? (
          <Typography.Text strong>
            {watched.unit === 'hour'
              ? t('dialog.totalHours', {
                  hours: preview.data.days * LEAVE_HOURS_A_DAY,
                  days: preview.data.days,
                })
              : t('dialog.total', { days: preview.data.days })}
          </Typography.Text>
        ) : null}
      </div>
      <Form.Item
        name="reason"
        label={t('dialog.reason')}
        rules={[
          ...requiredRules(leaveLabels.reason, t('dialog.validation.reason')),
          maxLengthRule(
            leaveLabels.reason,
            LEAVE_REASON_MAX,
            t('dialog.validation.reasonTooLong', { max: LEAVE_REASON_MAX }),
          ),
        ]}
      >
        <Input.TextArea rows={3} maxLength={LEAVE_REASON_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** A time of the day in half hours, picked or typed ("14:30" and Enter). */
const timePicking = { showSearch: true, placeholder: 'HH:mm', style: { width: '100%' } } as const;

/** Leave by the hour: a day, and a window of it in half hours. */
function HourFields() {
  const { t } = useTranslation('attendanceLeave');
  const bounds = { min: LEAVE_HOURS_MIN, max: LEAVE_HOURS_A_DAY };
  return (
    <>
      <Form.Item
        name="start_day"
        label={t('dialog.day')}
        rules={selectRules(leaveLabels.startDay, t('dialog.validation.startDay'))}
        extra={t('dialog.hourHint', bounds)}
      >
        <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item
          name="start_time"
          label={t('dialog.startTime')}
          rules={selectRules(leaveLabels.startTime, t('dialog.validation.startTime'))}
          style={{ flex: '1 1 150px' }}
        >
          <Select {...timePicking} options={START_TIMES} notFoundContent={t('dialog.noTime')} />
        </Form.Item>
        <Form.Item
          name="end_time"
          label={t('dialog.endTime')}
          dependencies={['start_time']}
          rules={[
            ...selectRules(leaveLabels.endTime, t('dialog.validation.endTime')),
            ({ getFieldValue }) => ({
              validator: (_rule, end?: string | null) => {
                const start = getFieldValue('start_time') as string | undefined;
                if (!start || !end) return Promise.resolve();
                const problem = hourWindowProblem(start, end);
                if (!problem) return Promise.resolve();
                const message =
                  problem === 'length'
                    ? localMessage(leaveMessages.hourLength, t('dialog.validation.hourLength', bounds))
                    : localMessage(leaveMessages.hourTimes, t('dialog.validation.hourTimes'));
                return Promise.reject(new Error(message));
              },
            }),
          ]}
          style={{ flex: '1 1 150px' }}
        >
          <Select {...timePicking} options={END_TIMES} notFoundContent={t('dialog.noTime')} />
        </Form.Item>
      </Flex>
    </>
  );
}

/** How the chosen type counts: working or calendar days, its balance, its statutory length, its pay. */
function TypeHint({ type }: { type: LeaveType }) {
  const { t } = useTranslation('attendanceLeave');
  const rule = leaveTypeRules[type];
  const name = t(`types.${type}`);
  const daysText = useDaysText();
  const balances = useQuery({ ...leaveBalanceQuery(dayjs().year()), enabled: rule.balance });
  const left = balances.data?.find((balance) => balance.type === type)?.left;
  const parts = [
    rule.calendar ? t('hints.calendarDays') : t('hints.workdays'),
    ...(rule.balance
      ? [
          left === undefined
            ? t('hints.balance', { type: name })
            : t('hints.balanceLeft', { type: name, left: daysText(left) }),
        ]
      : []),
    ...(rule.quota !== null ? [t('hints.quota', { days: daysText(rule.quota) })] : []),
    // The person's group knows the province's days; the server counts them into the length it allows.
    ...((TOP_UP_LEAVE_TYPES as readonly LeaveType[]).includes(type) ? [t('hints.topUp')] : []),
    ...(type === 'maternity'
      ? [
          t('hints.maternity', {
            difficult: daysText(MATERNITY_DIFFICULT_BIRTH),
            perBaby: daysText(MATERNITY_PER_EXTRA_BABY),
          }),
        ]
      : []),
    rule.paid ? t('hints.paid') : t('hints.unpaid'),
  ];
  return <>{t('hints.sentence', { name, parts: parts.join(t('hints.separator')) })}</>;
}
