import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { STORES_KEY, setStoreStatus, type Store } from './api';
import { reasonRules } from './form-rules';

interface StatusDialogProps {
  /** The store to enable (when disabled) or disable (when active); none when closed. */
  store: Store | null;
  onClose(): void;
  onSaved(): void;
}

/** Enable or disable a store, with the required reason. */
export function StatusDialog({ store, onClose, onSaved }: StatusDialogProps) {
  const { t } = useTranslation('stores');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const disabling = store?.status === 'active';
  const rules = useMemo(() => reasonRules(disabling), [disabling]);

  useEffect(() => {
    if (store) form.resetFields();
  }, [store, form]);

  const save = useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      setStoreStatus(store!.id, disabling ? 'disabled' : 'active', reason.trim()),
    onSuccess: async () => {
      void message.success(t(disabling ? 'messages.disabled' : 'messages.enabled'));
      onClose();
      onSaved();
      await queryClient.invalidateQueries({ queryKey: [STORES_KEY] });
    },
  });

  return (
    <FormDialog
      open={store !== null}
      title={t(disabling ? 'status.disableTitle' : 'status.enableTitle', { name: store?.name ?? '' })}
      okText={t(disabling ? 'actions.disable' : 'actions.enable')}
      okButtonProps={{ danger: disabling }}
      form={form}
      name="store-status"
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item
        name="reason"
        label={t(disabling ? 'status.disableReason' : 'status.enableReason')}
        rules={rules}
      >
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
