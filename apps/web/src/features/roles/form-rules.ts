import type { FormRule } from 'antd';
import {
  ROLE_DESCRIPTION_MAX,
  ROLE_KEY_MAX,
  ROLE_KEY_PATTERN,
  ROLE_NAME_MAX,
  roleLabels,
} from '@dealer-hr/shared/roles/rules';
import { maxLengthRule, requiredRules, selectRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The role form's rules, with the server's limits and Chinese labels (the shared roles rules).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`roles:${key}`, options ?? {});

const labels = roleLabels;

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function roleFormRules() {
  return {
    key: [
      ...requiredRules(labels.key, t('form.keyRequired')),
      tooLong(labels.key, ROLE_KEY_MAX),
      { pattern: ROLE_KEY_PATTERN, message: t('form.keyFormat') },
    ],
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, ROLE_NAME_MAX)],
    description: [tooLong(labels.description, ROLE_DESCRIPTION_MAX)],
    dataScope: selectRules(labels.dataScope, t('form.dataScopeRequired')),
    status: selectRules(labels.status, t('form.statusRequired')),
  } satisfies Record<string, FormRule[]>;
}
