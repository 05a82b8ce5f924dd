import { useMutation } from '@tanstack/react-query';
import { App, Form, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPARTMENT_LEVELS, levelBreakOf } from '@dealer-hr/shared/departments/levels';
import type { DepartmentKind } from '@dealer-hr/shared/dictionary-types';
import { FormDialog } from '../../components/form-dialog';
import { fieldErrorsOf } from '../../lib/api-client';
import { moveDepartment, type DepartmentDetail, type DepartmentNode } from './api';
import { parentRules } from './form-rules';
import { findNode, subtreeIds } from './tree-search';

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

/**
 * Choose a new parent: the node itself and everything below it cannot be chosen (no cycles), nor a node the
 * moved subtree would break the levels under (a region under a store, a store anywhere but under a region).
 */
export function MoveDialog({ department, tree, onClose, onMoved }: MoveDialogProps) {
  const { t } = useTranslation('departments');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ parent_id: number }>();

  const options = useMemo(() => {
    const node = department ? findNode(tree, department.id) : undefined;
    const blocked = node ? subtreeIds(node) : new Set<number>();
    // Whether the whole moved subtree fits under a parent depends only on that parent's kind.
    const fits = new Map<DepartmentKind, boolean>(
      DEPARTMENT_LEVELS.map((kind) => [kind, !node || levelBreakOf(kind, node) === null]),
    );
    const toOption = (current: DepartmentNode): TreeOption => ({
      value: current.id,
      title: current.name,
      disabled: blocked.has(current.id) || !fits.get(current.kind),
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
      <Form.Item
        name="parent_id"
        label={t('form.parent')}
        rules={parentRules()}
        extra={t('form.parentHelp', {
          levels: DEPARTMENT_LEVELS.map((kind) => t(`kind.${kind}`)).join(' > '),
        })}
      >
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
