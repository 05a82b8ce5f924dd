import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { useSaveMutation } from '../../lib/use-save-mutation';
import {
  createEntry,
  refreshDictionary,
  updateEntry,
  type DictionaryEntry,
  type DictionaryType,
  type EntryFields,
} from './api';
import { CODE_MAX, NAME_MAX, SORT_MAX } from '@dealer-hr/shared/dictionaries/rules';
import { conflictField, dictionaryFormRules } from './form-rules';

interface EntryFormDialogProps {
  open: boolean;
  /** The type the item belongs to. */
  type: DictionaryType;
  /** The item to edit; none for a new one. */
  entry: DictionaryEntry | null;
  /** Sort proposed for a new item (after the last one). */
  nextSort: number;
  onClose(): void;
}

/** Create or edit a dictionary item: name, code, sort and whether selects offer it. */
export function EntryFormDialog({ open, type, entry, nextSort, onClose }: EntryFormDialogProps) {
  const { t } = useTranslation('dictionaries');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EntryFields>();
  const rules = useMemo(() => dictionaryFormRules(), []);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      entry
        ? { code: entry.code, name: entry.name, sort: entry.sort, enabled: entry.enabled }
        : { code: '', name: '', sort: nextSort, enabled: true },
    );
  }, [open, entry, nextSort, form]);

  const save = useSaveMutation({
    form,
    save: (values: EntryFields) => {
      if (!entry) return createEntry(type.id, values);
      // A seeded item's code is fixed: it is not sent at all.
      const { code, ...rest } = values;
      return updateEntry(entry.id, entry.is_system ? rest : { ...rest, code });
    },
    successMessage: t(entry ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: () => refreshDictionary(queryClient, type.id),
    conflictField,
  });

  return (
    <FormDialog
      open={open}
      title={t(entry ? 'entryForm.editTitle' : 'entryForm.createTitle', { type: type.name })}
      form={form}
      name="dictionary-entry-form"
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={NAME_MAX + 10} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('fields.code')}
        rules={entry?.is_system ? [] : rules.code}
        extra={entry?.is_system ? t('form.systemCodeHelp') : t('form.codeHelp')}
      >
        <Input autoComplete="off" maxLength={CODE_MAX + 10} disabled={entry?.is_system} />
      </Form.Item>
      <Form.Item name="sort" label={t('fields.sort')} rules={rules.sort} extra={t('form.sortHelp')}>
        <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="enabled"
        label={t('fields.enabled')}
        valuePropName="checked"
        extra={t('form.enabledHelp')}
      >
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
