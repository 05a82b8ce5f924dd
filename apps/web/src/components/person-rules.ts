import type { FormRule } from 'antd';
import { antdRules, COLLEGE_MAX, fieldLabels } from '@dealer-hr/shared/rules';
import { localRules, maxLengthRule, requiredRules, selectRules } from '../lib/form-rules';

/**
 * A form's own translations: `fields.<field>` names a field, `form.<message>` is a message (`nameRequired`,
 * `selectRequired`, `tooLong`...). The roster's profile form and onboarding's personal step each keep theirs.
 */
export type FormText = (key: string, options?: Record<string, unknown>) => string;

/**
 * The rules of a person's fields (docs/domain.md "Form rules") that the roster's profile form and onboarding's
 * personal step share; each adds its own ID number rules. In Chinese the messages are the server's, so a field
 * says the same whichever side refuses it; other languages get the form's translations.
 */
export function personRules(text: FormText) {
  /** 请选择{label}: the server's Chinese label, the field's translated name otherwise. */
  const choose = (chineseLabel: string, field: string) =>
    selectRules(chineseLabel, text('form.selectRequired', { label: text(`fields.${field}`) }));
  return {
    name: localRules(antdRules.personName, [text('form.nameRequired'), text('form.nameInvalid')]),
    phone: localRules(antdRules.phone, [text('form.phoneRequired'), text('form.phoneInvalid')]),
    // Checked a second after the last key (the form item's `validateDebounce`), not at every one.
    email: localRules(antdRules.email, [text('form.emailRequired'), text('form.emailInvalid')]),
    height: localRules(antdRules.height, [text('form.heightRequired'), text('form.heightInvalid')]),
    gender: choose(fieldLabels.gender, 'gender'),
    idType: choose(fieldLabels.certificateType, 'idType'),
    ethnicity: choose(fieldLabels.ethnicity, 'ethnicity'),
    maritalStatus: choose(fieldLabels.maritalStatus, 'maritalStatus'),
    education: choose(fieldLabels.education, 'education'),
    college: [
      ...requiredRules(fieldLabels.college, text('form.collegeRequired')),
      maxLengthRule(fieldLabels.college, COLLEGE_MAX, text('form.tooLong', { max: COLLEGE_MAX })),
    ],
    region: choose(fieldLabels.region, 'region'),
  } satisfies Record<string, FormRule[]>;
}
export type PersonRules = ReturnType<typeof personRules>;
