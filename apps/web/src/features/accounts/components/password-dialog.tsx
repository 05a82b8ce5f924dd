import { App, Form, Input, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { antdRules, messages } from '@dealer-hr/shared/rules';
import { resetPassword, type Account } from '../api';
import { showFieldErrors } from '../../../lib/form-errors';
import { localMessage, localRules } from '../../../lib/form-rules';

interface PasswordDialogProps {
  account: Account | null;
  onClose(): void;
}

interface PasswordValues {
  password: string;
  confirm: string;
}

/** Sets a new password for an account; the server ends the user's open sessions. */
export function PasswordDialog({ account, onClose }: PasswordDialogProps) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const save = useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => resetPassword(id, password),
    onSuccess: () => {
      void message.success(t('password.success'));
      onClose();
    },
    onError: (error) => showFieldErrors(form, error, ['password']),
  });
  const mismatch = localMessage(messages.passwordMismatch, t('password.mismatch'));

  return (
    <Modal
      open={account !== null}
      title={t('password.title', { name: account?.name ?? '' })}
      okText={t('password.submit')}
      okButtonProps={{ loading: save.isPending }}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('password.hint')}</Typography.Paragraph>
      <Form
        form={form}
        clearOnDestroy
        layout="vertical"
        name="account-password"
        disabled={save.isPending}
        onFinish={(values) => account && save.mutate({ id: account.id, password: values.password })}
      >
        <Form.Item
          name="password"
          label={t('password.password')}
          rules={localRules(antdRules.password, [t('password.required'), t('password.invalid')])}
        >
          <Input.Password autoComplete="new-password" placeholder={t('password.placeholder')} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(mismatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
