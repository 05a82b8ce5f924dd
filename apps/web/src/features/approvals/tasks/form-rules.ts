import type { FormRule } from 'antd';
import {
  localMessage,
  maxLengthRule,
  requiredRules,
  requiredValueRules,
  selectRules,
} from '../../../lib/form-rules';
import { i18n } from '../../../lib/i18n';

// The rules of the decision and test request forms, with the server's limits and Chinese labels
// (approvals.schemas.ts `flowLabels`, `COMMENT_MAX`, `testRequestBody`).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`approvals:tasks.${key}`, options ?? {});

const labels = { comment: '审批意见', title: '标题', department: '部门', amount: '金额' };

export const COMMENT_MAX = 500;
export const TITLE_MAX = 50;
export const AMOUNT_MAX = 1_000_000;
const AMOUNT_MESSAGE = '金额必须是 0 到 1000000 之间的整数';

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));

/** Approve and withdraw may say something; a rejection must (the applicant reads why). */
export function commentRules(required: boolean): FormRule[] {
  return [
    ...(required ? requiredRules(labels.comment, t('decision.commentRequired')) : []),
    tooLong(labels.comment, COMMENT_MAX),
  ];
}

export function testRequestRules() {
  return {
    title: [...requiredRules(labels.title, t('testRequest.titleRequired')), tooLong(labels.title, TITLE_MAX)],
    department_id: selectRules(labels.department, t('testRequest.departmentRequired')),
    amount: [
      ...requiredValueRules(labels.amount, t('testRequest.amountRequired')),
      {
        type: 'integer',
        min: 0,
        max: AMOUNT_MAX,
        message: localMessage(AMOUNT_MESSAGE, t('testRequest.amountRange')),
      },
    ],
  } satisfies Record<string, FormRule[]>;
}
