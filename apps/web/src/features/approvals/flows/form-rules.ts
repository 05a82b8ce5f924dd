import type { FormRule } from 'antd';
import { localMessage, maxLengthRule, requiredRules, selectRules } from '../../../lib/form-rules';
import { i18n } from '../../../lib/i18n';

// The rules of the flow editor, with the server's limits, Chinese labels and messages (approvals.schemas.ts),
// so a field says the same whichever side refuses it.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`approvals:flows.${key}`, options ?? {});

/** The Chinese labels the server's messages are built from (`flowLabels`). */
const labels = {
  businessType: '业务类型',
  name: '流程名称',
  remark: '备注',
  nodeName: '节点名称',
  approverType: '审批人类型',
  mode: '审批方式',
  conditionOp: '条件运算',
} as const;

export const FLOW_NAME_MAX = 50;
export const NODE_NAME_MAX = 30;
export const REMARK_MAX = 200;
export const MAX_NODES = 20;
export const MAX_LEADER_LEVEL = 10;

/** The server's own messages (`flowMessages`). */
const messages = {
  nodesRequired: '请至少添加一个审批节点',
  approversRequired: '请选择审批人',
  leaderLevel: `上级层级必须是 1 到 ${MAX_LEADER_LEVEL} 之间的整数`,
  conditionValue: '条件值必须是数字',
} as const;

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
