import type { FormRule } from 'antd';
import {
  antdRules,
  isBlank,
  isCertificateNumber,
  maxLengthMessage,
  messages,
  requiredMessage,
  selectMessage,
  type FormRule as SharedRule,
} from '@dealer-hr/shared/rules';
import { SOURCE_LANGUAGE, i18n } from './i18n';

// Form rules whose message is the server's own in Chinese (built from the same Chinese label), so a field
// says the same whichever side refuses it; other languages get the feature's translation.

/** The server's Chinese message in Chinese, the translation otherwise. */
export function localMessage(chineseMessage: string, translatedMessage: string): string {
  return i18n.resolvedLanguage === SOURCE_LANGUAGE ? chineseMessage : translatedMessage;
}

/**
 * The shared rules keep their Chinese messages; other languages get the same checks with translated
 * messages, one per rule in order.
 */
export function localRules(rules: readonly SharedRule[], translated: readonly string[]): FormRule[] {
  if (i18n.resolvedLanguage === SOURCE_LANGUAGE) return [...rules];
  return rules.map((rule, index) => {
    const message = translated[index] ?? rule.message;
    const { validator } = rule;
    if (!validator) return { ...rule, message };
    return {
      ...rule,
      validator: (_rule: unknown, value: unknown) =>
        validator(_rule, value).catch(() => Promise.reject(new Error(message))),
    };
  });
}

/** The shared required rule (…不能为空). */
export function requiredRules(chineseLabel: string, translatedMessage: string): FormRule[] {
  return localRules(antdRules.required(chineseLabel), [translatedMessage]);
}

/** …不能为空 for a value that is not typed text (a number, a choice): no whitespace check. */
export function requiredValueRules(chineseLabel: string, translatedMessage: string): FormRule[] {
  return [{ required: true, message: localMessage(requiredMessage(chineseLabel), translatedMessage) }];
}

/** A required choice (请选择…). */
export function selectRules(chineseLabel: string, translatedMessage: string): FormRule[] {
  return [{ required: true, message: localMessage(selectMessage(chineseLabel), translatedMessage) }];
}

/** At most `max` characters (…不能超过 N 个字符). */
export function maxLengthRule(chineseLabel: string, max: number, translatedMessage: string): FormRule {
  return { max, message: localMessage(maxLengthMessage(chineseLabel, max), translatedMessage) };
}

/** A format the value must match, e.g. the characters a code may have. */
export function patternRule(pattern: RegExp, chineseMessage: string, translatedMessage: string): FormRule {
  return { pattern, message: localMessage(chineseMessage, translatedMessage) };
}

/** A shared format rule without its required part: the field may stay blank, but what is given must fit. */
export function optionalFormatRules(shared: readonly SharedRule[], translatedMessage: string): FormRule[] {
  return localRules(
    shared.filter((rule) => !rule.required && rule.validator),
    [translatedMessage],
  );
}

/** A required certificate number (证件号码不能为空) of any kind, in the server's format. */
export function certificateNumberRules(translatedRequired: string, translatedInvalid: string): FormRule[] {
  return [
    ...localRules(antdRules.idNumber, [translatedRequired]),
    {
      // Spaces around the number are allowed: it is trimmed before it is sent.
      validator: (_rule, value: unknown) =>
        isBlank(value) || isCertificateNumber(value as string)
          ? Promise.resolve()
          : Promise.reject(new Error(localMessage(messages.idNumberInvalid, translatedInvalid))),
    },
  ];
}
