import type { FormRule } from 'antd';
import { isValidMainlandId } from '@dealer-hr/shared/id-number';
import { onboardingLabels } from '@dealer-hr/shared/onboarding/rules';
import { antdRules, fieldLabels, isBlank, messages } from '@dealer-hr/shared/rules';
import { certificateNumberRules, localMessage, localRules, selectRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The rules of the start dialog. In Chinese their messages are the server's (the shared onboarding contract
// and rules), so a field says the same whichever side refuses it; other languages get translations.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`onboarding:list.${key}`, options ?? {});

/** 请选择{label}: the server's Chinese label, the field's translated name otherwise. */
const choose = (chineseLabel: string, field: string) =>
  selectRules(chineseLabel, t('form.selectRequired', { label: t(`fields.${field}`) }));

/** A mainland resident identity card number must be a real one (its check digit, its birth date). */
function mainlandIdRule(isMainland: () => boolean): FormRule {
  const invalid = localMessage(messages.idNumberInvalid, t('form.idNumberInvalid'));
  return {
    validator: (_rule, value: unknown) =>
      !isMainland() || isBlank(value) || isValidMainlandId(String(value).trim())
        ? Promise.resolve()
        : Promise.reject(new Error(invalid)),
  };
}

export function startFormRules(isMainland: () => boolean) {
  return {
    name: localRules(antdRules.personName, [t('form.nameRequired'), t('form.nameInvalid')]),
    phone: localRules(antdRules.phone, [t('form.phoneRequired'), t('form.phoneInvalid')]),
    idType: choose(fieldLabels.certificateType, 'idType'),
    idNumber: [
      ...certificateNumberRules(t('form.idNumberRequired'), t('form.idNumberInvalid')),
      mainlandIdRule(isMainland),
    ],
    store: choose(onboardingLabels.store, 'store'),
    post: choose(onboardingLabels.post, 'post'),
  } satisfies Record<string, FormRule[]>;
}
