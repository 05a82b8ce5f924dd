import type { FormRule } from 'antd';
import { antdRules, fieldLabels } from '@dealer-hr/shared/rules';
import {
  ADDRESS_MAX,
  CITY_MAX,
  STORE_CODE_MAX,
  STORE_CODE_PATTERN,
  STORE_NAME_MAX,
  storeLabels,
  storeMessages,
} from '@dealer-hr/shared/stores/rules';
import {
  maxLengthRule,
  optionalFormatRules,
  patternRule,
  requiredRules,
  requiredValueRules,
} from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The store form's rules. In Chinese their messages are the server's (the shared stores and form
// rules: 区域门店, 门店编码 and 门店类型 are among the required fields of docs/domain.md "Form rules"), so a field says the same
// whichever side refuses it; other languages get translations.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`stores:${key}`, options ?? {});

const labels = storeLabels;

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function storeFormRules() {
  return {
    region: requiredValueRules(labels.region, t('form.regionRequired')),
    code: [
      ...requiredRules(labels.code, t('form.codeRequired')),
      tooLong(labels.code, STORE_CODE_MAX),
      patternRule(STORE_CODE_PATTERN, storeMessages.codeFormat, t('form.codeFormat')),
    ],
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, STORE_NAME_MAX)],
    storeType: requiredValueRules(labels.storeType, t('form.storeTypeRequired')),
    city: [tooLong(labels.city, CITY_MAX)],
    address: [tooLong(labels.address, ADDRESS_MAX)],
    // Optional here (blank is allowed, as on the server).
    latitude: optionalFormatRules(antdRules.latitude, t('form.latitudeInvalid')),
    longitude: optionalFormatRules(antdRules.longitude, t('form.longitudeInvalid')),
  } satisfies Record<string, FormRule[]>;
}

/** The reason of enabling or disabling: required (docs/domain.md "Form rules": 禁用原因 / 启用原因). */
export function reasonRules(disabling: boolean): FormRule[] {
  return requiredRules(
    disabling ? fieldLabels.disableReason : fieldLabels.enableReason,
    t(disabling ? 'status.disableReasonRequired' : 'status.enableReasonRequired'),
  );
}
