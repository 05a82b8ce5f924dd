import type { FormRule } from 'antd';
import { PROHIBITED_REASON_MAX } from '@dealer-hr/shared/prohibited/rules';
import { antdRules, fieldLabels } from '@dealer-hr/shared/rules';
import {
  certificateNumberRules,
  localRules,
  maxLengthRule,
  optionalFormatRules,
  requiredRules,
} from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The rules of the prohibited list's forms. In Chinese their messages are the server's (the shared prohibited
// contract and rules), so a field says the same whichever side refuses it; other languages get translations.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`prohibited:${key}`, options ?? {});

const reasonRules = (label: string, requiredMessage: string): FormRule[] => [
  ...requiredRules(label, requiredMessage),
  maxLengthRule(label, PROHIBITED_REASON_MAX, t('form.tooLong', { max: PROHIBITED_REASON_MAX })),
];

export function prohibitedFormRules() {
  return {
    name: localRules(antdRules.personName, [t('form.nameRequired'), t('form.nameInvalid')]),
    idNumber: certificateNumberRules(t('form.idNumberRequired'), t('form.idNumberInvalid')),
    // An old entry may have no phone; a given one must be a valid mobile number.
    phone: optionalFormatRules(antdRules.phone, t('form.phoneInvalid')),
    disableReason: reasonRules(fieldLabels.disableReason, t('form.disableReasonRequired')),
  } satisfies Record<string, FormRule[]>;
}

/** The reason of a dismissal: labelled 解除原因 on the page, but the field of docs/domain.md "Form rules" is 启用原因. */
export function enableReasonRules(): FormRule[] {
  return reasonRules(fieldLabels.enableReason, t('form.enableReasonRequired'));
}
