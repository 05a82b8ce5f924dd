import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATUMS,
  POINT_NAME_MAX,
  RADIUS_DEFAULT,
  RADIUS_MAX,
  RADIUS_MIN,
  attendanceLabels,
  attendanceMessages,
  type Datum,
} from '@dealer-hr/shared/attendance/rules';
import { antdRules } from '@dealer-hr/shared/rules';
import { FormDialog } from '../../../components/form-dialog';
import { StoreSelect } from '../../../components/store-select';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { CLOCK_POINTS_KEY, createClockPoint, updateClockPoint, type ClockPoint } from './api';

interface PointValues {
  store_id?: number;
  name: string;
  latitude?: number | string;
  longitude?: number | string;
  datum: Datum;
  radius: number;
  enabled: boolean;
}

const initialValues = (point: ClockPoint | null): PointValues =>
  point ? { ...point } : { name: '', datum: 'gcj02', radius: RADIUS_DEFAULT, enabled: true };

/** Add or change a clock-in point: its store, name, position (in the datum it was read in) and radius. */
export function PointFormDialog({
  open,
  point,
  onClose,
}: {
  open: boolean;
  point: ClockPoint | null;
  onClose(): void;
}) {
  const { t } = useTranslation('attendance');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PointValues>();
  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(point));
  }, [open, point, form]);

  const save = useSaveMutation({
    form,
    save: (values: PointValues) => {
      const body = {
        store_id: values.store_id!,
        name: values.name.trim(),
        latitude: Number(values.latitude),
        longitude: Number(values.longitude),
        datum: values.datum,
        radius: values.radius,
        enabled: values.enabled,
      };
      return point ? updateClockPoint({ id: point.id, ...body }) : createClockPoint(body);
    },
    successMessage: point ? t('messages.updated') : t('messages.created'),
    onClose,
    conflictField: 'name',
    onSaved: () => queryClient.invalidateQueries({ queryKey: [CLOCK_POINTS_KEY] }),
  });

  return (
    <FormDialog
      open={open}
      title={point ? t('form.editTitle') : t('form.createTitle')}
      form={form}
      name="clock-point"
      width={520}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="store_id" label={t('fields.store')} rules={antdRules.select(attendanceLabels.store)}>
        <StoreSelect />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[...antdRules.required(attendanceLabels.name), { max: POINT_NAME_MAX }]}
      >
        <Input maxLength={POINT_NAME_MAX} placeholder={t('form.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="datum" label={t('fields.datum')} extra={t('form.datumHint')}>
        <Radio.Group options={DATUMS.map((datum) => ({ value: datum, label: t(`datums.${datum}`) }))} />
      </Form.Item>
      <Form.Item name="latitude" label={t('fields.latitude')} rules={antdRules.latitude}>
        <Input inputMode="decimal" placeholder="31.230416" />
      </Form.Item>
      <Form.Item name="longitude" label={t('fields.longitude')} rules={antdRules.longitude}>
        <Input inputMode="decimal" placeholder="121.473701" />
      </Form.Item>
      <Form.Item
        name="radius"
        label={t('fields.radius')}
        rules={[
          {
            type: 'number',
            min: RADIUS_MIN,
            max: RADIUS_MAX,
            required: true,
            message: attendanceMessages.radiusRange,
          },
        ]}
      >
        <InputNumber
          min={RADIUS_MIN}
          max={RADIUS_MAX}
          step={50}
          suffix={t('form.metres')}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
