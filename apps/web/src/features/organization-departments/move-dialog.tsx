import { useMutation } from '@tanstack/react-query';
import { App, Form, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { fieldErrorsOf } from '../../lib/api-client';
import { moveDepartment, type DepartmentDetail, type DepartmentNode } from './api';
import { parentRules } from './form-rules';
import { subtreeIds } from './tree-search';

interface MoveDialogProps {
  /** The node to move; null when closed. */
  department: DepartmentDetail | null;
  tree: readonly DepartmentNode[];
  onClose(): void;
  onMoved(id: number): Promise<void> | void;
}

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

function findNode(nodes: readonly DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** Choose a new parent: the node itself and everything below it cannot be chosen (no cycles). */
export function MoveDialog({ department, tree, onClose, onMoved }: MoveDialogProps) {
  const { t } = useTranslation('organizationDepartments');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ parent_id: number }>();

  const options = useMemo(() => {
    const node = department ? findNode(tree, department.id) : undefined;
    const blocked = node ? subtreeIds(node) : new Set<number>();
    const toOption = (current: DepartmentNode): TreeOption => ({
      value: current.id,
      title: current.name,
      disabled: blocked.has(current.id),
      children: current.children?.map(toOption),
    });
    return tree.map(toOption);
  }, [department, tree]);

  useEffect(() => {
    if (!department) return;
    form.resetFields();
    if (department.parent) form.setFieldsValue({ parent_id: department.parent.id });
  }, [department, form]);

  const move = useMutation({
    mutationFn: (parentId: number) => moveDepartment(department!.id, parentId),
    onSuccess: async ({ id }) => {
      void message.success(t('messages.moved'));
      onClose();
      await onMoved(id);
    },
    onError: (error) => {
      const errors = fieldErrorsOf(error);
      if (errors.length > 0)
        form.setFields(errors.map(({ message: text }) => ({ name: 'parent_id', errors: [text] })));
    },
  });

  return (
    <FormDialog
      open={department !== null}
      title={t('form.moveTitle', { name: department?.name ?? '' })}
      form={form}
      name="department-move"
      saving={move.isPending}
      onFinish={(values) => move.mutate(values.parent_id)}
      onCancel={onClose}
    >
      <Form.Item name="parent_id" label={t('form.parent')} rules={parentRules()}>
        <TreeSelect
          treeData={options}
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll={false}
          treeDefaultExpandedKeys={options.map((option) => option.value)}
          listHeight={320}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </FormDialog>
  );
}
