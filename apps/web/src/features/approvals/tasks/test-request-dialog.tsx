import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, InputNumber, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { FormDialog } from '../../../components/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { showSaveError } from '../../../lib/form-errors';
import { MESSAGES_KEY } from '../../../lib/unread-messages';
import {
  APPROVALS_KEY,
  createTestRequest,
  departmentOptionsQuery,
  type InstanceSummary,
  type TestRequestFields,
} from './api';
import { TEST_AMOUNT_MAX, TEST_TITLE_MAX } from '@dealer-hr/shared/approvals/rules';
import { testRequestRules } from './form-rules';

interface TestRequestDialogProps {
  open: boolean;
  onClose(): void;
  /** The request was filed: e.g. show its approval. */
  onCreated(instance: InstanceSummary): void;
}

/**
 * The demo business (`approval/test/store`): a title, a department of the caller's scope and an amount,
 * submitted for approval at once. It runs the engine end to end without any real business record.
 */
export function TestRequestDialog({ open, onClose, onCreated }: TestRequestDialogProps) {
  const { t } = useTranslation('approvals', { keyPrefix: 'tasks' });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TestRequestFields>();
  const rules = useMemo(() => testRequestRules(), []);
  const departments = useQuery({ ...departmentOptionsQuery(), enabled: open });
  // "未配置审批流程" (409) concerns no single field: it stays in the dialog after the toast has gone.
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const close = () => {
    setRefusal(null);
    onClose();
  };

  const save = useMutation({
    mutationFn: createTestRequest,
    onSuccess: async (instance) => {
      void message.success(t('testRequest.submitted'));
      close();
      onCreated(instance);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [APPROVALS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [MESSAGES_KEY] }),
      ]);
    },
    onError: (error) => {
      showSaveError(form, error);
      setRefusal(error instanceof ApiError && error.code === ErrorCode.CONFLICT ? error.message : null);
    },
  });

  return (
    <FormDialog
      open={open}
      title={t('testRequest.title')}
      okText={t('testRequest.submit')}
      form={form}
      name="approval-test-request"
      saving={save.isPending}
      onFinish={(values) => save.mutate({ ...values, title: values.title.trim() })}
      onCancel={close}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form.Item name="title" label={t('testRequest.fields.title')} rules={rules.title}>
        <Input autoComplete="off" maxLength={TEST_TITLE_MAX + 10} />
      </Form.Item>
      <Form.Item name="department_id" label={t('testRequest.fields.department')} rules={rules.department_id}>
        <TreeSelect
          showSearch
          treeNodeFilterProp="name"
          loading={departments.isLoading}
          treeData={departments.data ?? []}
          fieldNames={{ label: 'name', value: 'id', children: 'children' }}
          placeholder={t('testRequest.departmentPlaceholder')}
          listHeight={320}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('testRequest.fields.amount')}
        rules={rules.amount}
        extra={t('testRequest.amountHelp')}
      >
        <InputNumber min={0} max={TEST_AMOUNT_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
