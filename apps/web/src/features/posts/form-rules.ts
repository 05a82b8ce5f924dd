import type { FormRule } from 'antd';
import {
  CODE_MAX,
  DESCRIPTION_MAX,
  NAME_MAX,
  POST_CODE_PATTERN,
  postLabels,
  postMessages,
} from '@dealer-hr/shared/posts/rules';
import { maxLengthRule, patternRule, requiredRules, requiredValueRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The rules of the post form, with the server's limits and Chinese labels (the shared posts rules).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`posts:${key}`, options ?? {});

const labels = postLabels;

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function postFormRules() {
  return {
    code: [
      ...requiredRules(labels.code, t('form.codeRequired')),
      tooLong(labels.code, CODE_MAX),
      patternRule(POST_CODE_PATTERN, postMessages.codeFormat, t('form.codeFormat')),
    ],
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, NAME_MAX)],
    description: [tooLong(labels.description, DESCRIPTION_MAX)],
    sort: requiredValueRules(labels.sort, t('form.sortRequired')),
  } satisfies Record<string, FormRule[]>;
}
