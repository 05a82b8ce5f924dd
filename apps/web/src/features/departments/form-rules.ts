import type { FormRule } from 'antd';
import { maxLengthRule, patternRule, requiredRules, selectRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The department form's rules, with the server's limits and Chinese labels (departments.schemas.ts).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`departments:${key}`, options ?? {});

/** The Chinese labels of the server's messages (departments.schemas.ts `departmentLabels`). */
const labels = { name: '部门名称', code: '部门编码', kind: '部门类型', status: '状态', parent: '上级部门' };

export const NAME_MAX = 50;
export const CODE_MAX = 50;
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const CODE_FORMAT = '部门编码只能包含字母、数字、下划线和短横线';

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function departmentFormRules() {
  return {
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, NAME_MAX)],
    code: [tooLong(labels.code, CODE_MAX), patternRule(CODE_PATTERN, CODE_FORMAT, t('form.codeFormat'))],
    kind: selectRules(labels.kind, t('form.kindRequired')),
    status: selectRules(labels.status, t('form.statusRequired')),
  } satisfies Record<string, FormRule[]>;
}

/** The new parent of a move. */
export function parentRules(): FormRule[] {
  return selectRules(labels.parent, t('form.parentRequired'));
}
