import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import type { FieldError } from '@dealer-hr/shared/error-codes';
import { dictionaryQueryOptions, DictionarySelect } from '../../components/dictionary-select';
import { FormDialog } from '../../components/form-dialog';
import { PostSelect } from '../../components/post-select';
import { StoreSelect } from '../../components/store-select';
import { showSaveError } from '../../lib/form-errors';
import { ONBOARDING_KEY, mainlandIdTypeOf, refusalsOf, startOnboarding, type StartFields } from './api';
import { startFormRules } from './form-rules';

/** Where an entry is filled in, step by step. */
export const ENTRY_PATH = '/managingpeople/enrollmententry';

type StartValues = Partial<StartFields>;

interface StartDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * 新增入职: the person and the place. The server may refuse the hire (prohibited list, already on staff, an
 * open entry, a mutual-exclusion rule): every reason is shown above the form and on its field. A started
 * entry opens in the entry form.
 */
export function StartDialog({ open, onClose }: StartDialogProps) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'list' });
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StartValues>();
  const [refusals, setRefusals] = useState<FieldError[]>([]);
  const idTypes = useQuery({ ...dictionaryQueryOptions(DictType.ID_CARD), enabled: open });
  const mainland = mainlandIdTypeOf(idTypes.data ?? []);
  const rules = useMemo(
    () => startFormRules(() => form.getFieldValue('id_type_id') === mainland),
    [form, mainland],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
  }, [open, form]);

  // The mainland ID card is the usual one: chosen unless the user chose another.
  useEffect(() => {
    if (open && mainland !== undefined && form.getFieldValue('id_type_id') === undefined)
      form.setFieldValue('id_type_id', mainland);
  }, [open, mainland, form]);

  const close = () => {
    setRefusals([]);
    onClose();
  };

  const start = useMutation({
    mutationFn: (values: StartValues) =>
      startOnboarding({
        name: values.name!.trim(),
        phone: values.phone!.trim(),
        id_type_id: values.id_type_id!,
        id_number: values.id_number!.trim(),
        store_id: values.store_id!,
        post_id: values.post_id!,
      }),
    onSuccess: async (entry) => {
      void message.success(t('messages.started'));
      close();
      await queryClient.invalidateQueries({ queryKey: [ONBOARDING_KEY, 'list'] });
      void navigate(`${ENTRY_PATH}?id=${entry.id}`);
    },
    onError: (error) => {
      const found = refusalsOf(error);
      setRefusals(found);
      if (found.length > 0) {
        form.setFields(
          [...new Set(found.map((refusal) => refusal.field))].map((field) => ({
            name: field as keyof StartValues,
            errors: found.filter((refusal) => refusal.field === field).map((refusal) => refusal.message),
          })),
        );
      } else {
        showSaveError(form, error);
      }
    },
  });

  return (
    <FormDialog
      open={open}
      title={t('start.title')}
      okText={t('start.ok')}
      form={form}
      name="onboarding-start"
      saving={start.isPending}
      onFinish={(values) => {
        setRefusals([]);
        start.mutate(values);
      }}
      onCancel={close}
    >
      {refusals.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('start.refused')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {refusals.map((refusal) => (
                <li key={`${refusal.field}:${refusal.message}`}>{refusal.message}</li>
              ))}
            </ul>
          }
        />
      )}
      <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={30} />
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')} rules={rules.phone}>
        <Input autoComplete="off" inputMode="tel" maxLength={20} />
      </Form.Item>
      <Form.Item name="id_type_id" label={t('fields.idType')} rules={rules.idType}>
        <DictionarySelect typeId={DictType.ID_CARD} placeholder={t('form.selectPlaceholder')} />
      </Form.Item>
      <Form.Item name="id_number" label={t('fields.idNumber')} rules={rules.idNumber}>
        <Input autoComplete="off" maxLength={40} />
      </Form.Item>
      <Form.Item name="store_id" label={t('fields.store')} rules={rules.store}>
        <StoreSelect placeholder={t('form.selectPlaceholder')} />
      </Form.Item>
      <Form.Item name="post_id" label={t('fields.post')} rules={rules.post}>
        <PostSelect placeholder={t('form.selectPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
