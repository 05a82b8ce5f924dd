import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_MODES,
  APPROVER_SIDES,
  APPROVER_TYPES,
  CONDITION_OPERATORS,
  TARGETED_BUSINESS_TYPES,
  approvalConditionFields,
  type ApprovalBusinessType,
  type ApproverType,
  type ConditionOperator,
} from '@dealer-hr/shared/approvals/rules';
import type { ApproverOptions } from './api';
import type { FlowFormValues } from './flow-form';
import { MAX_LEADER_LEVEL, NODE_NAME_MAX } from '@dealer-hr/shared/approvals/rules';
import type { flowFormRules } from './form-rules';

/** Operators read the same in every language. */
const OPERATOR_SYMBOLS: Record<ConditionOperator, string> = {
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  eq: '=',
  ne: '≠',
};

const LEADER_LEVELS = Array.from({ length: MAX_LEADER_LEVEL }, (_, index) => index + 1);

interface NodeCardProps {
  /** The node's place in the form's list. */
  index: number;
  /** How many nodes there are (the last cannot move down). */
  count: number;
  businessType: ApprovalBusinessType | undefined;
  options: ApproverOptions | undefined;
  /** The options are still on their way. */
  optionsLoading: boolean;
  rules: ReturnType<typeof flowFormRules>;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}

/** One step of the flow: its name, who approves it and how, and when it applies. */
export function NodeCard({
  index,
  count,
  businessType,
  options,
  optionsLoading,
  rules,
  onMove,
  onRemove,
}: NodeCardProps) {
  const { t } = useTranslation('approvals', { keyPrefix: 'flows' });
  const form = Form.useFormInstance<FlowFormValues>();
  const path = ['nodes', index] as const;
  const approverType: ApproverType | undefined = Form.useWatch([...path, 'approver_type'], form);
  const conditionField: string | null | undefined = Form.useWatch([...path, 'condition', 'field'], form);
  const fields = businessType ? approvalConditionFields[businessType] : [];
  const step = index + 1;

  // Ids of roles, posts and users are different things: a new approver type starts with none chosen.
  const changeType = (type: ApproverType) => {
    form.setFieldValue([...path, 'approver_ids'], []);
    form.setFieldValue([...path, 'leader_level'], type === 'leader' ? 1 : null);
  };
  // Without a field there is no condition: its operator and value go, with whatever they were told.
  const changeField = (field: string | undefined) => {
    if (field) return;
    form.setFields([
      { name: [...path, 'condition', 'op'], value: null, errors: [] },
      { name: [...path, 'condition', 'value'], value: null, errors: [] },
    ]);
  };
  const fieldPlaceholder = !businessType
    ? 'form.chooseTypeFirst'
    : fields.length === 0
      ? 'form.noConditionFields'
      : 'form.noCondition';

  const approverChoices =
    approverType === 'role'
      ? options?.roles.map((role) => ({ value: role.id, label: role.name }))
      : approverType === 'post'
        ? options?.posts.map((post) => ({ value: post.id, label: post.name }))
        : options?.users.map((user) => ({
            value: user.id,
            label: t('form.userOption', { name: user.name, username: user.username }),
          }));

  return (
    <Card
      size="small"
      role="group"
      aria-label={t('form.nodeTitle', { step })}
      title={t('form.nodeTitle', { step })}
      extra={
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('actions.moveUp')}
            title={t('actions.moveUp')}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('actions.moveDown')}
            title={t('actions.moveDown')}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('actions.removeNode')}
            title={t('actions.removeNode')}
            onClick={() => onRemove(index)}
          />
        </Space>
      }
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name={[index, 'name']} label={t('fields.nodeName')} rules={rules.nodeName}>
            <Input autoComplete="off" maxLength={NODE_NAME_MAX + 10} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name={[index, 'approver_type']}
            label={t('fields.approverType')}
            rules={rules.approverType}
          >
            <Select<ApproverType>
              onChange={changeType}
              options={APPROVER_TYPES.map((type) => ({ value: type, label: t(`approverTypes.${type}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          {approverType === 'leader' ? (
            <Form.Item
              name={[index, 'leader_level']}
              label={t('fields.leaderLevel')}
              rules={rules.leaderLevel}
              extra={t('form.leaderLevelHelp')}
            >
              <Select<number>
                options={LEADER_LEVELS.map((level) => ({
                  value: level,
                  label: t('form.leaderLevelOption', { level }),
                }))}
              />
            </Form.Item>
          ) : (
            <Form.Item name={[index, 'approver_ids']} label={t('fields.approvers')} rules={rules.approvers}>
              <Select<number[]>
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={optionsLoading}
                placeholder={t(`form.approversPlaceholder.${approverType ?? 'role'}`)}
                options={approverChoices ?? []}
              />
            </Form.Item>
          )}
        </Col>
        {businessType &&
          TARGETED_BUSINESS_TYPES.includes(businessType) &&
          approverType !== 'role' &&
          approverType !== 'users' && (
            <Col xs={24}>
              <Form.Item name={[index, 'side']} label={t('fields.side')} initialValue="record">
                <Radio.Group
                  options={APPROVER_SIDES.map((side) => ({ value: side, label: t(`sides.${side}`) }))}
                />
              </Form.Item>
            </Col>
          )}
        <Col xs={24}>
          <Form.Item name={[index, 'mode']} label={t('fields.mode')} rules={rules.mode}>
            <Radio.Group
              options={APPROVAL_MODES.map((mode) => ({ value: mode, label: t(`modes.${mode}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[index, 'condition', 'field']}
            label={t('fields.conditionField')}
            tooltip={t('form.conditionHelp')}
          >
            <Select<string>
              allowClear
              disabled={fields.length === 0}
              placeholder={t(fieldPlaceholder)}
              onChange={changeField}
              options={fields.map((field) => ({
                value: field,
                label: t(`conditionFields.${field}`, { defaultValue: field }),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name={[index, 'condition', 'op']}
            label={t('fields.conditionOp')}
            rules={conditionField ? rules.conditionOp : []}
          >
            <Select<ConditionOperator>
              disabled={!conditionField}
              options={CONDITION_OPERATORS.map((op) => ({
                value: op,
                label: `${OPERATOR_SYMBOLS[op]} ${t(`operators.${op}`)}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name={[index, 'condition', 'value']}
            label={t('fields.conditionValue')}
            rules={conditionField ? rules.conditionValue : []}
          >
            <InputNumber disabled={!conditionField} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
