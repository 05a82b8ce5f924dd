import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { DEPARTMENT_LEVELS, type CreatableKind } from '@dealer-hr/shared/departments/levels';
import { FormDialog } from '../../components/form-dialog';
import { useSaveMutation } from '../../lib/use-save-mutation';
import {
  createDepartment,
  departmentStaffQuery,
  updateDepartment,
  type DepartmentDetail,
  type DepartmentFields,
  type Placement,
} from './api';
import { CODE_MAX, NAME_MAX } from '@dealer-hr/shared/departments/rules';
import { departmentFormRules } from './form-rules';

/** What the dialog does: add beside or under a node (of `kinds`, those its parent may hold), or edit one. */
export type FormTarget =
  | { mode: 'create'; placement: Placement; anchor: DepartmentDetail; kinds: readonly CreatableKind[] }
  | { mode: 'edit'; department: DepartmentDetail };

interface DepartmentFormDialogProps {
  target: FormTarget | null;
  onClose(): void;
  /** After a save, with the id of the saved node. */
  onSaved(id: number): Promise<void> | void;
}

const initialValues: DepartmentFields = { name: '', code: '', kind: 'department', status: 'active' };

/** Add a sibling or child (name, code, kind, sort, status) or edit a node (the same without kind). */
export function DepartmentFormDialog({ target, onClose, onSaved }: DepartmentFormDialogProps) {
  const { t } = useTranslation('departments');
  const [form] = Form.useForm<DepartmentFields>();
  const rules = useMemo(() => departmentFormRules(), []);
  const editing = target?.mode === 'edit';
  // The leader is chosen among the people of the department (and below); the first page covers a store.
  const staff = useQuery({
    ...departmentStaffQuery(target?.mode === 'edit' ? target.department.id : 0, 1, MAX_PAGE_SIZE),
    enabled: target?.mode === 'edit',
  });
  const leaderOptions = useMemo(() => {
    const options = (staff.data?.data ?? []).map((row) => ({
      value: row.employee_id,
      label: `${row.name}（${row.post.name}）`,
    }));
    const leader = target?.mode === 'edit' ? target.department.leader : null;
    if (leader && !options.some((option) => option.value === leader.id))
      options.unshift({ value: leader.id, label: leader.name });
    return options;
  }, [staff.data, target]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'edit') {
      const { name, code, sort, status, leader } = target.department;
      form.setFieldsValue({ name, code: code ?? '', sort, status, leader_employee_id: leader?.id ?? null });
    } else {
      form.setFieldsValue({
        kind: target.kinds.includes('department') ? 'department' : target.kinds[0],
      });
    }
  }, [target, form]);
  const kindOptions = useMemo(
    () =>
      (target?.mode === 'create' ? target.kinds : []).map((kind) => ({
        value: kind,
        label: t(`kind.${kind}`),
      })),
    [target, t],
  );

  const save = useSaveMutation({
    form,
    save: (values: DepartmentFields) => {
      const fields = { ...values, code: values.code?.trim() || null };
      if (!target) throw new Error('no target');
      if (target.mode === 'edit') {
        const { kind: _kind, ...changes } = fields;
        return updateDepartment(target.department.id, {
          ...changes,
          leader_employee_id: fields.leader_employee_id ?? null,
        });
      }
      const { leader_employee_id: _leader, ...created } = fields;
      return createDepartment(target.placement, target.anchor.id, created);
    },
    successMessage: t(editing ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: ({ id }) => onSaved(id),
    conflictField: (text) => (/编码/.test(text) ? 'code' : null),
  });

  const title = !target
    ? ''
    : target.mode === 'edit'
      ? t('form.editTitle')
      : t(target.placement === 'same' ? 'form.createSameTitle' : 'form.createDownTitle', {
          name: target.anchor.name,
        });

  return (
    <FormDialog
      open={target !== null}
      title={title}
      form={form}
      name="department-form"
      initialValues={initialValues}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('form.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={NAME_MAX + 10} />
      </Form.Item>
      <Form.Item name="code" label={t('form.code')} rules={rules.code}>
        <Input autoComplete="off" maxLength={CODE_MAX + 10} />
      </Form.Item>
      {!editing && (
        <Form.Item
          name="kind"
          label={t('form.kind')}
          rules={rules.kind}
          extra={t('form.kindHelp', {
            levels: DEPARTMENT_LEVELS.map((kind) => t(`kind.${kind}`)).join(' > '),
          })}
        >
          <Select options={kindOptions} />
        </Form.Item>
      )}
      {editing && (
        <Form.Item name="leader_employee_id" label={t('form.leader')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={staff.isFetching}
            options={leaderOptions}
            placeholder={t('form.leaderPlaceholder')}
          />
        </Form.Item>
      )}
      <Form.Item name="status" label={t('form.status')} rules={rules.status}>
        <Radio.Group
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'disabled', label: t('status.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item name="sort" label={t('form.sort')} extra={editing ? undefined : t('form.sortHelp')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
