import type { FormRule } from 'antd';
import {
  CODE_MAX,
  DEPARTMENT_CODE_PATTERN,
  NAME_MAX,
  departmentLabels,
  departmentMessages,
} from '@dealer-hr/shared/departments/rules';
import { maxLengthRule, patternRule, requiredRules, selectRules } from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The department form's rules, with the server's limits and Chinese labels (the shared departments rules).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`departments:${key}`, options ?? {});

const labels = departmentLabels;

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

export function departmentFormRules() {
  return {
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, NAME_MAX)],
    code: [
      tooLong(labels.code, CODE_MAX),
      patternRule(DEPARTMENT_CODE_PATTERN, departmentMessages.codeFormat, t('form.codeFormat')),
    ],
    kind: selectRules(labels.kind, t('form.kindRequired')),
    status: selectRules(labels.status, t('form.statusRequired')),
  } satisfies Record<string, FormRule[]>;
}

/** The new parent of a move. */
export function parentRules(): FormRule[] {
  return selectRules(labels.parent, t('form.parentRequired'));
}
