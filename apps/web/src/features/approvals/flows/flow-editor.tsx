import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Radio,
  Row,
  Select,
  Space,
  TreeSelect,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalBusinessType } from '@dealer-hr/shared/approvals/rules';
import { useBusinessTypes } from '../business-types';
import {
  FLOWS_KEY,
  approverOptionsQuery,
  checkFlow,
  createFlow,
  departmentTreeQuery,
  gapsOf,
  updateFlow,
  type ApprovalFlow,
  type DepartmentOption,
  type FlowBody,
  type FlowGap,
} from './api';
import {
  initialValues,
  newNode,
  showFlowErrors,
  toBody,
  withKnownConditions,
  type FlowFormValues,
} from './flow-form';
import { FLOW_NAME_MAX, MAX_NODES, REMARK_MAX } from '@dealer-hr/shared/approvals/rules';
import { flowFormRules, nodeListRules } from './form-rules';
import { GapList } from './gap-list';
import { NodeCard } from './node-card';

/** Wide enough for a node's three condition controls side by side; a phone gets the whole screen. */
const DRAWER_WIDTH = 760;

const holds = (tree: readonly DepartmentOption[], id: number): boolean =>
  tree.some((node) => node.id === id || holds(node.children ?? [], id));

/**
 * The caller's department tree, plus the flow's own department when it lies outside it (a flow set up by
 * someone with a wider scope), so the select shows its name rather than a bare id.
 */
function departmentChoices(tree: DepartmentOption[], flow: ApprovalFlow | null): DepartmentOption[] {
  if (!flow?.department_id || holds(tree, flow.department_id)) return tree;
  return [...tree, { id: flow.department_id, name: flow.department_name ?? String(flow.department_id) }];
}

interface FlowEditorProps {
  /** The flow to edit; none for a new one. */
  flow: ApprovalFlow | null;
  /** After the drawer has closed (its animation ended): the page unmounts it, and its form with it. */
  onClosed(): void;
}

/** Create or edit an approval flow: its business type, scope and ordered nodes. */
export function FlowEditor({ flow, onClosed }: FlowEditorProps) {
  const { t } = useTranslation('approvals', { keyPrefix: 'flows' });
  const { t: tCommon } = useTranslation('common');
  const businessTypes = useBusinessTypes();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<FlowFormValues>();
  const [open, setOpen] = useState(true);
  /** The last check's answer; null before one, and again once the form changes (it no longer applies). */
  const [checked, setChecked] = useState<FlowGap[] | null>(null);
  const rules = useMemo(() => flowFormRules(), []);
  const listRules = useMemo(() => nodeListRules(), []);
  const initial = useMemo(() => initialValues(flow), [flow]);
  const businessType: ApprovalBusinessType | undefined = Form.useWatch('business_type', form);
  const options = useQuery(approverOptionsQuery());
  const departments = useQuery(departmentTreeQuery());
  const treeData = useMemo(() => departmentChoices(departments.data ?? [], flow), [departments.data, flow]);

  const acceptGaps = (gaps: FlowGap[]) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('gaps.confirmTitle'),
        content: <GapList gaps={gaps} />,
        okText: t('gaps.confirmOk'),
        cancelText: t('gaps.confirmCancel'),
        width: 520,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const send = (body: FlowBody) => (flow ? updateFlow(flow.id, body) : createFlow(body));

  const save = useMutation({
    // Some departments finding nobody at a node is allowed (the node is skipped for them), but only once the
    // user has seen which: the server refuses the first time with the gaps, and the user decides.
    mutationFn: async (body: FlowBody): Promise<ApprovalFlow | null> => {
      try {
        return await send(body);
      } catch (error) {
        const gaps = gapsOf(error);
        if (!gaps) throw error;
        if (await acceptGaps(gaps)) return send({ ...body, accept_gaps: true });
        // Declined: the gaps stay in sight while the user changes the nodes.
        setChecked(gaps);
        return null;
      }
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      void message.success(t(flow ? 'messages.updated' : 'messages.created'));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: [FLOWS_KEY] });
    },
    onError: (error) => showFlowErrors(form, error),
  });

  const check = useMutation({
    mutationFn: checkFlow,
    onSuccess: setChecked,
    onError: (error) => showFlowErrors(form, error),
  });

  // The fields a node does not show (a leader node's ids) stay in the store; `toBody` drops them.
  const currentBody = () => toBody(form.getFieldsValue(true) as FlowFormValues);

  const runCheck = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (valid) check.mutate(currentBody());
  };

  const changeType = (type: ApprovalBusinessType) => {
    const nodes = (form.getFieldValue('nodes') as FlowFormValues['nodes'] | undefined) ?? [];
    form.setFieldValue('nodes', withKnownConditions(nodes, type));
  };

  return (
    <Drawer
      open={open}
      title={t(flow ? 'form.editTitle' : 'form.createTitle')}
      size={screens.md ? DRAWER_WIDTH : '100%'}
      onClose={() => setOpen(false)}
      afterOpenChange={(visible) => {
        if (!visible) onClosed();
      }}
      destroyOnHidden
      footer={
        <Flex wrap gap={8} justify="space-between">
          <Button onClick={() => void runCheck()} loading={check.isPending}>
            {t('actions.check')}
          </Button>
          <Space>
            <Button onClick={() => setOpen(false)}>{tCommon('actions.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {tCommon('actions.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        name="approval-flow"
        initialValues={initial}
        onValuesChange={() => setChecked(null)}
        onFinish={() => save.mutate(currentBody())}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="business_type" label={t('fields.businessType')} rules={rules.businessType}>
              <Select<ApprovalBusinessType>
                placeholder={t('form.selectPlaceholder')}
                onChange={changeType}
                options={businessTypes.options}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
              <Input autoComplete="off" maxLength={FLOW_NAME_MAX + 10} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="department_id" label={t('fields.department')} extra={t('form.departmentHelp')}>
              <TreeSelect<number>
                allowClear
                showSearch
                treeNodeFilterProp="name"
                placeholder={t('form.departmentPlaceholder')}
                loading={departments.isLoading}
                treeData={treeData}
                fieldNames={{ label: 'name', value: 'id', children: 'children' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('fields.status')} extra={t('form.statusHelp')}>
              <Radio.Group
                options={[
                  { value: 'active', label: t('status.active') },
                  { value: 'disabled', label: t('status.disabled') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('fields.remark')} rules={rules.remark}>
              <Input.TextArea rows={2} maxLength={REMARK_MAX + 10} />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('fields.nodes')}</Typography.Title>
        {checked && (
          <Alert
            style={{ marginBottom: 12 }}
            showIcon
            type={checked.length === 0 ? 'success' : 'warning'}
            title={t(checked.length === 0 ? 'gaps.none' : 'gaps.found')}
            description={checked.length === 0 ? undefined : <GapList gaps={checked} />}
          />
        )}
        <Form.List name="nodes" rules={listRules}>
          {(fields, { add, remove, move }, { errors }) => (
            <Flex vertical gap={12}>
              {fields.map((field) => (
                <NodeCard
                  key={field.key}
                  index={field.name}
                  count={fields.length}
                  businessType={businessType}
                  options={options.data}
                  optionsLoading={options.isLoading}
                  rules={rules}
                  onMove={move}
                  onRemove={remove}
                />
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_NODES}
                onClick={() => add(newNode())}
              >
                {t('actions.addNode')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
