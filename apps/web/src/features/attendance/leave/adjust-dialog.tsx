import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BALANCE_LEAVE_TYPES,
  LEAVE_ADJUST_MAX,
  LEAVE_REASON_MAX,
  leaveLabels,
  leaveMessages,
  type BalanceLeaveType,
} from '@dealer-hr/shared/attendance/leave';
import { FormDialog } from '../../../components/form-dialog';
import { localMessage, maxLengthRule, requiredRules, selectRules } from '../../../lib/form-rules';
import { useSaveMutation } from '../../../lib/use-save-mutation';
import { adjustBalance, LEAVE_KEY, leavePeopleQuery, personBalanceQuery } from './leave-api';
import { useDaysText } from './leave-format';

interface AdjustValues {
  employee_id?: number;
  year: Dayjs;
  type: BalanceLeaveType;
  days?: number;
  note: string;
}

/**
 * 调整余额: HR adds days to a person's balance (a balance carried over, time off in lieu agreed outside a
 * request) or takes them, with the reason, which the person sees in their ledger. The balance as it stands is
 * shown beside the days, and never goes below zero.
 */
export function AdjustDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('attendanceLeave');
  const queryClient = useQueryClient();
  const daysText = useDaysText();
  const [form] = Form.useForm<AdjustValues>();
  const [typed, setTyped] = useState('');
  const people = useQuery({ ...leavePeopleQuery(typed.trim()), enabled: open });
  const employeeId = Form.useWatch('employee_id', form);
  const year = Form.useWatch('year', form);
  const type = Form.useWatch('type', form);
  const balances = useQuery(personBalanceQuery(employeeId, (year ?? dayjs()).year()));
  const balance = balances.data?.find((each) => each.type === type);

  const save = useSaveMutation({
    form,
    save: (values: AdjustValues) =>
      adjustBalance({
        employee_id: values.employee_id!,
        year: values.year.year(),
        type: values.type,
        days: values.days!,
        note: values.note.trim(),
      }),
    successMessage: t('adjust.saved'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: LEAVE_KEY }),
  });

  const daysMessage = localMessage(
    leaveMessages.adjustDays,
    t('adjust.daysInvalid', { max: LEAVE_ADJUST_MAX }),
  );
  return (
    <FormDialog
      open={open}
      title={t('adjust.title')}
      form={form}
      name="leave-adjust"
      width={480}
      initialValues={{ year: dayjs().startOf('year'), type: 'annual', note: '' }}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item
        name="employee_id"
        label={t('adjust.employee')}
        rules={selectRules(leaveLabels.employee, t('adjust.employeeRequired'))}
      >
        <Select<number>
          showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
          placeholder={t('adjust.employeePlaceholder')}
          loading={people.isFetching}
          notFoundContent={null}
          options={(people.data ?? []).map((person) => ({
            value: person.id,
            label: `${person.name}（${person.employee_no}）${person.store_name ? ` · ${person.store_name}` : ''}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="year"
        label={t('balance.year')}
        rules={selectRules(leaveLabels.year, t('adjust.yearRequired'))}
      >
        <DatePicker picker="year" allowClear={false} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="type" label={t('dialog.type')}>
        <Radio.Group
          options={BALANCE_LEAVE_TYPES.map((each) => ({ value: each, label: t(`types.${each}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="days"
        label={t('adjust.days')}
        extra={
          balance ? (
            <Typography.Text type="secondary">
              {t('adjust.left', { days: daysText(balance.left) })}
            </Typography.Text>
          ) : (
            t('adjust.daysHint')
          )
        }
        rules={[
          { required: true, message: daysMessage },
          {
            validator: (_rule, value: number | null | undefined) =>
              value === null ||
              value === undefined ||
              (value !== 0 && Number.isInteger(value * 2) && Math.abs(value) <= LEAVE_ADJUST_MAX)
                ? Promise.resolve()
                : Promise.reject(new Error(daysMessage)),
          },
        ]}
      >
        <InputNumber step={0.5} min={-LEAVE_ADJUST_MAX} max={LEAVE_ADJUST_MAX} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('adjust.note')}
        rules={[
          ...requiredRules(leaveLabels.adjustNote, t('adjust.noteRequired')),
          maxLengthRule(
            leaveLabels.adjustNote,
            LEAVE_REASON_MAX,
            t('adjust.noteTooLong', { max: LEAVE_REASON_MAX }),
          ),
        ]}
      >
        <Input.TextArea rows={2} maxLength={LEAVE_REASON_MAX} placeholder={t('adjust.notePlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
