import type { FormRule } from 'antd';
import { maxLengthRule, requiredRules, selectRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The role form's rules, with the server's limits and Chinese labels (roles.schemas.ts).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`roles:${key}`, options ?? {});

/** The Chinese labels the server's messages are built from (roles.schemas.ts `roleLabels`). */
const labels = {
  key: '角色标识',
  name: '角色名称',
  description: '描述',
  dataScope: '数据范围',
  status: '状态',
};

export const ROLE_KEY_MAX = 50;
export const ROLE_NAME_MAX = 50;
export const ROLE_DESCRIPTION_MAX = 200;
const KEY_PATTERN = /^[A-Za-z][\w:-]*$/;

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function roleFormRules() {
  return {
    key: [
      ...requiredRules(labels.key, t('form.keyRequired')),
      tooLong(labels.key, ROLE_KEY_MAX),
      { pattern: KEY_PATTERN, message: t('form.keyFormat') },
    ],
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, ROLE_NAME_MAX)],
    description: [tooLong(labels.description, ROLE_DESCRIPTION_MAX)],
    dataScope: selectRules(labels.dataScope, t('form.dataScopeRequired')),
    status: selectRules(labels.status, t('form.statusRequired')),
  } satisfies Record<string, FormRule[]>;
}
