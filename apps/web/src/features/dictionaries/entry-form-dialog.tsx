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
import {
  CODE_MAX,
  ITEM_NAME_LANGUAGES,
  NAME_MAX,
  SORT_MAX,
  itemNameField,
  type ItemNameField,
} from '@dealer-hr/shared/dictionaries/rules';
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

const NAME_FIELDS: readonly ItemNameField[] = ITEM_NAME_LANGUAGES.map(itemNameField);

/**
 * The other languages' names the save sends: for a new item those filled in, for an item being edited those
 * that changed (an emptied one as null, so the language reads the Chinese name again).
 */
function namesToSend(values: Partial<Record<ItemNameField, string | null>>, entry: DictionaryEntry | null) {
  const names: Partial<Record<ItemNameField, string | null>> = {};
  for (const field of NAME_FIELDS) {
    const value = values[field]?.trim() || null;
    if (value !== (entry?.[field] ?? null)) names[field] = value;
  }
  return names;
}

/**
 * Create or edit a dictionary item: name, its names in the other languages (optional), code, sort and whether
 * selects offer it.
 */
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
        ? {
            code: entry.code,
            name: entry.name,
            name_en: entry.name_en ?? '',
            name_es: entry.name_es ?? '',
            name_ja: entry.name_ja ?? '',
            sort: entry.sort,
            enabled: entry.enabled,
          }
        : { code: '', name: '', name_en: '', name_es: '', name_ja: '', sort: nextSort, enabled: true },
    );
  }, [open, entry, nextSort, form]);

  const save = useSaveMutation({
    form,
    save: ({ name_en, name_es, name_ja, ...values }: EntryFields) => {
      const names = namesToSend({ name_en, name_es, name_ja }, entry);
      if (!entry) return createEntry(type.id, { ...values, ...names });
      // A seeded item's code is fixed: it is not sent at all.
      const { code, ...rest } = values;
      return updateEntry(entry.id, entry.is_system ? { ...rest, ...names } : { ...rest, code, ...names });
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
      {NAME_FIELDS.map((field, index) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`fields.${field}`)}
          rules={rules[field]}
          extra={index === NAME_FIELDS.length - 1 ? t('form.translationHelp') : undefined}
        >
          <Input autoComplete="off" maxLength={NAME_MAX + 10} />
        </Form.Item>
      ))}
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
