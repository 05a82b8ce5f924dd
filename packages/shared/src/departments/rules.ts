// The departments domain's limits, labels and messages (organisation page "部门管理"): plain constants, free
// of zod, so the web imports them directly; the zod schemas built on them are in ./contract, the tree's
// levels in ./levels.

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

/** A department code: letters, digits, `_` and `-`. */
export const DEPARTMENT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

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
export type DepartmentStatus = (typeof departmentStatuses)[number];
