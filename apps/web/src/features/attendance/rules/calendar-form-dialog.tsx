import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_KINDS, ruleLabels, type CalendarKind } from '@dealer-hr/shared/attendance/rules';
import { FormDialog } from '../../../components/form-dialog';
import { maxLengthRule, requiredRules, selectRules } from '../../../lib/form-rules';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { ATTENDANCE_RULES_KEY, putCalendarEntry, type CalendarEntry } from './api';

const DAY = 'YYYY-MM-DD';
const NAME_MAX = 20;

interface EntryValues {
  day?: Dayjs;
  kind: CalendarKind;
  name: string;
  statutory: boolean;
}

/** Mark a day 休 or 班 (a day already in the calendar is changed), or change how a marked day reads. */
export function CalendarFormDialog({
  open,
  entry,
  year,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The day to change; none to mark another. */
  entry: CalendarEntry | null;
  /** The year shown: a new day's picker opens on it. */
  year: number;
  onClose(): void;
  onSaved(saved: CalendarEntry): void;
}) {
  const { t } = useTranslation('attendanceRules');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EntryValues>();
  const kind = Form.useWatch('kind', form);
  useEffect(() => {
    if (open)
      form.setFieldsValue(
        entry
          ? { ...entry, day: dayjs(entry.day) }
          : { day: undefined, kind: 'holiday', name: '', statutory: false },
      );
  }, [open, entry, form]);

  const rules = useMemo(
    () => ({
      day: selectRules(ruleLabels.day, t('validation.dayRequired')),
      kind: selectRules(ruleLabels.calendarKind, t('validation.calendarKindRequired')),
      name: [
        ...requiredRules(ruleLabels.calendarName, t('validation.calendarNameRequired')),
        maxLengthRule(ruleLabels.calendarName, NAME_MAX, t('validation.tooLong', { max: NAME_MAX })),
      ],
    }),
    [t],
  );

  const save = useSaveMutation({
    form,
    save: (values: EntryValues) =>
      putCalendarEntry({
        day: values.day!.format(DAY),
        kind: values.kind,
        name: values.name.trim(),
        // Only a day off may be statutory.
        statutory: values.kind === 'holiday' && Boolean(values.statutory),
      }),
    successMessage: t('calendar.saved'),
    onClose,
    onSaved: async (saved) => {
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: [ATTENDANCE_RULES_KEY] });
    },
  });

  return (
    <FormDialog
      open={open}
      title={entry ? t('calendarForm.editTitle') : t('calendarForm.createTitle')}
      form={form}
      name="attendance-calendar"
      width={480}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item name="day" label={t('calendar.fields.day')} rules={rules.day}>
        <DatePicker
          format={DAY}
          disabled={entry !== null}
          defaultPickerValue={dayjs().year(year)}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="kind" label={t('calendar.fields.kind')} rules={rules.kind}>
        <Radio.Group
          options={CALENDAR_KINDS.map((kind) => ({ value: kind, label: t(`calendarForm.kinds.${kind}`) }))}
        />
      </Form.Item>
      {kind === 'holiday' && (
        <Form.Item name="statutory" valuePropName="checked" extra={t('calendarForm.statutoryHint')}>
          <Checkbox>{t('calendarForm.statutory')}</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="name" label={t('calendar.fields.name')} rules={rules.name}>
        <Input maxLength={NAME_MAX} autoComplete="off" placeholder={t('calendarForm.namePlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
