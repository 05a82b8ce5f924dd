import { Col, Form, Input } from 'antd';
import type { ColProps, FormRule } from 'antd';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { COLLEGE_MAX } from '@dealer-hr/shared/rules';
import { DictionarySelect } from './dictionary-select';

export type BackgroundField = 'ethnicity' | 'maritalStatus' | 'education' | 'college' | 'region';

interface PersonBackgroundFieldsProps {
  rules: Record<BackgroundField, FormRule[]>;
  /** The field's label in the page's own namespace. */
  labelOf(field: BackgroundField): string;
  placeholder: string;
  /** Each field's column in the form's grid. */
  col: ColProps;
}

const dictionaries = [
  ['ethnicity_id', 'ethnicity', DictType.ETHNICITY],
  ['marital_status_id', 'maritalStatus', DictType.MARITAL_STATUS],
  ['education_id', 'education', DictType.EDUCATION],
] as const;

/**
 * 民族, 婚姻状况, 学历 and 院校 of a person's profile (docs/domain.md "Form rules"): the same fields in the roster's
 * profile form and in onboarding's personal step. The region follows on its own, each form placing it.
 */
export function PersonBackgroundFields({ rules, labelOf, placeholder, col }: PersonBackgroundFieldsProps) {
  return (
    <>
      {dictionaries.map(([name, field, typeId]) => (
        <Col key={name} {...col}>
          <Form.Item name={name} label={labelOf(field)} rules={rules[field]}>
            <DictionarySelect typeId={typeId} placeholder={placeholder} />
          </Form.Item>
        </Col>
      ))}
      <Col {...col}>
        <Form.Item name="college" label={labelOf('college')} rules={rules.college}>
          {/* A little room past the limit, so that a pasted name is cut by the rule's message, not silently. */}
          <Input autoComplete="off" maxLength={COLLEGE_MAX + 10} />
        </Form.Item>
      </Col>
    </>
  );
}
