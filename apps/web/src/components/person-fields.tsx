import { Col, Form, Input, Radio } from 'antd';
import type { ColProps } from 'antd';
import type { ReactNode } from 'react';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { COLLEGE_MAX, EMAIL_VALIDATE_DELAY_MS } from '@dealer-hr/shared/rules';
import { GENDERS, type Gender } from '@dealer-hr/shared/staff/rules';
import { DictionarySelect } from './dictionary-select';
import type { FormText, PersonRules } from './person-rules';

/** A person's field that both forms show alike; the ID number and the birth date are each form's own. */
export type PersonField = keyof PersonRules | 'hasLicense';

interface PersonFieldsProps {
  /** The fields to show, in this order. */
  fields: readonly PersonField[];
  rules: PersonRules;
  /** The form's translations: `fields.<field>` labels, `form.selectPlaceholder`. */
  text: FormText;
  genderLabel(gender: Gender): string;
  /** Each field's column in the form's grid. */
  col: ColProps;
}

const choice = (typeId: number, placeholder: string) => (
  <DictionarySelect typeId={typeId} placeholder={placeholder} />
);

/** Each field's name in the form and its control. */
function fieldOf(
  field: PersonField,
  placeholder: string,
  genderLabel: (gender: Gender) => string,
): { name: string; control: ReactNode } {
  switch (field) {
    case 'name':
      return { name: 'name', control: <Input autoComplete="off" maxLength={30} /> };
    case 'phone':
      return { name: 'phone', control: <Input autoComplete="off" inputMode="tel" maxLength={20} /> };
    case 'email':
      return { name: 'email', control: <Input autoComplete="off" inputMode="email" maxLength={100} /> };
    case 'gender':
      return {
        name: 'gender',
        control: <Radio.Group options={GENDERS.map((value) => ({ value, label: genderLabel(value) }))} />,
      };
    case 'idType':
      return { name: 'id_type_id', control: choice(DictType.ID_CARD, placeholder) };
    case 'height':
      return {
        name: 'height',
        control: <Input autoComplete="off" inputMode="numeric" maxLength={3} suffix="cm" />,
      };
    case 'ethnicity':
      return { name: 'ethnicity_id', control: choice(DictType.ETHNICITY, placeholder) };
    case 'maritalStatus':
      return { name: 'marital_status_id', control: choice(DictType.MARITAL_STATUS, placeholder) };
    case 'education':
      return { name: 'education_id', control: choice(DictType.EDUCATION, placeholder) };
    case 'college':
      // A little room past the limit, so that a pasted name is cut by the rule's message, not silently.
      return { name: 'college', control: <Input autoComplete="off" maxLength={COLLEGE_MAX + 10} /> };
    case 'region':
      return { name: 'region_id', control: choice(DictType.REGION, placeholder) };
    case 'hasLicense':
      return {
        name: 'has_license_id',
        control: <DictionarySelect typeId={DictType.HAS_LICENSE} allowClear placeholder={placeholder} />,
      };
  }
}

/**
 * A person's fields as the roster's profile form and onboarding's personal step both show them (docs/domain.md
 * "Form rules"), each in a column of the form's grid; each form places them around its own ID number and birth
 * date, with its own translations.
 */
export function PersonFields({ fields, rules, text, genderLabel, col }: PersonFieldsProps) {
  const placeholder = text('form.selectPlaceholder');
  return fields.map((field) => {
    const { name, control } = fieldOf(field, placeholder, genderLabel);
    return (
      <Col key={field} {...col}>
        <Form.Item
          name={name}
          label={text(`fields.${field}`)}
          rules={field === 'hasLicense' ? undefined : rules[field]}
          validateDebounce={field === 'email' ? EMAIL_VALIDATE_DELAY_MS : undefined}
        >
          {control}
        </Form.Item>
      </Col>
    );
  });
}
