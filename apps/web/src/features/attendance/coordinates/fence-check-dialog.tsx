import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATUMS, attendanceLabels, type Datum } from '@dealer-hr/shared/attendance/rules';
import { antdRules } from '@dealer-hr/shared/rules';
import { FormDialog } from '../../../components/form-dialog';
import { StoreSelect } from '../../../components/store-select';
import { checkFence } from './api';

interface CheckValues {
  store_id?: number;
  latitude?: string;
  longitude?: string;
  datum: Datum;
}

/** 距离测试: is a position (from a map, or a phone's GPS) inside one of a store's fences, and how far is it? */
export function FenceCheckDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('attendance');
  const [form] = Form.useForm<CheckValues>();
  const check = useMutation({
    mutationFn: (values: CheckValues) =>
      checkFence({
        store_id: values.store_id!,
        latitude: Number(values.latitude),
        longitude: Number(values.longitude),
        datum: values.datum,
      }),
  });
  const answer = check.data;
  return (
    <FormDialog
      open={open}
      title={t('check.title')}
      form={form}
      name="fence-check"
      width={480}
      saving={check.isPending}
      okText={t('check.run')}
      initialValues={{ datum: 'wgs84' }}
      onFinish={(values) => check.mutate(values)}
      onCancel={() => {
        check.reset();
        onClose();
      }}
    >
      <Form.Item name="store_id" label={t('fields.store')} rules={antdRules.select(attendanceLabels.store)}>
        <StoreSelect />
      </Form.Item>
      <Form.Item name="datum" label={t('fields.datum')}>
        <Radio.Group options={DATUMS.map((datum) => ({ value: datum, label: t(`datums.${datum}`) }))} />
      </Form.Item>
      <Form.Item name="latitude" label={t('fields.latitude')} rules={antdRules.latitude}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="longitude" label={t('fields.longitude')} rules={antdRules.longitude}>
        <Input inputMode="decimal" />
      </Form.Item>
      {answer ? (
        <Alert
          type={answer.inside ? 'success' : 'warning'}
          showIcon
          title={
            answer.point
              ? t(answer.inside ? 'check.inside' : 'check.outside', {
                  name: answer.point.name,
                  distance: answer.distance,
                  radius: answer.point.radius,
                })
              : t('check.noPoints')
          }
        />
      ) : null}
    </FormDialog>
  );
}
