import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Select, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { showSaveError } from '../../lib/form-errors';
import {
  checkPlacement,
  departmentOptionsQuery,
  postOptionsQuery,
  storeOptionsQuery,
  type CheckAnswer,
  type DepartmentOption,
  type StoreOption,
} from './api';
import { checkFormRules } from './form-rules';

interface CheckValues {
  id_number: string;
  department_id?: number;
  store_id?: number | null;
  post_ids?: number[];
}

/** The nodes from a root down to the department `id`; empty when the tree does not hold it. */
function pathTo(tree: readonly DepartmentOption[], id: number): DepartmentOption[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = pathTo(node.children ?? [], id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** The store a department works in: the store of the department itself or of its nearest store ancestor. */
function storeOf(tree: readonly DepartmentOption[], stores: readonly StoreOption[], id: number) {
  const path = pathTo(tree, id).reverse();
  for (const node of path) {
    const store = stores.find((candidate) => candidate.departmentId === node.id);
    if (store) return store.id;
  }
  return null;
}

/**
 * 规则检查: the question onboarding and transfers ask before they submit, tried by hand. A person (by ID
 * number) at a department, its store and the posts they would hold; the answer lists every active rule
 * that blocks it, in the server's words.
 */
export function CheckDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('mutualExclusion');
  const [form] = Form.useForm<CheckValues>();
  const rules = useMemo(() => checkFormRules(), []);
  const [answer, setAnswer] = useState<CheckAnswer | null>(null);
  const departments = useQuery({ ...departmentOptionsQuery(), enabled: open });
  const stores = useQuery({ ...storeOptionsQuery(), enabled: open });
  const posts = useQuery({ ...postOptionsQuery(), enabled: open });

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  // The next opening starts without the last answer.
  const close = () => {
    setAnswer(null);
    onClose();
  };

  const check = useMutation({
    mutationFn: (values: CheckValues) =>
      checkPlacement({
        id_number: values.id_number.trim(),
        store_id: values.store_id ?? null,
        department_id: values.department_id!,
        post_ids: values.post_ids ?? [],
      }),
    // An answer is about the values it was asked with: none is shown while another is on its way.
    onMutate: () => setAnswer(null),
    onSuccess: setAnswer,
    onError: (error) => showSaveError(form, error),
  });

  const chooseDepartment = (id: number | undefined) => {
    if (id === undefined) return;
    form.setFieldValue('store_id', storeOf(departments.data ?? [], stores.data ?? [], id));
  };

  return (
    <FormDialog
      open={open}
      title={t('check.title')}
      okText={t('check.submit')}
      form={form}
      name="exclusion-check"
      saving={check.isPending}
      onFinish={(values) => check.mutate(values)}
      onCancel={close}
    >
      <Typography.Paragraph type="secondary">{t('check.hint')}</Typography.Paragraph>
      <Form.Item name="id_number" label={t('fields.idNumber')} rules={rules.idNumber}>
        <Input autoComplete="off" maxLength={40} />
      </Form.Item>
      <Form.Item name="department_id" label={t('check.department')} rules={rules.department}>
        <TreeSelect<number>
          showSearch
          treeNodeFilterProp="name"
          placeholder={t('form.selectPlaceholder')}
          loading={departments.isLoading}
          treeData={departments.data ?? []}
          fieldNames={{ label: 'name', value: 'id', children: 'children' }}
          onChange={chooseDepartment}
        />
      </Form.Item>
      <Form.Item
        name="store_id"
        label={t('check.store')}
        extra={t(stores.isError ? 'check.storesFailed' : 'check.storeHelp')}
      >
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('form.selectPlaceholder')}
          loading={stores.isLoading}
          options={(stores.data ?? []).map((store) => ({ value: store.id, label: store.name }))}
        />
      </Form.Item>
      <Form.Item
        name="post_ids"
        label={t('check.posts')}
        rules={rules.posts}
        extra={t(posts.isError ? 'form.postsFailed' : 'check.postsHelp')}
      >
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('form.selectPlaceholder')}
          loading={posts.isLoading}
          options={(posts.data ?? []).map((post) => ({ value: post.id, label: post.name }))}
        />
      </Form.Item>
      {answer &&
        (answer.allowed ? (
          <Alert type="success" showIcon title={t('check.allowed')} />
        ) : (
          <Alert
            type="error"
            showIcon
            title={t('check.blocked', { count: answer.violations.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {answer.violations.map((violation, index) => (
                  <li key={`${violation.rule_id}-${index}`}>{violation.message}</li>
                ))}
              </ul>
            }
          />
        ))}
    </FormDialog>
  );
}
