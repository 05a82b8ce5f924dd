import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { birthDateFromMainlandId, genderFromMainlandId } from '@dealer-hr/shared/id-number';
import { dictionaryQueryOptions } from '../../../components/dictionary-select';
import { PersonFields } from '../../../components/person-fields';
import { useFormDraft } from '../../../lib/drafts';
import { mainlandIdTypeOf, type Gender, type OnboardingDetail } from '../api';
import { useOnboardingNames } from '../labels';
import type { PersonalBody } from './api';
import { DayInput } from './day-input';
import { personalRules } from './form-rules';
import { draftKey, StepForm, useDiscardDraft, useStepSave, type StepProps } from './step-form';

interface PersonalValues extends Record<string, unknown> {
  name: string;
  phone: string;
  id_type_id?: number;
  id_number: string;
  gender?: Gender;
  email: string;
  birth_date: string | null;
  /** Text, so that a wrong height gets its message rather than being refused by the input. */
  height: string;
  ethnicity_id?: number;
  marital_status_id?: number;
  education_id?: number;
  college: string;
  region_id?: number;
  has_license_id?: number | null;
}

/** The step as saved; before it was, the start's fields and what a mainland ID number tells. */
function valuesOf(entry: OnboardingDetail): PersonalValues {
  const { personal } = entry;
  return {
    name: entry.name,
    phone: entry.phone,
    id_type_id: entry.id_type_id,
    id_number: entry.id_number,
    gender: personal?.gender ?? genderFromMainlandId(entry.id_number) ?? undefined,
    email: personal?.email ?? '',
    birth_date: personal?.birth_date ?? birthDateFromMainlandId(entry.id_number),
    height: personal ? String(personal.height) : '',
    ethnicity_id: personal?.ethnicity_id,
    marital_status_id: personal?.marital_status_id,
    education_id: personal?.education_id,
    college: personal?.college ?? '',
    region_id: personal?.region_id,
    has_license_id: personal?.has_license_id ?? null,
  };
}

/** The rules have made sure of the required values. */
function bodyOf(values: PersonalValues): PersonalBody {
  return {
    step: 'personal',
    name: values.name.trim(),
    phone: values.phone.trim(),
    id_type_id: values.id_type_id!,
    id_number: values.id_number.trim(),
    email: values.email.trim(),
    gender: values.gender!,
    birth_date: values.birth_date || null,
    height: Number(values.height.trim()),
    ethnicity_id: values.ethnicity_id!,
    marital_status_id: values.marital_status_id!,
    education_id: values.education_id!,
    college: values.college.trim(),
    region_id: values.region_id!,
    has_license_id: values.has_license_id ?? null,
  };
}

const HALF = { xs: 24, sm: 12 };
/** The server keeps ID numbers sealed (docs/decisions.md): a draft, kept as typed, never holds one. */
const NOT_DRAFTED = ['id_number'];
const THIRD = { xs: 24, sm: 12, lg: 8 };

/**
 * Step 1, 个人信息: the person (the start's fields may be corrected here). A mainland ID number gives the
 * birth date, shown and not typed.
 */
export function PersonalStep({ entry, editable, onSaved }: StepProps) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'entry' });
  const names = useOnboardingNames();
  const [form] = Form.useForm<PersonalValues>();
  const initialValues = useMemo(() => valuesOf(entry), [entry]);
  const { restored, onValuesChange, discard } = useFormDraft(form, draftKey(entry, 'personal', editable), {
    exclude: NOT_DRAFTED,
  });
  const idTypes = useQuery(dictionaryQueryOptions(DictType.ID_CARD));
  const mainland = mainlandIdTypeOf(idTypes.data ?? []);
  const rules = useMemo(() => personalRules(mainland), [mainland]);
  const idType = Form.useWatch('id_type_id', form);
  const idNumber = Form.useWatch('id_number', form);
  const derivedBirthDate =
    mainland !== undefined && idType === mainland
      ? birthDateFromMainlandId(String(idNumber ?? '').trim())
      : null;
  const save = useStepSave({ form, entry, toBody: bodyOf, discard, onSaved });
  /** The person's fields both forms share, in this step's grid and words. */
  const person = { rules, text: t, genderLabel: names.gender, col: THIRD };

  const derive = () => {
    const { id_type_id: type, id_number: number } = form.getFieldsValue(['id_type_id', 'id_number']);
    if (mainland === undefined || type !== mainland) return;
    const birthDate = birthDateFromMainlandId(String(number ?? '').trim());
    if (birthDate) form.setFieldValue('birth_date', birthDate);
    const gender = genderFromMainlandId(String(number ?? '').trim());
    if (gender && !form.getFieldValue('gender')) form.setFieldValue('gender', gender);
  };

  return (
    <StepForm<PersonalValues>
      form={form}
      name="onboarding-personal"
      initialValues={initialValues}
      editable={editable}
      saving={save.isPending}
      restored={restored}
      onDiscardDraft={useDiscardDraft(form, discard)}
      onValuesChange={() => {
        derive();
        onValuesChange();
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Row gutter={16}>
        <PersonFields fields={['name', 'phone', 'gender', 'idType']} {...person} />
        <Col {...THIRD}>
          <Form.Item name="id_number" label={t('fields.idNumber')} rules={rules.idNumber}>
            <Input autoComplete="off" maxLength={40} />
          </Form.Item>
        </Col>
        <Col {...THIRD}>
          <Form.Item
            name="birth_date"
            label={t('fields.birthDate')}
            extra={derivedBirthDate ? t('form.birthDateHelp') : undefined}
          >
            <DayInput disabled={derivedBirthDate !== null || !editable} />
          </Form.Item>
        </Col>
        <PersonFields
          fields={['email', 'height', 'ethnicity', 'maritalStatus', 'education', 'college']}
          {...person}
        />
        <PersonFields fields={['region', 'hasLicense']} {...person} col={HALF} />
      </Row>
    </StepForm>
  );
}
