import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { DICTIONARIES_KEY, createType, updateType, type DictionaryType, type TypeFields } from './api';
import { CODE_MAX, DESCRIPTION_MAX, NAME_MAX } from '@dealer-hr/shared/dictionaries/rules';
import { conflictField, dictionaryFormRules } from './form-rules';

interface TypeFormDialogProps {
  open: boolean;
  /** The type to edit; none for a new one. */
  type: DictionaryType | null;
  onClose(): void;
  /** After a save, with the saved type (the page selects a new one). */
  onSaved?(type: DictionaryType): void;
}

const initialValues: TypeFields = { code: '', name: '', description: '' };

/** Create or edit a dictionary type: code, name and description. */
export function TypeFormDialog({ open, type, onClose, onSaved }: TypeFormDialogProps) {
  const { t } = useTranslation('dictionaries');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TypeFields>();
  const rules = useMemo(() => dictionaryFormRules(), []);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (type) form.setFieldsValue({ code: type.code, name: type.name, description: type.description });
  }, [open, type, form]);

  const save = useSaveMutation({
    form,
    save: (values: TypeFields) => (type ? updateType(type.id, values) : createType(values)),
    successMessage: t(type ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: async (saved) => {
      onSaved?.(saved);
      await queryClient.invalidateQueries({ queryKey: [DICTIONARIES_KEY] });
    },
    conflictField,
  });

  return (
    <FormDialog
      open={open}
      title={t(type ? 'typeForm.editTitle' : 'typeForm.createTitle')}
      form={form}
      name="dictionary-type-form"
      initialValues={initialValues}
      saving={save.isPending}
      onFinish={(values) => save.mutate({ ...values, description: values.description ?? '' })}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={NAME_MAX + 10} />
      </Form.Item>
      <Form.Item name="code" label={t('fields.code')} rules={rules.code} extra={t('form.codeHelp')}>
        <Input autoComplete="off" maxLength={CODE_MAX + 10} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={rules.description}>
        <Input.TextArea rows={3} maxLength={DESCRIPTION_MAX + 10} />
      </Form.Item>
    </FormDialog>
  );
}
