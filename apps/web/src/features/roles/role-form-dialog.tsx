import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { ROLES_KEY, createRole, updateRole, type Role, type RoleFields } from './api';
import { roleFormRules } from './form-rules';

interface RoleFormDialogProps {
  open: boolean;
  /** The role to edit; none for a new one. */
  role: Role | null;
  onClose(): void;
}

const initialValues: RoleFields = {
  key: '',
  name: '',
  description: '',
  status: 'active',
  dataScope: 'subtree',
  sort: 0,
};

/** Create or edit a role: key, name, description, status, data scope and sort. */
export function RoleFormDialog({ open, role, onClose }: RoleFormDialogProps) {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleFields>();
  const rules = useMemo(() => roleFormRules(), []);
  const editing = role !== null;
  const locked = role?.isSuper ?? false;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role) {
      const { key, name, description, status, dataScope, sort } = role;
      form.setFieldsValue({ key, name, description, status, dataScope, sort });
    }
  }, [open, role, form]);

  const save = useSaveMutation({
    form,
    save: (values: RoleFields) => (role ? updateRole(role.id, values) : createRole(values)),
    successMessage: t(editing ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: async () => {
      await queryClient.invalidateQueries({ queryKey: [ROLES_KEY] });
      // A role's status decides whether its holders keep its menus: the signed-in user may be one.
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
    // The other conflicts (the super-admin role's key, scope and status) are not about a typed value.
    conflictField: (text) => (/标识/.test(text) ? 'key' : null),
  });

  return (
    <FormDialog
      open={open}
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="role-form"
      initialValues={initialValues}
      saving={save.isPending}
      onFinish={(values) =>
        save.mutate({ ...values, description: values.description ?? '', sort: values.sort ?? 0 })
      }
      onCancel={onClose}
    >
      <Form.Item name="key" label={t('form.key')} rules={rules.key} extra={t('form.keyHelp')}>
        <Input autoComplete="off" maxLength={60} disabled={locked} />
      </Form.Item>
      <Form.Item name="name" label={t('form.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={60} />
      </Form.Item>
      <Form.Item name="description" label={t('form.description')} rules={rules.description}>
        <Input.TextArea rows={3} maxLength={210} />
      </Form.Item>
      <Form.Item name="dataScope" label={t('form.dataScope')} rules={rules.dataScope}>
        <Select
          disabled={locked}
          options={[
            { value: 'all', label: t('dataScope.all') },
            { value: 'subtree', label: t('dataScope.subtree') },
          ]}
        />
      </Form.Item>
      <Form.Item name="status" label={t('form.status')} rules={rules.status}>
        <Radio.Group
          disabled={locked}
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'disabled', label: t('status.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item name="sort" label={t('form.sort')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
