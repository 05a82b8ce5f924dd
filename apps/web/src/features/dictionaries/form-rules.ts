import type { FormRule } from 'antd';
import {
  CODE_MAX,
  DESCRIPTION_MAX,
  DICTIONARY_CODE_PATTERN,
  NAME_MAX,
  dictionaryLabels,
  dictionaryMessages,
} from '@dealer-hr/shared/dictionaries/rules';
import { maxLengthRule, patternRule, requiredRules, requiredValueRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The rules of the type and item forms, with the server's limits and Chinese labels (the shared
// dictionaries rules), and the field a refused save belongs on.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`dictionaries:${key}`, options ?? {});

const labels = dictionaryLabels;

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function dictionaryFormRules() {
  return {
    code: [
      ...requiredRules(labels.code, t('form.codeRequired')),
      tooLong(labels.code, CODE_MAX),
      patternRule(DICTIONARY_CODE_PATTERN, dictionaryMessages.codeFormat, t('form.codeFormat')),
    ],
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, NAME_MAX)],
    name_en: [tooLong(labels.name_en, NAME_MAX)],
    name_es: [tooLong(labels.name_es, NAME_MAX)],
    name_ja: [tooLong(labels.name_ja, NAME_MAX)],
    description: [tooLong(labels.description, DESCRIPTION_MAX)],
    sort: requiredValueRules(labels.sort, t('form.sortRequired')),
  } satisfies Record<string, FormRule[]>;
}

/** The field of a refused save (409): the message names the code or the name (同名) that is taken. */
export const conflictField = (message: string) =>
  /编码/.test(message) ? 'code' : /同名/.test(message) ? 'name' : null;
