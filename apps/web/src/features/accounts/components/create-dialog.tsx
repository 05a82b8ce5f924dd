import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { antdRules } from '@dealer-hr/shared/rules';
import {
  createAccount,
  employeeOptionsQuery,
  USERS_KEY,
  type CreateAccountFields,
  type EmployeeOption,
} from '../api';
import { showFieldErrors } from '../../../lib/form-errors';
import { localRules, selectRules } from '../../../lib/form-rules';
import { useSearchKeyword } from '../../../lib/use-search-keyword';

const FIELDS = ['employee_id', 'username', 'password', 'is_sale'] as const;

interface CreateDialogProps {
  open: boolean;
  onClose(): void;
}

function employeeLabel(employee: EmployeeOption): string {
  const place = [employee.storeName ?? employee.departmentName, employee.postTitle].filter(Boolean).join(' ');
  return [employee.name, employee.phone, place].filter(Boolean).join(' · ');
}

/** Opens a login account for an employee who has none. */
export function CreateDialog({ open, onClose }: CreateDialogProps) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateAccountFields>();
  const queryClient = useQueryClient();
  const [, setTyped, keyword] = useSearchKeyword();
  const employees = useQuery({ ...employeeOptionsQuery(keyword), enabled: open });

  const save = useMutation({
    mutationFn: createAccount,
    onSuccess: async (answer) => {
      void message.success(t('create.success', { username: answer.username }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
    },
    onError: (error) => showFieldErrors(form, error, FIELDS),
  });

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.submit')}
      okButtonProps={{ loading: save.isPending }}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setTyped('')}
      destroyOnHidden
    >
      <Form
        form={form}
        clearOnDestroy
        layout="vertical"
        name="account-create"
        initialValues={{ is_sale: false }}
        disabled={save.isPending}
        onFinish={(values) => save.mutate({ ...values, username: values.username.trim() })}
      >
        <Form.Item
          name="employee_id"
          label={t('create.employee')}
          rules={selectRules('员工', t('create.employeeRequired'))}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped }}
            placeholder={t('create.employeePlaceholder')}
            loading={employees.isFetching}
            notFoundContent={employees.isFetching ? t('create.searching') : t('create.noEmployees')}
            options={(employees.data ?? []).map((employee) => ({
              value: employee.id,
              label: employeeLabel(employee),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('create.username')}
          extra={t('create.usernameHint')}
          rules={localRules(antdRules.username, [t('create.usernameRequired'), t('create.usernameInvalid')])}
        >
          <Input autoComplete="off" placeholder={t('create.usernamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.password')}
          extra={t('password.rule')}
          rules={localRules(antdRules.password, [t('password.required'), t('password.invalid')])}
        >
          <Input.Password autoComplete="new-password" placeholder={t('password.placeholder')} />
        </Form.Item>
        <Form.Item
          name="is_sale"
          label={t('create.isSale')}
          extra={t('create.isSaleHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
