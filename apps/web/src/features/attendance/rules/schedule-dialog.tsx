import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { ATTENDANCE_RULES_KEY, putSchedule, type AttendanceShift, type ScheduleRoster } from './api';
import { daysOfMonth, REST, shiftMark } from './schedule-days';
import styles from './schedule-dialog.module.css';

type Person = ScheduleRoster['people'][number];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface ScheduleValues {
  /** Monday to Sunday: the week that 按周填充 repeats over the month. */
  week: (number | undefined)[];
  /** Each day's shift id, REST, or undefined when not scheduled. */
  days: Record<string, number | undefined>;
}

/**
 * A person's month of shifts: a select per day, laid out as a calendar, and a week to repeat over the month.
 * Only the days given a shift or a rest day are saved; the server computes the past ones again.
 */
export function ScheduleDialog({
  person,
  month,
  shifts,
  onClose,
}: {
  /** The person whose month is edited; null when closed. */
  person: Person | null;
  month: string;
  shifts: readonly AttendanceShift[];
  onClose(): void;
}) {
  const { t } = useTranslation('attendanceRules');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ScheduleValues>();
  const [nothing, setNothing] = useState(false);
  const days = useMemo(() => daysOfMonth(month), [month]);
  useEffect(() => {
    if (person)
      form.setFieldsValue({
        week: WEEKDAYS.map(() => undefined),
        days: Object.fromEntries(person.days.map((entry) => [entry.day, entry.shift_id ?? REST])),
      });
  }, [person, form]);

  const close = () => {
    setNothing(false);
    onClose();
  };

  const options = [
    ...shifts.map((shift) => ({ value: shift.id, label: shiftMark(shift), title: shift.name })),
    { value: REST, label: t('schedule.restMark'), title: t('schedule.rest') },
  ];
  const weekOptions = [
    ...shifts.map((shift) => ({ value: shift.id, label: shift.name })),
    { value: REST, label: t('schedule.rest') },
  ];

  // Days before joining or after leaving cannot be scheduled.
  const employed = (day: string) =>
    person !== null && day >= person.entry_date && (person.left_on === null || day <= person.left_on);

  const fillFromWeek = () => {
    const week = form.getFieldValue('week') as ScheduleValues['week'];
    const filled = Object.fromEntries(
      days.flatMap(({ day, weekday }) => {
        const value = week[weekday - 1];
        return value === undefined || !employed(day) ? [] : [[day, value]];
      }),
    );
    form.setFieldsValue({ days: { ...(form.getFieldValue('days') as ScheduleValues['days']), ...filled } });
  };

  const save = useSaveMutation({
    form,
    save: (values: ScheduleValues) =>
      putSchedule({
        employee_id: person!.employee_id,
        days: days.flatMap(({ day }) => {
          const value = values.days?.[day];
          return value === undefined ? [] : [{ day, shift_id: value === REST ? null : value }];
        }),
      }),
    successMessage: t('schedule.saved'),
    onClose: close,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [ATTENDANCE_RULES_KEY, 'roster'] }),
  });

  // Monday first: the blanks before the month's first day.
  const leading = (days[0]?.weekday ?? 1) - 1;
  return (
    <FormDialog
      open={person !== null}
      title={t('schedule.editTitle', { name: person?.employee_name ?? '', month })}
      form={form}
      name="attendance-schedule"
      width={560}
      saving={save.isPending}
      onFinish={(values) => {
        const given = Object.values(values.days ?? {}).some((value) => value !== undefined);
        setNothing(!given);
        if (given) save.mutate(values);
      }}
      onCancel={close}
    >
      <Form.Item
        label={t('schedule.week')}
        extra={t('schedule.weekHint')}
        validateStatus={nothing ? 'error' : undefined}
        help={nothing ? t('schedule.nothing') : undefined}
      >
        <Flex gap={4} wrap>
          {WEEKDAYS.map((weekday) => (
            <Form.Item key={weekday} name={['week', weekday - 1]} noStyle>
              <Select
                aria-label={t(`weekdays.${weekday}`)}
                placeholder={t(`weekdaysShort.${weekday}`)}
                options={weekOptions}
                allowClear
                size="small"
                style={{ width: 64 }}
              />
            </Form.Item>
          ))}
          <Button size="small" onClick={fillFromWeek}>
            {t('schedule.fill')}
          </Button>
        </Flex>
      </Form.Item>
      <div className={styles.month}>
        {WEEKDAYS.map((weekday) => (
          <Typography.Text key={weekday} type="secondary" className={styles.head}>
            {t(`weekdaysShort.${weekday}`)}
          </Typography.Text>
        ))}
        {Array.from({ length: leading }, (_, index) => (
          <span key={`blank-${index}`} />
        ))}
        {days.map(({ day, date }) => (
          <div key={day} className={styles.day}>
            <span>{date}</span>
            <Form.Item name={['days', day]} noStyle>
              <Select
                aria-label={day}
                placeholder={t('schedule.unscheduledMark')}
                disabled={!employed(day)}
                options={options}
                optionLabelProp="label"
                size="small"
                popupMatchSelectWidth={false}
                suffixIcon={null}
              />
            </Form.Item>
          </div>
        ))}
      </div>
    </FormDialog>
  );
}
