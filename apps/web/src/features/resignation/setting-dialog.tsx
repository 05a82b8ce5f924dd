import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Radio, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INHERITOR_RULES, NOTIFY_TEXT_MAX, type InheritorRule } from '@dealer-hr/shared/resignation/rules';
import { FormDialog } from '../../components/form-dialog';
import { StoreSelect } from '../../components/store-select';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { useSearchKeyword } from '../../lib/use-search-keyword';
import {
  RESIGNATION_KEY,
  resignationPeopleQuery,
  resignationSettingQuery,
  saveResignationSetting,
} from './api';

interface SettingValues {
  require_handover: boolean;
  inheritor_rule: InheritorRule;
  inheritor_id?: number | null;
  notify_customers: boolean;
  notify_text?: string;
}

/**
 * 离职设置: per store (or for the whole group, with no store chosen) whether a leaver's customers must be handed
 * over before 办理离职, who inherits them by default, and the message customers receive.
 */
export function ResignationSettingDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('resignation');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingValues>();
  const [storeId, setStoreId] = useState<number | null>(null);
  const setting = useQuery({ ...resignationSettingQuery(storeId), enabled: open });
  const rule = Form.useWatch('inheritor_rule', form);
  const notify = Form.useWatch('notify_customers', form);
  const [typed, setTyped, keyword] = useSearchKeyword();
  const people = useQuery({ ...resignationPeopleQuery(keyword), enabled: open && rule === 'chosen' });

  useEffect(() => {
    if (!open || !setting.data) return;
    const { require_handover, inheritor_rule, inheritor_id, notify_customers, notify_text } = setting.data;
    form.setFieldsValue({ require_handover, inheritor_rule, inheritor_id, notify_customers, notify_text });
  }, [open, setting.data, form]);

  const save = useSaveMutation({
    form,
    save: (values: SettingValues) =>
      saveResignationSetting({ store_id: storeId, ...values, inheritor_id: values.inheritor_id ?? null }),
    successMessage: t('setting.saved'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [RESIGNATION_KEY, 'setting'] }),
  });

  const chosen = setting.data?.inheritor_id
    ? [
        {
          value: setting.data.inheritor_id,
          label: setting.data.inheritor_name ?? String(setting.data.inheritor_id),
        },
      ]
    : [];
  return (
    <FormDialog
      open={open}
      title={t('setting.title')}
      form={form}
      name="resignation-setting"
      width={560}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item
        label={t('fields.store')}
        extra={
          storeId === null
            ? t('setting.groupHint')
            : setting.data?.inherited
              ? t('setting.inheritedHint')
              : t('setting.ownHint')
        }
      >
        <StoreSelect
          aria-label={t('fields.store')}
          allowClear
          placeholder={t('setting.group')}
          value={storeId ?? undefined}
          onChange={(id) => setStoreId(typeof id === 'number' ? id : null)}
        />
      </Form.Item>
      <Form.Item name="require_handover" label={t('setting.requireHandover')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="inheritor_rule" label={t('setting.inheritorRule')}>
        <Radio.Group
          options={INHERITOR_RULES.map((value) => ({ value, label: t(`setting.rules.${value}`) }))}
        />
      </Form.Item>
      {rule === 'chosen' && (
        <Form.Item name="inheritor_id" label={t('setting.inheritor')}>
          <Select<number>
            showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
            placeholder={t('form.employeePlaceholder')}
            loading={people.isFetching}
            notFoundContent={null}
            options={[
              ...chosen,
              ...(people.data ?? [])
                .filter((person) => person.id !== setting.data?.inheritor_id)
                .map((person) => ({ value: person.id, label: `${person.name}（${person.employee_no}）` })),
            ]}
          />
        </Form.Item>
      )}
      <Form.Item name="notify_customers" label={t('setting.notifyCustomers')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {notify && (
        <Form.Item name="notify_text" label={t('setting.notifyText')}>
          <Input.TextArea rows={3} maxLength={NOTIFY_TEXT_MAX} showCount />
        </Form.Item>
      )}
    </FormDialog>
  );
}
