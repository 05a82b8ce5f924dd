import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PROHIBITED_REASON_MAX } from '@dealer-hr/shared/prohibited/rules';
import { FormDialog } from '../../components/form-dialog';
import { showSaveError } from '../../lib/form-errors';
import { PROHIBITED_KEY, dismissProhibited, type ProhibitedRow } from './api';
import { enableReasonRules } from './form-rules';

interface DismissDialogProps {
  /** The entry to lift; none when closed. */
  entry: ProhibitedRow | null;
  onClose(): void;
}

/** Lift an entry with the required reason; where a dismissal flow is set up, it waits for its approval. */
export function DismissDialog({ entry, onClose }: DismissDialogProps) {
  const { t } = useTranslation('prohibited');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ enable_reason: string }>();
  const rules = useMemo(() => enableReasonRules(), []);

  useEffect(() => {
    if (entry) form.resetFields();
  }, [entry, form]);

  const dismiss = useMutation({
    mutationFn: ({ enable_reason }: { enable_reason: string }) =>
      dismissProhibited(entry!.id, enable_reason.trim()),
    onSuccess: async (answer) => {
      // Waiting for approval, the person is still blocked: the user must not read it as done.
      void message.success(
        t(answer.status === 'dismissing' ? 'messages.dismissSubmitted' : 'messages.dismissed'),
      );
      onClose();
      await queryClient.invalidateQueries({ queryKey: [PROHIBITED_KEY] });
    },
    onError: (error) => showSaveError(form, error),
  });

  return (
    <FormDialog
      open={entry !== null}
      title={t('dismiss.title', { name: entry?.name ?? '' })}
      okText={t('actions.dismiss')}
      okButtonProps={{ danger: true }}
      form={form}
      name="prohibited-dismiss"
      saving={dismiss.isPending}
      onFinish={(values) => dismiss.mutate(values)}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('dismiss.hint')}</Typography.Paragraph>
      <Form.Item name="enable_reason" label={t('fields.dismissReason')} rules={rules}>
        <Input.TextArea rows={3} maxLength={PROHIBITED_REASON_MAX + 10} />
      </Form.Item>
    </FormDialog>
  );
}
