import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PROHIBITED_REASON_MAX } from '@dealer-hr/shared/prohibited/rules';
import { FormDialog } from '../../components/form-dialog';
import { useSaveMutation } from '../../lib/use-save-mutation';
import {
  PROHIBITED_KEY,
  changeProhibited,
  createProhibited,
  type ProhibitedFields,
  type ProhibitedRow,
} from './api';
import { prohibitedFormRules } from './form-rules';

interface ProhibitedFormDialogProps {
  open: boolean;
  /** The entry to edit; none for a new one. */
  entry: ProhibitedRow | null;
  onClose(): void;
}

/** Put a person on the list, or change the name, phone or reason of an entry. */
export function ProhibitedFormDialog({ open, entry, onClose }: ProhibitedFormDialogProps) {
  const { t } = useTranslation('prohibited');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProhibitedFields>();
  const rules = useMemo(() => prohibitedFormRules(), []);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      entry
        ? {
            name: entry.name,
            // Only the masked number is known here; it is shown, never sent back.
            id_number: entry.id_number,
            phone: entry.phone ?? '',
            disable_reason: entry.disable_reason,
          }
        : { name: '', id_number: '', phone: '', disable_reason: '' },
    );
  }, [open, entry, form]);

  const save = useSaveMutation({
    form,
    save: ({ id_number, ...values }: ProhibitedFields) => {
      const fields = {
        name: values.name.trim(),
        phone: values.phone?.trim() || null,
        disable_reason: values.disable_reason.trim(),
      };
      return entry
        ? changeProhibited(entry.id, fields)
        : createProhibited({ ...fields, id_number: id_number.trim() });
    },
    successMessage: t(entry ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [PROHIBITED_KEY] }),
    // The one conflict of a new entry: the number is listed already.
    conflictField: 'id_number',
  });

  return (
    <FormDialog
      open={open}
      title={t(entry ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="prohibited-form"
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={30} />
      </Form.Item>
      <Form.Item
        name="id_number"
        label={t('fields.idNumber')}
        rules={entry ? undefined : rules.idNumber}
        extra={entry ? undefined : t('form.idNumberHelp')}
      >
        <Input autoComplete="off" maxLength={40} disabled={entry !== null} />
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')} rules={rules.phone}>
        <Input autoComplete="off" inputMode="tel" maxLength={20} />
      </Form.Item>
      <Form.Item name="disable_reason" label={t('fields.disableReason')} rules={rules.disableReason}>
        <Input.TextArea rows={3} maxLength={PROHIBITED_REASON_MAX + 10} />
      </Form.Item>
    </FormDialog>
  );
}
