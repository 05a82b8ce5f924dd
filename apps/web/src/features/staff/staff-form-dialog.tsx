import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, Row, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { birthDateFromMainlandId } from '@dealer-hr/shared/id-number';
import { DictionarySelect } from '../../components/dictionary-select';
import { PersonFields } from '../../components/person-fields';
import { FormDialog } from '../../components/form-dialog';
import { DAY_FORMAT } from '../../lib/day-range';
import { useSaveMutation } from '../../lib/use-save-mutation';
import {
  STAFF_KEY,
  staffDetailQuery,
  updateStaff,
  type Gender,
  type StaffDetail,
  type StaffUpdateInput,
} from './api';
import { FIELDS_KEPT_IF_EMPTY, WORK_USER_ID_MAX, type FieldKeptIfEmpty } from '@dealer-hr/shared/staff/rules';
import { staffFormRules } from './form-rules';

interface FormValues {
  name: string;
  phone: string;
  email: string;
  gender?: Gender;
  id_type_id?: number;
  /** The masked number as loaded; a new number when the user typed one. */
  id_number: string;
  birth_date: Dayjs | null;
  /** Text, so that a wrong height gets its message rather than being refused by the input. */
  height: string;
  ethnicity_id?: number | null;
  marital_status_id?: number | null;
  education_id?: number | null;
  college: string;
  region_id?: number | null;
  employee_type_id?: number | null;
  has_license_id?: number | null;
  entry_date: Dayjs | null;
  work_user_id: string;
}

/** The form's values of a loaded profile. */
function valuesOf(staff: StaffDetail): FormValues {
  return {
    name: staff.name,
    phone: staff.phone,
    email: staff.email ?? '',
    gender: staff.gender,
    id_type_id: staff.id_type_id,
    id_number: staff.id_number,
    birth_date: staff.birth_date ? dayjs(staff.birth_date) : null,
    height: staff.height === null ? '' : String(staff.height),
    ethnicity_id: staff.ethnicity_id,
    marital_status_id: staff.marital_status_id,
    education_id: staff.education_id,
    college: staff.college ?? '',
    region_id: staff.region_id,
    employee_type_id: staff.employee_type_id,
    has_license_id: staff.has_license_id,
    entry_date: dayjs(staff.entry_date),
    work_user_id: staff.work_user_id ?? '',
  };
}

/** The fields the loaded record lacks that the form would otherwise require. */
function lackingOf(staff: StaffDetail | undefined): ReadonlySet<FieldKeptIfEmpty> {
  if (!staff) return new Set();
  return new Set(FIELDS_KEPT_IF_EMPTY.filter((field) => staff[field] === null));
}

/** A text left blank is left out: only a record that lacks the field lets it through the rules. */
const textOrOmitted = (value: string) => value.trim() || undefined;

/** What `user/update` is sent: the whole profile, with the ID number only when a new one was typed. */
function bodyOf(staff: StaffDetail, values: FormValues): StaffUpdateInput {
  const idNumber = values.id_number.trim();
  // The rules have made sure of the required values; an empty one the record lacks is left out.
  const height = textOrOmitted(values.height);
  return {
    id: staff.id,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: textOrOmitted(values.email),
    gender: values.gender!,
    id_type_id: values.id_type_id!,
    ...(idNumber !== staff.id_number ? { id_number: idNumber } : {}),
    birth_date: values.birth_date?.format(DAY_FORMAT) ?? null,
    height: height === undefined ? undefined : Number(height),
    ethnicity_id: values.ethnicity_id ?? undefined,
    marital_status_id: values.marital_status_id ?? undefined,
    education_id: values.education_id ?? undefined,
    college: textOrOmitted(values.college),
    region_id: values.region_id ?? undefined,
    employee_type_id: values.employee_type_id ?? undefined,
    has_license_id: values.has_license_id ?? null,
    entry_date: values.entry_date!.format(DAY_FORMAT),
    work_user_id: values.work_user_id?.trim() || null,
  };
}

interface StaffFormDialogProps {
  /** The person whose profile is edited; null when closed. */
  staffId: number | null;
  onClose(): void;
}

const HALF = { xs: 24, sm: 12 };

/**
 * The whole profile of one person (docs/domain.md "Form rules"). The ID number shows masked: left so it is kept,
 * replaced it is sent; a new mainland ID number fills in the birth date (the server derives it anyway).
 */
export function StaffFormDialog({ staffId, onClose }: StaffFormDialogProps) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const open = staffId !== null;
  const detail = useQuery({ ...staffDetailQuery(staffId ?? 0), enabled: open });
  const staff = open && detail.data?.id === staffId ? detail.data : undefined;
  const rules = useMemo(() => staffFormRules(staff?.id_number ?? '', lackingOf(staff)), [staff]);

  useEffect(() => {
    if (!staff) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(staff));
  }, [staff, form]);

  const save = useSaveMutation({
    form,
    save: (values: FormValues) => updateStaff(bodyOf(staff!, values)),
    successMessage: t('messages.updated'),
    onClose,
    onSaved: () => queryClient.invalidateQueries({ queryKey: [STAFF_KEY] }),
    // Phone (of someone on staff) and ID number are unique: the 409 names which one is taken.
    conflictField: ['phone', 'id_number'],
  });

  /** The person's fields both forms share, in this form's grid and words. */
  const person = {
    rules,
    text: t,
    genderLabel: (gender: Gender) => t(`gender.${gender}`),
    col: HALF,
  };

  const fillBirthDate = (idNumber: string) => {
    const birthDate = birthDateFromMainlandId(idNumber.trim());
    if (birthDate) form.setFieldValue('birth_date', dayjs(birthDate));
  };

  return (
    <FormDialog
      open={open}
      title={staff ? t('form.title', { name: staff.name }) : t('form.titleLoading')}
      width={760}
      form={form}
      name="staff-form"
      saving={save.isPending}
      okButtonProps={{ disabled: !staff }}
      onFinish={(values) => staff && save.mutate(values)}
      onCancel={onClose}
    >
      <Spin spinning={!staff}>
        <Row gutter={16}>
          <PersonFields fields={['name', 'gender', 'phone', 'email', 'idType']} {...person} />
          <Col {...HALF}>
            <Form.Item
              name="id_number"
              label={t('fields.idNumber')}
              rules={rules.idNumber}
              extra={t('form.idNumberHelp')}
            >
              <Input
                autoComplete="off"
                maxLength={40}
                // Typing replaces the masked number rather than adding to it.
                onFocus={(event) => event.target.select()}
                onChange={(event) => fillBirthDate(event.target.value)}
              />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="birth_date" label={t('fields.birthDate')} extra={t('form.birthDateHelp')}>
              <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <PersonFields
            fields={['height', 'ethnicity', 'maritalStatus', 'education', 'college', 'region']}
            {...person}
          />
          <Col {...HALF}>
            <Form.Item name="employee_type_id" label={t('fields.employeeType')} rules={rules.employeeType}>
              <DictionarySelect typeId={DictType.EMPLOYEE_TYPE} placeholder={t('form.selectPlaceholder')} />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="entry_date" label={t('fields.entryDate')} rules={rules.entryDate}>
              <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <PersonFields fields={['hasLicense']} {...person} />
          <Col {...HALF}>
            <Form.Item name="work_user_id" label={t('fields.workUserId')} rules={rules.workUserId}>
              <Input autoComplete="off" maxLength={WORK_USER_ID_MAX + 10} />
            </Form.Item>
          </Col>
        </Row>
      </Spin>
    </FormDialog>
  );
}
