import { describe, expect, it } from 'vitest';
import {
  APPROVAL_BUSINESS_TYPES,
  APPROVAL_MODES,
  APPROVER_TYPES,
  CONDITION_OPERATORS,
  approvalBusinessNames,
  approvalConditionFields,
  approvalFactLabels,
} from '@dealer-hr/shared/approvals/rules';
import { prohibitedSourceNames } from '@dealer-hr/shared/prohibited/rules';
import approvals from '../../../locales/zh/approvals.json';
import zhCommon from '../../../locales/zh/common.json';
import { toBody, withKnownConditions, type FlowFormValues } from './flow-form';

const zh = approvals.flows;

const values = (nodes: FlowFormValues['nodes']): FlowFormValues => ({
  business_type: 'leave',
  name: '  请假流程 ',
  department_id: undefined,
  status: 'active',
  remark: '   ',
  nodes,
});

describe('toBody', () => {
  it('sends a leader node without ids and other nodes without a level, whatever the form kept', () => {
    const body = toBody(
      values([
        { name: '负责人', approver_type: 'leader', approver_ids: [5], leader_level: 2, mode: 'any' },
        { name: '人事', approver_type: 'role', approver_ids: [5], leader_level: 2, mode: 'all' },
      ]),
    );
    expect(body).toEqual({
      business_type: 'leave',
      name: '请假流程',
      department_id: null,
      status: 'active',
      remark: null,
      nodes: [
        {
          name: '负责人',
          approver_type: 'leader',
          approver_ids: [],
          leader_level: 2,
          mode: 'any',
          condition: null,
          side: 'record',
        },
        {
          name: '人事',
          approver_type: 'role',
          approver_ids: [5],
          leader_level: null,
          mode: 'all',
          condition: null,
          side: 'record',
        },
      ],
    });
  });

  it('keeps a node on the target side, so that editing a transfer flow never turns it back', () => {
    const values: FlowFormValues = {
      business_type: 'posttransfer',
      name: '调岗',
      status: 'active',
      nodes: [
        { name: '调入门店', approver_type: 'post', approver_ids: [7], mode: 'any', side: 'target' },
        { name: '调出门店', approver_type: 'post', approver_ids: [7], mode: 'any' },
      ],
    };
    expect(toBody(values).nodes.map((node) => node.side)).toEqual(['target', 'record']);
  });

  it('sends a condition only once its field, operator and value are all there', () => {
    const node = { name: '总经理', approver_type: 'post' as const, approver_ids: [7], mode: 'any' as const };
    const [whole, partial] = toBody(
      values([
        { ...node, condition: { field: 'days', op: 'gt', value: 0 } },
        { ...node, condition: { field: null, op: 'gt', value: 3 } },
      ]),
    ).nodes;
    expect(whole!.condition).toEqual({ field: 'days', op: 'gt', value: 0 });
    expect(partial!.condition).toBeNull();
  });
});

describe('withKnownConditions', () => {
  it('drops the conditions the new business type cannot test', () => {
    const nodes = [
      { name: 'a', condition: { field: 'amount', op: 'gt' as const, value: 3 } },
      { name: 'b', condition: { field: 'days', op: 'gte' as const, value: 10 } },
    ];
    expect(withKnownConditions(nodes, 'leave')).toEqual([{ name: 'a', condition: {} }, nodes[1]]);
  });
});

describe('the Chinese texts of the vocabulary', () => {
  it('name the business types as the server does', () => {
    expect(zhCommon.approvalBusinessTypes).toEqual(approvalBusinessNames);
  });

  it('cover every approver type, mode, operator and condition field', () => {
    const fields = [...new Set(APPROVAL_BUSINESS_TYPES.flatMap((type) => approvalConditionFields[type]))];
    expect(Object.keys(zh.approverTypes).sort()).toEqual([...APPROVER_TYPES].sort());
    expect(Object.keys(zh.modes).sort()).toEqual([...APPROVAL_MODES].sort());
    expect(Object.keys(zh.operators).sort()).toEqual([...CONDITION_OPERATORS].sort());
    expect(Object.keys(zh.conditionFields).sort()).toEqual(fields.sort());
    expect(Object.keys(zh.form.approversPlaceholder).sort()).toEqual(
      APPROVER_TYPES.filter((type) => type !== 'leader').sort(),
    );
  });

  it('name every fact of a record, and the codes a fact may hold, as the server does', () => {
    expect(approvals.tasks.facts.labels).toEqual(approvalFactLabels);
    expect(approvals.tasks.facts.codes.source).toEqual(prohibitedSourceNames);
  });
});
