import type { FormRule } from 'antd';
import {
  FLOW_NAME_MAX,
  NODE_NAME_MAX,
  REMARK_MAX,
  flowLabels,
  flowMessages,
} from '@dealer-hr/shared/approvals/rules';
import { localMessage, maxLengthRule, requiredRules, selectRules } from '../../../lib/form-rules';
import { i18n } from '../../../lib/i18n';

// The rules of the flow editor, with the server's limits, Chinese labels and messages (the shared approvals
// rules), so a field says the same whichever side refuses it.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`approvals:flows.${key}`, options ?? {});

const labels = flowLabels;
const messages = flowMessages;

const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('rules.tooLong', { max }));

export function flowFormRules() {
  return {
    businessType: selectRules(labels.businessType, t('rules.businessTypeRequired')),
    name: [...requiredRules(labels.name, t('rules.nameRequired')), tooLong(labels.name, FLOW_NAME_MAX)],
    remark: [tooLong(labels.remark, REMARK_MAX)],
    nodeName: [
      ...requiredRules(labels.nodeName, t('rules.nodeNameRequired')),
      tooLong(labels.nodeName, NODE_NAME_MAX),
    ],
    approverType: selectRules(labels.approverType, t('rules.approverTypeRequired')),
    // An empty list counts as missing only when the rule knows the value is an array.
    approvers: [
      {
        required: true,
        type: 'array',
        message: localMessage(messages.approversRequired, t('rules.approversRequired')),
      },
    ],
    leaderLevel: [{ required: true, message: localMessage(messages.leaderLevel, t('rules.leaderLevel')) }],
    mode: selectRules(labels.mode, t('rules.modeRequired')),
    // Operator and value are asked for only once a condition field is chosen (the node renders them so).
    conditionOp: selectRules(labels.conditionOp, t('rules.conditionOpRequired')),
    conditionValue: [
      { required: true, message: localMessage(messages.conditionValue, t('rules.conditionValue')) },
    ],
  } satisfies Record<string, FormRule[]>;
}

/** The rule of the node list as a whole (Form.List takes validator rules only). */
export function nodeListRules(): { validator(rule: unknown, nodes: unknown[] | undefined): Promise<void> }[] {
  return [
    {
      validator: async (_rule, nodes) => {
        if (!nodes || nodes.length === 0)
          throw new Error(localMessage(messages.nodesRequired, t('rules.nodesRequired')));
      },
    },
  ];
}
