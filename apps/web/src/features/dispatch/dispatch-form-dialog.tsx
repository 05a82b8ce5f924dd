import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISPATCH_ALLOWANCE_MAX,
  DISPATCH_DAYS_MAX,
  DISPATCH_REASON_MAX,
  dispatchDays,
  dispatchLabels,
} from '@dealer-hr/shared/dispatch/rules';
import { FormDialog } from '../../components/form-dialog';
import { placeText } from '../../components/place';
import { PostSelect } from '../../components/post-select';
import { DAY_FORMAT } from '../../lib/day-range';
import { maxLengthRule, requiredRules, selectRules } from '../../lib/form-rules';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { useSearchKeyword } from '../../lib/use-search-keyword';
import {
  DISPATCH_KEY,
  dispatchHostDepartmentsQuery,
  dispatchHostsQuery,
  dispatchPeopleQuery,
  editDispatch,
  fileDispatch,
  type DispatchDetail,
  type DispatchPerson,
  type DispatchStoreInput,
} from './api';

interface DispatchFormDialogProps {
  open: boolean;
  /** A returned dispatch to change and file again; none for a new one. */
  dispatch: DispatchDetail | null;
  onClose(): void;
}

interface FormValues {
  employee_id: number;
  host_department_id: number;
  host_post_id: number;
  period: [Dayjs, Dayjs];
  reason: string;
  allowance_note?: string;
  /** Not sent: the host store, whose departments are offered. */
  host_store_id?: number;
}

/**
 * 发起外派 (or 修改 a returned one): who goes, to which store, department and post, for which days, why,
 * and what allowance was agreed. The person keeps their own post meanwhile.
 */
export function DispatchFormDialog({ open, dispatch, onClose }: DispatchFormDialogProps) {
  const { t } = useTranslation('dispatch');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [typed, setTyped, keyword] = useSearchKeyword();
  const hostStoreId = Form.useWatch('host_store_id', form);
  const hosts = useQuery({ ...dispatchHostsQuery(), enabled: open });
  const hostDepartments = useQuery({
    ...dispatchHostDepartmentsQuery(hostStoreId ?? 0),
    enabled: open && Boolean(hostStoreId),
  });
  const employeeId = Form.useWatch('employee_id', form);
  const period = Form.useWatch('period', form);
  const people = useQuery({ ...dispatchPeopleQuery(keyword), enabled: open && dispatch === null });

  // The person chosen: from the search, or the dispatch being changed.
  const chosen: DispatchPerson | undefined = dispatch
    ? {
        id: dispatch.employee_id,
        employee_no: dispatch.employee_no,
        name: dispatch.employee_name,
        home: { ...dispatch.home, start_date: '' },
        open_dispatch_id: dispatch.id,
      }
    : people.data?.find((person) => person.id === employeeId);

  const rules = useMemo(
    () => ({
      employee: selectRules(dispatchLabels.employee, t('form.employeeRequired')),
      store: selectRules(dispatchLabels.hostStore, t('form.storeRequired')),
      department: selectRules(dispatchLabels.hostDepartment, t('form.departmentRequired')),
      post: selectRules(dispatchLabels.hostPost, t('form.postRequired')),
      period: selectRules(dispatchLabels.startDate, t('form.periodRequired')),
      reason: [
        ...requiredRules(dispatchLabels.reason, t('form.reasonRequired')),
        maxLengthRule(
          dispatchLabels.reason,
          DISPATCH_REASON_MAX,
          t('form.tooLong', { max: DISPATCH_REASON_MAX }),
        ),
      ],
      allowance: [
        maxLengthRule(
          dispatchLabels.allowanceNote,
          DISPATCH_ALLOWANCE_MAX,
          t('form.tooLong', { max: DISPATCH_ALLOWANCE_MAX }),
        ),
      ],
    }),
    [t],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTyped('');
    if (dispatch)
      form.setFieldsValue({
        employee_id: dispatch.employee_id,
        host_store_id: dispatch.host.store_id ?? undefined,
        host_department_id: dispatch.host.department_id,
        host_post_id: dispatch.host.post_id,
        period: [dayjs(dispatch.start_date), dayjs(dispatch.end_date)],
        reason: dispatch.reason,
        allowance_note: dispatch.allowance_note ?? undefined,
      });
  }, [open, dispatch, form, setTyped]);

  const save = useSaveMutation({
    form,
    save: ({ period: [start, end], host_store_id: _store, ...values }: FormValues) => {
      const fields: DispatchStoreInput = {
        ...values,
        start_date: start.format(DAY_FORMAT),
        end_date: end.format(DAY_FORMAT),
      };
      return dispatch ? editDispatch({ id: dispatch.id, ...fields }) : fileDispatch(fields);
    },
    successMessage: t(dispatch ? 'messages.refiled' : 'messages.filed'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [DISPATCH_KEY] }),
    conflictField: 'employee_id',
    // The two dates are one range picker.
    fieldOf: (field) => (field === 'start_date' || field === 'end_date' ? 'period' : field),
  });

  const days =
    period?.[0] && period[1]
      ? dispatchDays(period[0].format(DAY_FORMAT), period[1].format(DAY_FORMAT))
      : null;
  return (
    <FormDialog
      open={open}
      title={t(dispatch ? 'form.editTitle' : 'form.createTitle')}
      form={form}
      name="dispatch-form"
      width={680}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      {dispatch?.return_comment && dispatch.status === 'returned' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('form.returned', { comment: dispatch.return_comment })}
        />
      )}
      <Form.Item
        name="employee_id"
        label={t('fields.employee')}
        rules={rules.employee}
        extra={chosen ? t('form.keepsHome', { place: placeText(chosen.home) }) : undefined}
      >
        <Select<number>
          showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
          disabled={dispatch !== null}
          placeholder={t('form.employeePlaceholder')}
          loading={people.isFetching}
          notFoundContent={null}
          options={(chosen && dispatch ? [chosen] : (people.data ?? [])).map((person) => ({
            value: person.id,
            label: `${person.name}（${person.employee_no}）`,
            disabled: person.open_dispatch_id !== null && person.id !== dispatch?.employee_id,
          }))}
        />
      </Form.Item>
      {chosen && chosen.open_dispatch_id !== null && dispatch === null && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('form.openDispatch')} />
      )}
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="host_store_id" label={t('fields.hostStore')} rules={rules.store}>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={hosts.isFetching}
              placeholder={t('form.storePlaceholder')}
              onChange={(id) => {
                const store = hosts.data?.find((candidate) => candidate.id === id);
                form.setFieldValue('host_department_id', store?.department_id);
              }}
              options={(hosts.data ?? [])
                .filter((store) => store.id !== chosen?.home.store_id)
                .map((store) => ({ value: store.id, label: store.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="host_department_id" label={t('fields.hostDepartment')} rules={rules.department}>
            <Select<number>
              disabled={!hostStoreId}
              loading={hostDepartments.isFetching}
              options={(hostDepartments.data ?? []).map((department) => ({
                value: department.id,
                // The tree's depth as an indent: a store's departments are a handful, read at a glance.
                label: `${'\u3000'.repeat(department.depth)}${department.name}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="host_post_id" label={t('fields.hostPost')} rules={rules.post}>
            <PostSelect />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="period"
        label={t('fields.period')}
        rules={rules.period}
        extra={
          days === null
            ? t('form.periodHint', { max: DISPATCH_DAYS_MAX })
            : t('form.periodDays', { count: days, max: DISPATCH_DAYS_MAX })
        }
      >
        <DatePicker.RangePicker
          format={DAY_FORMAT}
          style={{ width: '100%' }}
          placeholder={[t('fields.startDate'), t('fields.endDate')]}
        />
      </Form.Item>
      <Form.Item name="reason" label={t('fields.reason')} rules={rules.reason}>
        <Input.TextArea rows={3} maxLength={DISPATCH_REASON_MAX} showCount />
      </Form.Item>
      <Form.Item name="allowance_note" label={t('fields.allowanceNote')} rules={rules.allowance}>
        <Input maxLength={DISPATCH_ALLOWANCE_MAX} placeholder={t('form.allowancePlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
