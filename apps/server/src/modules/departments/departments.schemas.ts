import { CREATABLE_KINDS } from '@dealer-hr/shared/departments';
import { maxLengthMessage } from '@dealer-hr/shared/rules';
import { zId, zRequiredString } from '@dealer-hr/shared/validation';
import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

export const myTreeQuery = z.object({
  /** docs/api.md "Data scope": `partTime` (default 0); 1 adds the departments of part-time posts. */
  partTime: z.enum(['0', '1']).default('0'),
});

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

export const departmentLabels = {
  department: '部门',
  parent: '上级部门',
  name: '部门名称',
  code: '部门编码',
  kind: '部门类型',
  leader: '负责人',
  sort: '排序',
  status: '状态',
} as const;

export const NAME_MAX = 50;
export const CODE_MAX = 50;
export const SORT_MAX = 9999;

export const departmentMessages = {
  sortInvalid: `排序必须是 0 到 ${SORT_MAX} 之间的整数`,
  codeFormat: '部门编码只能包含字母、数字、下划线和短横线',
  kindInvalid: '部门类型只能是集团、区域、部门或小组',
  statusInvalid: '状态只能是 active（启用）或 disabled（停用）',
  codeTaken: '部门编码已存在',
  cycle: '不能将部门移动到其自身或其下级部门之下',
  rootNeedsGroupScope: '只有全集团数据范围的用户才能创建或移动顶级部门',
  parentOutsideScope: '上级部门不在您的数据范围内',
  leaderUnknown: '负责人不存在或已离职',
  storeNode: (store: string) => `该节点是门店「${store}」的组织节点，请在门店管理中处理`,
  storeNeedsRegion: '门店节点必须位于某个区域之下',
  hasDependants: (children: number, staff: number) =>
    `该部门有 ${children} 个下级部门、${staff} 名在职员工，不能删除`,
  hasHistory: '该部门仍被历史任职或其他记录引用，不能删除，可改为停用',
} as const;

export const departmentStatuses = ['active', 'disabled'] as const;

/** An optional id: absent, null or '' mean "none". */
const zOptionalId = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    zId(label).nullable().optional(),
  ) as z.ZodType<number | null | undefined, unknown>;

const zCode = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: departmentMessages.codeFormat })
    .trim()
    .max(CODE_MAX, { error: maxLengthMessage(departmentLabels.code, CODE_MAX) })
    .regex(/^[A-Za-z0-9_-]+$/, { error: departmentMessages.codeFormat })
    .nullable()
    .optional(),
) as z.ZodType<string | null | undefined, unknown>;

const zSort = z
  .number({ error: departmentMessages.sortInvalid })
  .int({ error: departmentMessages.sortInvalid })
  .min(0, { error: departmentMessages.sortInvalid })
  .max(SORT_MAX, { error: departmentMessages.sortInvalid });

const zName = zRequiredString(departmentLabels.name, { max: NAME_MAX });

export const idQuery = z.object({ id: zId(departmentLabels.department) });
export type IdQuery = z.infer<typeof idQuery>;
export const idBody = idQuery;

export const childrenQuery = z.object({
  /** Absent: the roots of the caller's scope. */
  parent_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    zId(departmentLabels.parent).optional(),
  ) as z.ZodType<number | undefined, unknown>,
});

export const staffQuery = z.object({ id: zId(departmentLabels.department), ...pagingQuery });
export type StaffQuery = z.infer<typeof staffQuery>;

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
