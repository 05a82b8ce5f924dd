import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Radio, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CORRECTION_SIDES,
  REASON_MAX,
  ruleLabels,
  type CorrectionSide,
} from '@dealer-hr/shared/attendance/rules';
import { antdRules } from '@dealer-hr/shared/rules';
import { FormDialog } from '../../../components/form-dialog';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { CLOCK_KEY, requestCorrection, type AttendanceDay } from '../clock-api';

interface CorrectionValues {
  side: CorrectionSide;
  time?: Dayjs;
  reason: string;
}

/**
 * A correction (补卡) of one of the employee's abnormal days: which punch, at what time of that day, and why.
 * It goes through the correction's approval flow; approved, the punch is written and the day recomputed.
 */
export function CorrectionDialog({ day, onClose }: { day: AttendanceDay | null; onClose(): void }) {
  const { t } = useTranslation('attendance');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CorrectionValues>();
  useEffect(() => {
    if (!day) return;
    const side: CorrectionSide = day.missing_in || day.late_minutes > 0 ? 'in' : 'out';
    const due = side === 'in' ? day.due_start : day.due_end;
    form.setFieldsValue({ side, time: due ? dayjs(due) : undefined, reason: '' });
  }, [day, form]);
  const save = useSaveMutation({
    form,
    save: (values: CorrectionValues) =>
      requestCorrection({
        day: day!.day,
        side: values.side,
        // The time on the day's date, with the browser's offset; the server checks it falls in the day.
        punch_at: dayjs(`${day!.day} ${values.time!.format('HH:mm')}`).format(),
        reason: values.reason.trim(),
      }),
    successMessage: t('abnormal.correctionSent'),
    onClose,
    // A time outside the day or in the future comes back as a 409 naming `punch_at`: the time field's.
    conflictField: ['punch_at'],
    fieldOf: (field) => (field === 'punch_at' ? 'time' : field),
    onSaved: () => queryClient.invalidateQueries({ queryKey: [CLOCK_KEY] }),
  });
  return (
    <FormDialog
      open={day !== null}
      title={t('abnormal.correctTitle', { day: day?.day ?? '' })}
      form={form}
      name="clock-correction"
      width={480}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="side" label={t('abnormal.side')}>
        <Radio.Group
          options={CORRECTION_SIDES.map((side) => ({ value: side, label: t(`correctionSides.${side}`) }))}
        />
      </Form.Item>
      <Form.Item name="time" label={t('abnormal.time')} rules={antdRules.select(ruleLabels.time)}>
        <TimePicker format="HH:mm" minuteStep={1} needConfirm={false} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('abnormal.reason')}
        rules={[...antdRules.required(ruleLabels.reason), { max: REASON_MAX }]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
