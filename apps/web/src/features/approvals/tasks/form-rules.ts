import type { FormRule } from 'antd';
import { COMMENT_MAX, flowLabels } from '@dealer-hr/shared/approvals/rules';
import { maxLengthRule, requiredRules } from '../../../lib/form-rules';
import { i18n } from '../../../lib/i18n';

// The rules of the decision form, with the server's limit and Chinese label (the shared approvals rules:
// `flowLabels`, `COMMENT_MAX`).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`approvals:tasks.${key}`, options ?? {});

const labels = { comment: flowLabels.comment };

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

/** Approve and withdraw may say something; a rejection must (the applicant reads why). */
export function commentRules(required: boolean): FormRule[] {
  return [
    ...(required ? requiredRules(labels.comment, t('decision.commentRequired')) : []),
    tooLong(labels.comment, COMMENT_MAX),
  ];
}
