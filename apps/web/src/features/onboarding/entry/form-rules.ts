import type { FormRule } from 'antd';
import { isValidMainlandId } from '@dealer-hr/shared/id-number';
import {
  onboardingLabels,
  onboardingMessages,
  PROBATION_MAX_MONTHS,
} from '@dealer-hr/shared/onboarding/rules';
import { antdRules, fieldLabels, isBlank, messages } from '@dealer-hr/shared/rules';
import { personRules } from '../../../components/person-rules';
import { certificateNumberRules, localMessage, localRules, selectRules } from '../../../lib/form-rules';
import { i18n } from '../../../lib/i18n';

// The rules of the entry form's steps. In Chinese their messages are the server's (the shared onboarding
// contract and rules), so a field says the same whichever side refuses it; other languages get translations.

const t = (key: string, options?: Record<string, unknown>) =>
  i18n.t(`onboarding:entry.${key}`, options ?? {});

/** 请选择{label}: the server's Chinese label, the field's translated name otherwise. */
const choose = (chineseLabel: string, field: string) =>
  selectRules(chineseLabel, t('form.selectRequired', { label: t(`fields.${field}`) }));

/** A rule checking the value against another field of the form (`getFieldValue`). */
type Check = (value: unknown, getFieldValue: (name: string) => unknown) => boolean;
const crossRule =
  (check: Check, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      check(value, getFieldValue) ? Promise.resolve() : Promise.reject(new Error(message)),
  });

export function personalRules(mainlandIdType: number | undefined) {
  const idInvalid = localMessage(messages.idNumberInvalid, t('form.idNumberInvalid'));
  return {
    ...personRules(t),
    idNumber: [
      ...certificateNumberRules(t('form.idNumberRequired'), idInvalid),
      // A mainland resident identity card number must be a real one (check digit, birth date).
      crossRule(
        (value, get) =>
          mainlandIdType === undefined ||
          get('id_type_id') !== mainlandIdType ||
          isBlank(value) ||
          isValidMainlandId(String(value).trim()),
        idInvalid,
      ),
    ],
  } satisfies Record<string, FormRule[]>;
}

/** `hasPassword`: one is set already, so the field may stay empty (and the password is kept). */
export function contractRules(hasPassword: boolean) {
  const passwordRules = localRules(antdRules.password, [
    t('form.passwordRequired'),
    t('form.passwordInvalid'),
  ]);
  return {
    department: choose(onboardingLabels.department, 'department'),
    post: choose(onboardingLabels.post, 'post'),
    entryDate: choose(onboardingLabels.entryDate, 'entryDate'),
    employeeType: choose(fieldLabels.type, 'employeeType'),
    probation: [
      {
        required: true,
        type: 'integer',
        min: 0,
        max: PROBATION_MAX_MONTHS,
        message: localMessage(
          onboardingMessages.probationInvalid,
          t('form.probationInvalid', { max: PROBATION_MAX_MONTHS }),
        ),
      },
    ],
    contractStart: [
      ...choose(onboardingLabels.contractStart, 'contractStart'),
      crossRule(
        (value, get) => !value || !get('entry_date') || String(value) >= String(get('entry_date')),
        localMessage(onboardingMessages.contractBeforeEntry, t('form.contractBeforeEntry')),
      ),
    ],
    contractEnd: [
      ...choose(onboardingLabels.contractEnd, 'contractEnd'),
      crossRule(
        (value, get) => !value || !get('contract_start') || String(value) >= String(get('contract_start')),
        localMessage(onboardingMessages.contractReversed, t('form.contractReversed')),
      ),
    ],
    username: localRules(antdRules.username, [t('form.usernameRequired'), t('form.usernameInvalid')]),
    // Once set, an empty field keeps it; anything typed must be a valid new one.
    password: hasPassword
      ? passwordRules.filter((rule) => !('required' in rule && rule.required))
      : passwordRules,
  } satisfies Record<string, FormRule[]>;
}
