import type { FormRule } from 'antd';
import { antdRules, COLLEGE_MAX, fieldLabels, isBlank, isCertificateNumber } from '@dealer-hr/shared/rules';
import { staffLabels, staffMessages, WORK_USER_ID_MAX } from '@dealer-hr/shared/staff/rules';
import { localMessage, localRules, maxLengthRule, requiredRules, selectRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The rules of the profile form (docs/domain.md "Form rules"). In Chinese their messages are those rules' and the server's
// (the shared staff contract and rules), so a field says the same whichever side refuses it; other
// languages get translations.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`staff:${key}`, options ?? {});

/** 请选择{label}: the Chinese label of docs/domain.md "Form rules", the field's translated name otherwise. */
const choose = (chineseLabel: string, field: string) =>
  selectRules(chineseLabel, t('form.selectRequired', { label: t(`fields.${field}`) }));

/**
 * `masked` is the number the form starts with (only its first and last three characters are known): kept
 * as it is, it is not sent and not checked; anything else typed there is a new number and must be one.
 */
function idNumberRules(masked: string): FormRule[] {
  const invalid = localMessage(staffMessages.idNumberInvalid, t('form.idNumberInvalid'));
  return [
    ...localRules(antdRules.idNumber, [t('form.idNumberRequired')]),
    {
      validator: (_rule, value: unknown) =>
        value === masked || isBlank(value) || (typeof value === 'string' && isCertificateNumber(value))
          ? Promise.resolve()
          : Promise.reject(new Error(invalid)),
    },
  ];
}

/**
 * The fields an old record may lack (docs/decisions.md "Required fields of an existing record"): while the
 * loaded record has none, the form does not require one; what is typed must still fit.
 */
export const FIELDS_KEPT_IF_EMPTY = [
  'email',
  'height',
  'ethnicity',
  'maritalStatus',
  'education',
  'college',
  'region',
  'employeeType',
] as const;
export type FieldKeptIfEmpty = (typeof FIELDS_KEPT_IF_EMPTY)[number];

const withoutRequired = (rules: FormRule[]) =>
  rules.filter((rule) => typeof rule === 'function' || !rule.required);

export function staffFormRules(maskedIdNumber: string, lacking: ReadonlySet<FieldKeptIfEmpty> = new Set()) {
  const rules = staffRules(maskedIdNumber);
  for (const field of lacking) rules[field] = withoutRequired(rules[field]);
  return rules;
}

function staffRules(maskedIdNumber: string) {
  return {
    name: localRules(antdRules.personName, [t('form.nameRequired'), t('form.nameInvalid')]),
    phone: localRules(antdRules.phone, [t('form.phoneRequired'), t('form.phoneInvalid')]),
    // Checked a second after the last key (the form item's `validateDebounce`), not at every one.
    email: localRules(antdRules.email, [t('form.emailRequired'), t('form.emailInvalid')]),
    height: localRules(antdRules.height, [t('form.heightRequired'), t('form.heightInvalid')]),
    gender: choose(fieldLabels.gender, 'gender'),
    idType: choose(fieldLabels.certificateType, 'idType'),
    idNumber: idNumberRules(maskedIdNumber),
    ethnicity: choose(fieldLabels.ethnicity, 'ethnicity'),
    maritalStatus: choose(fieldLabels.maritalStatus, 'maritalStatus'),
    education: choose(fieldLabels.education, 'education'),
    college: [
      ...requiredRules(fieldLabels.college, t('form.collegeRequired')),
      maxLengthRule(fieldLabels.college, COLLEGE_MAX, t('form.tooLong', { max: COLLEGE_MAX })),
    ],
    region: choose(fieldLabels.region, 'region'),
    // The required date and type selections of docs/domain.md "Form rules" (请选择日期, 请选择类型).
    entryDate: choose(fieldLabels.date, 'entryDate'),
    employeeType: choose(fieldLabels.type, 'employeeType'),
    workUserId: [
      maxLengthRule(staffLabels.workUserId, WORK_USER_ID_MAX, t('form.tooLong', { max: WORK_USER_ID_MAX })),
    ],
  } satisfies Record<string, FormRule[]>;
}
