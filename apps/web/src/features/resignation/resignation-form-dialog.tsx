import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import {
  RESIGNATION_EXPLANATION_MAX,
  RESIGNATION_TYPES,
  resignationLabels,
  type ResignationType,
} from '@dealer-hr/shared/resignation/rules';
import { DictionarySelect } from '../../components/dictionary-select';
import { FormDialog } from '../../components/form-dialog';
import { DAY_FORMAT } from '../../lib/day-range';
import { maxLengthRule, requiredRules, selectRules } from '../../lib/form-rules';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { useSearchKeyword } from '../../lib/use-search-keyword';
import {
  RESIGNATION_KEY,
  editResignation,
  fileResignation,
  resignationPeopleQuery,
  type ResignationDetail,
  type ResignationStoreInput,
} from './api';

interface ResignationFormDialogProps {
  open: boolean;
  /** A returned resignation to change and file again; none for a new one. */
  resignation: ResignationDetail | null;
  onClose(): void;
}

interface FormValues {
  employee_id: number;
  type: ResignationType;
  reason_id: number;
  destination_id: number;
  applied_on: Dayjs;
  last_day: Dayjs;
  explanation: string;
}

/**
 * 发起离职 (or 修改 a returned one): who leaves, the type, reason and destination (spec section 5: all three
 * required, with the explanation), the application date and the last working day.
 */
export function ResignationFormDialog({ open, resignation, onClose }: ResignationFormDialogProps) {
  const { t } = useTranslation('resignation');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [typed, setTyped, keyword] = useSearchKeyword();
  const employeeId = Form.useWatch('employee_id', form);
  const people = useQuery({ ...resignationPeopleQuery(keyword), enabled: open && resignation === null });
  const chosen = people.data?.find((person) => person.id === employeeId);

  const rules = useMemo(
    () => ({
      employee: selectRules(resignationLabels.employee, t('form.employeeRequired')),
      type: selectRules(resignationLabels.type, t('form.typeRequired')),
      reason: selectRules(resignationLabels.reason, t('form.reasonRequired')),
      destination: selectRules(resignationLabels.destination, t('form.destinationRequired')),
      appliedOn: selectRules(resignationLabels.appliedOn, t('form.dateRequired')),
      lastDay: selectRules(resignationLabels.lastDay, t('form.dateRequired')),
      explanation: [
        ...requiredRules(resignationLabels.explanation, t('form.explanationRequired')),
        maxLengthRule(
          resignationLabels.explanation,
          RESIGNATION_EXPLANATION_MAX,
          t('form.tooLong', { max: RESIGNATION_EXPLANATION_MAX }),
        ),
      ],
    }),
    [t],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTyped('');
    form.setFieldsValue(
      resignation
        ? {
            employee_id: resignation.employee_id,
            type: resignation.type,
            reason_id: resignation.reason_id,
            destination_id: resignation.destination_id,
            applied_on: dayjs(resignation.applied_on),
            last_day: dayjs(resignation.last_day),
            explanation: resignation.explanation,
          }
        : { type: 'voluntary', applied_on: dayjs() },
    );
  }, [open, resignation, form, setTyped]);

  const save = useSaveMutation({
    form,
    save: ({ applied_on, last_day, ...values }: FormValues) => {
      const fields: ResignationStoreInput = {
        ...values,
        applied_on: applied_on.format(DAY_FORMAT),
        last_day: last_day.format(DAY_FORMAT),
      };
      return resignation ? editResignation({ id: resignation.id, ...fields }) : fileResignation(fields);
    },
    successMessage: t(resignation ? 'messages.refiled' : 'messages.filed'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [RESIGNATION_KEY] }),
    conflictField: 'employee_id',
  });

  return (
    <FormDialog
      open={open}
      title={t(resignation ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="resignation-form"
      width={680}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      {resignation?.return_comment && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('form.returned', { comment: resignation.return_comment })}
        />
      )}
      <Form.Item
        name="employee_id"
        label={t('fields.employee')}
        rules={rules.employee}
        extra={
          chosen
            ? t('form.person', {
                place: [chosen.store_name, chosen.department_name, chosen.post_name]
                  .filter(Boolean)
                  .join(' · '),
                entry: chosen.entry_date,
              })
            : undefined
        }
      >
        <Select<number>
          showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
          disabled={resignation !== null}
          placeholder={t('form.employeePlaceholder')}
          loading={people.isFetching}
          notFoundContent={null}
          options={(resignation
            ? [
                {
                  id: resignation.employee_id,
                  name: resignation.employee_name,
                  employee_no: resignation.employee_no,
                  open_resignation_id: null,
                },
              ]
            : (people.data ?? [])
          ).map((person) => ({
            value: person.id,
            label: `${person.name}（${person.employee_no}）`,
            disabled: person.open_resignation_id !== null,
          }))}
        />
      </Form.Item>
      {chosen?.open_resignation_id != null && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('form.openResignation')} />
      )}
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="type" label={t('fields.type')} rules={rules.type}>
            <Select options={RESIGNATION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="reason_id" label={t('fields.reason')} rules={rules.reason}>
            <DictionarySelect typeId={DictType.LEAVING_REASON} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="destination_id" label={t('fields.destination')} rules={rules.destination}>
            <DictionarySelect typeId={DictType.LEAVING_DESTINATION} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="applied_on" label={t('fields.appliedOn')} rules={rules.appliedOn}>
            <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="last_day"
            label={t('fields.lastDay')}
            rules={rules.lastDay}
            extra={t('form.lastDayHint')}
          >
            <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="explanation" label={t('fields.explanation')} rules={rules.explanation}>
        <Input.TextArea rows={3} maxLength={RESIGNATION_EXPLANATION_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
