import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, ruleLabels } from '@dealer-hr/shared/attendance/rules';
import { antdRules } from '@dealer-hr/shared/rules';
import { FormDialog } from '../../../components/form-dialog';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { CLOCK_KEY, explainDay, type AttendanceDay } from '../clock-api';

/** The employee's word on one of their abnormal days, for their manager to read. */
export function ExplainDialog({ day, onClose }: { day: AttendanceDay | null; onClose(): void }) {
  const { t } = useTranslation('attendance');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ explanation: string }>();
  useEffect(() => {
    if (day) form.setFieldsValue({ explanation: day.explanation ?? '' });
  }, [day, form]);
  const save = useSaveMutation({
    form,
    save: (values: { explanation: string }) =>
      explainDay({ day: day!.day, explanation: values.explanation.trim() }),
    successMessage: t('abnormal.explained'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [CLOCK_KEY] }),
  });
  return (
    <FormDialog
      open={day !== null}
      title={t('abnormal.explainTitle', { day: day?.day ?? '' })}
      form={form}
      name="clock-explain"
      width={480}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item
        name="explanation"
        label={t('abnormal.explanation')}
        rules={[...antdRules.required(ruleLabels.explanation), { max: REASON_MAX }]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
