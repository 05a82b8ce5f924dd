import type { FormRule } from 'antd';
import { antdRules, fieldLabels, isBlank, isCertificateNumber } from '@dealer-hr/shared/rules';
import {
  staffLabels,
  staffMessages,
  WORK_USER_ID_MAX,
  type FieldKeptIfEmpty,
} from '@dealer-hr/shared/staff/rules';
import { personRules } from '../../components/person-rules';
import { localMessage, localRules, maxLengthRule, selectRules } from '../../lib/form-rules';
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
 * The form rule of each field an old record may lack (FIELDS_KEPT_IF_EMPTY, docs/decisions.md "Required fields
 * of an existing record"): while the loaded record has none, the form does not require one; what is typed must
 * still fit.
 */
const RULE_OF_KEPT_IF_EMPTY = {
  email: 'email',
  height: 'height',
  ethnicity_id: 'ethnicity',
  marital_status_id: 'maritalStatus',
  education_id: 'education',
  college: 'college',
  region_id: 'region',
  employee_type_id: 'employeeType',
} as const satisfies Record<FieldKeptIfEmpty, keyof ReturnType<typeof staffRules>>;

const withoutRequired = (rules: FormRule[]) =>
  rules.filter((rule) => typeof rule === 'function' || !rule.required);

export function staffFormRules(maskedIdNumber: string, lacking: ReadonlySet<FieldKeptIfEmpty> = new Set()) {
  const rules = staffRules(maskedIdNumber);
  for (const field of lacking) {
    const rule = RULE_OF_KEPT_IF_EMPTY[field];
    rules[rule] = withoutRequired(rules[rule]);
  }
  return rules;
}

function staffRules(maskedIdNumber: string) {
  return {
    ...personRules(t),
    idNumber: idNumberRules(maskedIdNumber),
    // The required date and type selections of docs/domain.md "Form rules" (请选择日期, 请选择类型).
    entryDate: choose(fieldLabels.date, 'entryDate'),
    employeeType: choose(fieldLabels.type, 'employeeType'),
    workUserId: [
      maxLengthRule(staffLabels.workUserId, WORK_USER_ID_MAX, t('form.tooLong', { max: WORK_USER_ID_MAX })),
    ],
  } satisfies Record<string, FormRule[]>;
}
