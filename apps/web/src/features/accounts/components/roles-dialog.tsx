import { Alert, App, Form, Modal, Select, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../lib/session-queries';
import { roleOptionsQuery, syncRoles, USERS_KEY, type Account } from '../api';
import { showFieldErrors } from '../../../lib/form-errors';

interface RolesDialogProps {
  account: Account | null;
  onClose(): void;
}

interface RolesValues {
  role_ids: number[];
}

/**
 * The roles granted to an account directly (roles that come with its posts are not edited here; the
 * access drawer shows them). Saving replaces the direct grants (`user/roles/sync`).
 */
export function RolesDialog({ account, onClose }: RolesDialogProps) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<RolesValues>();
  const queryClient = useQueryClient();
  const { data: me } = useUserInfo();
  const roles = useQuery({ ...roleOptionsQuery(), enabled: account !== null });

  const save = useMutation({
    mutationFn: ({ id, roleIds }: { id: number; roleIds: number[] }) => syncRoles(id, roleIds),
    onSuccess: async (_answer, { id }) => {
      void message.success(t('roles.success'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
      // One's own roles drive one's menus and buttons: reload them without a page reload.
      if (id === me.id) await queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
    onError: (error) => showFieldErrors(form, error, ['role_ids']),
  });

  return (
    <Modal
      open={account !== null}
      title={t('roles.title', { name: account?.name ?? '' })}
      okText={t('roles.submit')}
      okButtonProps={{ loading: save.isPending, disabled: roles.isError }}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('roles.hint')}</Typography.Paragraph>
      {roles.isError && <Alert type="error" showIcon title={t('roles.loadFailed')} />}
      <Form
        form={form}
        clearOnDestroy
        layout="vertical"
        name="account-roles"
        initialValues={{ role_ids: account?.roles.map((role) => role.id) ?? [] }}
        disabled={save.isPending}
        onFinish={(values) => account && save.mutate({ id: account.id, roleIds: values.role_ids ?? [] })}
      >
        <Form.Item name="role_ids" label={t('roles.label')}>
          <Select
            mode="multiple"
            allowClear
            loading={roles.isLoading}
            placeholder={t('roles.placeholder')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(roles.data ?? []).map((role) => ({
              value: role.id,
              label: role.status === 'active' ? role.name : t('roles.disabledRole', { name: role.name }),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
