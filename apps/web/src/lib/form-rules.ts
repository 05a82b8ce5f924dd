import type { FormRule } from 'antd';
import { antdRules } from '@dealer-hr/shared/rules';
import { SOURCE_LANGUAGE, i18n } from './i18n';

/** The shared rule keeps its Chinese message; other languages get the same rule with a translated one. */
export function requiredRules(chineseLabel: string, translatedMessage: string): FormRule[] {
  const rules = antdRules.required(chineseLabel);
  if (i18n.resolvedLanguage === SOURCE_LANGUAGE) return rules;
  return rules.map((rule) => ({ ...rule, message: translatedMessage }));
}
