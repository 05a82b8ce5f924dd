import type { FormInstance } from 'antd';
import {
  approvalConditionFields,
  type ApprovalBusinessType,
  type ApprovalMode,
  type ApproverSide,
  type ApproverType,
  type ConditionOperator,
  type FlowNode,
} from '@dealer-hr/shared/approvals/rules';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { ApiError, fieldErrorsOf } from '../../../lib/api-client';
import { formPath } from '../../../lib/form-errors';
import type { ApprovalFlow, FlowBody, FlowStatus } from './api';

// The editor's form values and how they become the request body, and how the server's refusals find their
// fields again (its paths are dotted, `nodes.0.approver_ids`; the form's are arrays).

/** A node as the form holds it: the condition's parts are filled in one by one. */
export interface NodeValues {
  name?: string;
  approver_type?: ApproverType;
  approver_ids?: number[];
  leader_level?: number | null;
  mode?: ApprovalMode;
  condition?: { field?: string | null; op?: ConditionOperator | null; value?: number | null };
  /** Whose organisation post and leader approvers come from (a transfer's new store: `target`). */
  side?: ApproverSide;
}

export interface FlowFormValues {
  business_type?: ApprovalBusinessType;
  name?: string;
  department_id?: number | null;
  status: FlowStatus;
  remark?: string | null;
  nodes: NodeValues[];
}

/** A node added to the list: most flows ask a role or a post, and one approval settles it. */
export const newNode = (): NodeValues => ({
  name: '',
  approver_type: 'role',
  approver_ids: [],
  leader_level: null,
  mode: 'any',
  condition: {},
});

export function initialValues(flow: ApprovalFlow | null): FlowFormValues {
  if (!flow) return { status: 'active', department_id: null, remark: '', nodes: [newNode()] };
  return {
    business_type: flow.business_type,
    name: flow.name,
    department_id: flow.department_id,
    status: flow.status,
    remark: flow.remark ?? '',
    nodes: flow.nodes.map((node) => ({ ...node, condition: { ...node.condition } })),
  };
}

/** The node as the server takes it: a leader node names nobody, the others have no level. */
function toNode(node: NodeValues): FlowNode {
  const type = node.approver_type ?? 'role';
  const { field, op, value } = node.condition ?? {};
  return {
    name: node.name?.trim() ?? '',
    approver_type: type,
    approver_ids: type === 'leader' ? [] : (node.approver_ids ?? []),
    leader_level: type === 'leader' ? (node.leader_level ?? null) : null,
    mode: node.mode ?? 'any',
    // The rules ask for operator and value once a field is chosen; without a field there is no condition.
    condition: field && op && typeof value === 'number' ? { field, op, value } : null,
    side: node.side ?? 'record',
  };
}

/** The checked form values as store, update and check take them. */
export function toBody(values: FlowFormValues): FlowBody {
  return {
    // The rules have made sure of the business type before this runs.
    business_type: values.business_type as ApprovalBusinessType,
    name: values.name?.trim() ?? '',
    department_id: values.department_id ?? null,
    status: values.status,
    remark: values.remark?.trim() || null,
    nodes: values.nodes.map(toNode),
  };
}

/** The nodes with the conditions the business type cannot test removed (after the type was changed). */
export function withKnownConditions(nodes: NodeValues[], type: ApprovalBusinessType): NodeValues[] {
  const known = approvalConditionFields[type];
  return nodes.map((node) =>
    node.condition?.field && !known.includes(node.condition.field) ? { ...node, condition: {} } : node,
  );
}

/**
 * Shows a refused save on the editor's fields: the 422 field errors (nested ones on the node's field),
 * and the 409 of a business type that already has a flow for the department on the department.
 */
export function showFlowErrors(form: FormInstance<FlowFormValues>, error: unknown): void {
  const errors = fieldErrorsOf(error);
  if (errors.length > 0) {
    form.setFields(
      errors.map(({ field, message }) => ({ name: formPath(field) as never, errors: [message] })),
    );
    return;
  }
  if (error instanceof ApiError && error.code === ErrorCode.CONFLICT)
    form.setFields([{ name: 'department_id', errors: [error.message] }]);
}
