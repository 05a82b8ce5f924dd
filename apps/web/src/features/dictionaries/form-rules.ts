import type { FormRule } from 'antd';
import { maxLengthRule, patternRule, requiredRules, requiredValueRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The rules of the type and item forms, with the server's limits and Chinese labels
// (dictionaries.schemas.ts), and the field a refused save belongs on.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`dictionaries:${key}`, options ?? {});

/** The Chinese labels the server's messages are built from (`dictionaryLabels`). */
const labels = { code: '编码', name: '名称', description: '描述', sort: '排序' };

export const CODE_MAX = 50;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 200;
export const SORT_MAX = 999_999;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const CODE_FORMAT = '编码只能包含字母、数字、下划线和短横线，且以字母或数字开头';

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function dictionaryFormRules() {
  return {
    code: [
      ...requiredRules(labels.code, t('form.codeRequired')),
      tooLong(labels.code, CODE_MAX),
      patternRule(CODE_PATTERN, CODE_FORMAT, t('form.codeFormat')),
    ],
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, NAME_MAX)],
    description: [tooLong(labels.description, DESCRIPTION_MAX)],
    sort: requiredValueRules(labels.sort, t('form.sortRequired')),
  } satisfies Record<string, FormRule[]>;
}

/** The field of a refused save (409): the message names the code or the name (同名) that is taken. */
export const conflictField = (message: string) =>
  /编码/.test(message) ? 'code' : /同名/.test(message) ? 'name' : null;
