// The departments routes' request and answer schemas (`/api/auth/departments/*`). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of its bundle.
// Query strings are the server's own: they are built on its query-string coercion.
import { maxLengthMessage } from '../rules';
import { zId, zRequiredString } from '../validation';
import { z } from 'zod';
import { CREATABLE_KINDS } from './levels';
import {
  CODE_MAX,
  DEPARTMENT_CODE_PATTERN,
  NAME_MAX,
  SORT_MAX,
  departmentLabels,
  departmentMessages,
  departmentStatuses,
} from './rules';

export interface DepartmentNode {
  id: number;
  parent_id: number | null;
  name: string;
  kind: string;
  code: string | null;
  /** Absent when empty (docs/api.md "Data scope": empty children are removed). */
  children?: DepartmentNode[];
}

/** What every picture of the tree shows of a node. */
const nodeShape = {
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  kind: z.string(),
  code: z.string().nullable(),
};

export const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({ ...nodeShape, children: z.array(departmentNode).optional() }),
);

// ---------------------------------------------------------------------------------------------------------------
// Managing the tree (organisation page "部门管理")

/** An optional id: absent, null or '' mean "none". */
const zOptionalId = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    zId(label).nullable().optional(),
  ) as z.ZodType<number | null | undefined, number | string | null | undefined>;

const zCode = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: departmentMessages.codeFormat })
    .trim()
    .max(CODE_MAX, { error: maxLengthMessage(departmentLabels.code, CODE_MAX) })
    .regex(DEPARTMENT_CODE_PATTERN, { error: departmentMessages.codeFormat })
    .nullable()
    .optional(),
) as z.ZodType<string | null | undefined, string | null | undefined>;

const zSort = z
  .number({ error: departmentMessages.sortInvalid })
  .int({ error: departmentMessages.sortInvalid })
  .min(0, { error: departmentMessages.sortInvalid })
  .max(SORT_MAX, { error: departmentMessages.sortInvalid });

const zName = zRequiredString(departmentLabels.name, { max: NAME_MAX });

export const idBody = z.object({ id: zId(departmentLabels.department) });

export const createBody = z.object({
  /** The node the new one goes beside (`store/same`) or under (`store/down`). */
  id: zId(departmentLabels.department),
  name: zName,
  kind: z.enum(CREATABLE_KINDS, { error: departmentMessages.kindInvalid }).default('department'),
  code: zCode,
  leader_employee_id: zOptionalId(departmentLabels.leader),
  /** Absent: after the last sibling. */
  sort: zSort.optional(),
  status: z.enum(departmentStatuses, { error: departmentMessages.statusInvalid }).default('active'),
});
export type CreateBody = z.infer<typeof createBody>;

export const updateBody = z.object({
  id: zId(departmentLabels.department),
  name: zName.optional(),
  code: zCode,
  leader_employee_id: zOptionalId(departmentLabels.leader),
  sort: zSort.optional(),
  status: z.enum(departmentStatuses, { error: departmentMessages.statusInvalid }).optional(),
  /** A move: the new parent, or null for a top-level node; absent keeps the parent. */
  parent_id: zOptionalId(departmentLabels.parent),
});
export type UpdateBody = z.infer<typeof updateBody>;

export const childRow = z.object({
  ...nodeShape,
  status: z.string(),
  sort: z.number().int(),
  has_children: z.boolean(),
  /** Distinct employees with an open assignment at this node or below. */
  staff_count: z.number().int(),
});
export type ChildRow = z.infer<typeof childRow>;

export interface ManagedNode extends Omit<DepartmentNode, 'children'> {
  status: string;
  children?: ManagedNode[];
}

export const managedNode: z.ZodType<ManagedNode> = z.lazy(() =>
  z.object({ ...nodeShape, status: z.string(), children: z.array(managedNode).optional() }),
);

const named = z.object({ id: z.number().int(), name: z.string() });

export const departmentDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  code: z.string().nullable(),
  parent: named.nullable(),
  /** Names from the root down to this node. */
  path_names: z.array(z.string()),
  leader: named.nullable(),
  /** The store this node is the organisation node of. */
  store: named.nullable(),
  sort: z.number().int(),
  status: z.string(),
  children_count: z.number().int(),
  staff_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DepartmentDetail = z.infer<typeof departmentDetail>;

/** A row of `GET departments/staff`: a person holding a post at the node or below. */
export const staffRow = z.object({
  employee_id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  phone: z.string(),
  status: z.string(),
  department: named,
  post: named,
  is_main: z.boolean(),
  start_date: z.string(),
});
export type StaffRow = z.infer<typeof staffRow>;
