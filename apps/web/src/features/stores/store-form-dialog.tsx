import { useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { DictionarySelect } from '../../components/dictionary-select';
import { FormDialog } from '../../components/form-dialog';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { STORES_KEY, createStore, updateStore, type Store, type StoreFields } from './api';
import { storeFormRules } from './form-rules';

interface StoreFormDialogProps {
  open: boolean;
  /** The store to edit; none for a new one. */
  store: Store | null;
  regions: { id: number; name: string }[];
  onClose(): void;
  /** After a save: the dealer network changes too. */
  onSaved(): void;
}

type FormValues = Omit<StoreFields, 'opened_on' | 'latitude' | 'longitude'> & {
  opened_on?: Dayjs | null;
  latitude?: string | null;
  longitude?: string | null;
};

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Create or edit a store: district, code, name, type, brand, category, address and opening date. */
export function StoreFormDialog({ open, store, regions, onClose, onSaved }: StoreFormDialogProps) {
  const { t } = useTranslation('stores');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const rules = useMemo(() => storeFormRules(), []);
  const editing = store !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (store)
      form.setFieldsValue({
        region_id: store.regionId,
        code: store.code,
        name: store.name,
        store_type_id: store.storeTypeId,
        brand_id: store.brandId,
        category_id: store.categoryId,
        city: store.city,
        address: store.address,
        latitude: store.latitude,
        longitude: store.longitude,
        opened_on: store.openedOn ? dayjs(store.openedOn) : null,
      });
  }, [open, store, form]);

  const save = useSaveMutation({
    form,
    save: (fields: StoreFields) => (store ? updateStore(store.id, fields) : createStore(fields)),
    successMessage: t(editing ? 'messages.updated' : 'messages.created'),
    onClose,
    onSaved: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: [STORES_KEY] });
    },
    // A taken code (409) is the only conflict.
    conflictField: 'code',
  });

  const submit = (values: FormValues) =>
    save.mutate({
      region_id: values.region_id,
      code: values.code.trim(),
      name: values.name.trim(),
      store_type_id: values.store_type_id,
      brand_id: values.brand_id ?? null,
      category_id: values.category_id ?? null,
      city: values.city?.trim() ?? '',
      address: values.address?.trim() ?? '',
      latitude: blankToNull(values.latitude),
      longitude: blankToNull(values.longitude),
      opened_on: values.opened_on ? values.opened_on.format('YYYY-MM-DD') : null,
    });

  return (
    <FormDialog
      open={open}
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="store-form"
      saving={save.isPending}
      onFinish={submit}
      onCancel={onClose}
    >
      <Form.Item name="region_id" label={t('form.region')} rules={rules.region}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={regions.map((region) => ({ value: region.id, label: region.name }))}
        />
      </Form.Item>
      <Form.Item name="code" label={t('form.code')} rules={rules.code}>
        <Input autoComplete="off" maxLength={40} />
      </Form.Item>
      <Form.Item name="name" label={t('form.name')} rules={rules.name}>
        <Input autoComplete="off" maxLength={60} />
      </Form.Item>
      <Form.Item name="store_type_id" label={t('form.storeType')} rules={rules.storeType}>
        <DictionarySelect typeId={DictType.STORE_TYPE} />
      </Form.Item>
      <Form.Item name="brand_id" label={t('form.brand')}>
        <DictionarySelect typeId={DictType.STORE_BRAND} allowClear />
      </Form.Item>
      <Form.Item name="category_id" label={t('form.category')}>
        <DictionarySelect typeId={DictType.STORE_CATEGORY} allowClear />
      </Form.Item>
      <Form.Item name="city" label={t('form.city')} rules={rules.city}>
        <Input autoComplete="off" maxLength={40} />
      </Form.Item>
      <Form.Item name="address" label={t('form.address')} rules={rules.address}>
        <Input autoComplete="off" maxLength={210} />
      </Form.Item>
      <Form.Item name="latitude" label={t('form.latitude')} rules={rules.latitude}>
        <Input autoComplete="off" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="longitude" label={t('form.longitude')} rules={rules.longitude}>
        <Input autoComplete="off" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="opened_on" label={t('form.openedOn')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
