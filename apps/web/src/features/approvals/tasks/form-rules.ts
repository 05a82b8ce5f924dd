import type { FormRule } from 'antd';
import {
  COMMENT_MAX,
  TEST_AMOUNT_MAX,
  TEST_TITLE_MAX,
  flowLabels,
  testRequestMessages,
} from '@dealer-hr/shared/approvals/rules';
import {
  localMessage,
  maxLengthRule,
  requiredRules,
  requiredValueRules,
  selectRules,
} from '../../../lib/form-rules';
import { i18n } from '../../../lib/i18n';

// The rules of the decision and test request forms, with the server's limits and Chinese labels
// (the shared approvals rules: `flowLabels`, `COMMENT_MAX`, the test request's limits).

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`approvals:tasks.${key}`, options ?? {});

// The department's label is the form's own (部门): the server's is the flow's 适用部门.
const labels = {
  comment: flowLabels.comment,
  title: flowLabels.title,
  department: '部门',
  amount: flowLabels.amount,
};

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
    title: [
      ...requiredRules(labels.title, t('testRequest.titleRequired')),
      tooLong(labels.title, TEST_TITLE_MAX),
    ],
    department_id: selectRules(labels.department, t('testRequest.departmentRequired')),
    amount: [
      ...requiredValueRules(labels.amount, t('testRequest.amountRequired')),
      {
        type: 'integer',
        min: 0,
        max: TEST_AMOUNT_MAX,
        message: localMessage(testRequestMessages.amount, t('testRequest.amountRange')),
      },
    ],
  } satisfies Record<string, FormRule[]>;
}
