import { App, Alert, Form, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { freezeAccount, thawAccount, USERS_KEY, type Account } from '../api';
import { showFieldErrors } from '../../../lib/form-errors';

/** The roles module keeps reasons to this length. */
export const REASON_MAX = 200;

interface ReasonDialogProps {
  /** Freeze an active account or thaw a frozen one; null while closed. */
  mode: 'freeze' | 'thaw';
  account: Account | null;
  onClose(): void;
}

interface ReasonValues {
  reason: string;
}

/** Freeze or thaw an account with the reason the rules require; a frozen user's sessions end at once. */
export function ReasonDialog({ mode, account, onClose }: ReasonDialogProps) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<ReasonValues>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      mode === 'freeze' ? freezeAccount(id, reason) : thawAccount(id, reason),
    onSuccess: async () => {
      void message.success(t(`${mode}.success`));
      onClose();
      await queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
    },
    onError: (error) => showFieldErrors(form, error, ['reason']),
  });

  return (
    <Modal
      open={account !== null}
      title={t(`${mode}.title`, { name: account?.name ?? '' })}
      okText={t(`actions.${mode}`)}
      okButtonProps={{ danger: mode === 'freeze', loading: save.isPending }}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type={mode === 'freeze' ? 'warning' : 'info'} showIcon title={t(`${mode}.hint`)} />
      <Form
        form={form}
        clearOnDestroy
        layout="vertical"
        name={`account-${mode}`}
        style={{ marginTop: 16 }}
        disabled={save.isPending}
        onFinish={(values) => account && save.mutate({ id: account.id, reason: values.reason.trim() })}
      >
        <Form.Item
          name="reason"
          label={t(`${mode}.reason`)}
          rules={[{ required: true, whitespace: true, message: t(`${mode}.reasonRequired`) }]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder={t(`${mode}.placeholder`)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
