import type { FormRule } from 'antd';
import { maxLengthRule, patternRule, requiredRules, requiredValueRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The rules of the post form, with the server's limits and Chinese labels (posts.schemas.ts).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`posts:${key}`, options ?? {});

/** The Chinese labels the server's messages are built from (`postLabels`). */
const labels = { code: '岗位编码', name: '岗位名称', description: '描述', sort: '排序' };

export const CODE_MAX = 50;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 200;
export const SORT_MAX = 999_999;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const CODE_FORMAT = '岗位编码只能包含字母、数字、下划线和短横线，且以字母或数字开头';

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function postFormRules() {
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
