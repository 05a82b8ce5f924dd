/**
 * Rotation (`/api/auth/rotation/*`, page `/staff/rotation`): a plan that takes a trainee through ordered
 * stages (store, department, post, dates, mentor). Each stage takes effect on its first day and ends after
 * its last through the daily job: a part-time post beside the person's main one, or, when the plan replaces
 * the main post, the main post itself moves to each stage in turn (and stays at the last one).
 * Statuses, limits, labels and messages as plain constants, free of zod; the schemas are in ./contract.
 */

/** `active` while stages remain, `completed` after the last ended, `cancelled` when stopped. */
export const ROTATION_PLAN_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type RotationPlanStatus = (typeof ROTATION_PLAN_STATUSES)[number];

/** `upcoming` (may still be edited), `current`, `done`; `cancelled` with its plan before it began. */
export const ROTATION_STAGE_STATUSES = ['upcoming', 'current', 'done', 'cancelled'] as const;
export type RotationStageStatus = (typeof ROTATION_STAGE_STATUSES)[number];

export const ROTATION_STAGES_MAX = 12;
export const ROTATION_TITLE_MAX = 50;
export const ROTATION_NOTE_MAX = 500;
export const ROTATION_COMMENT_MAX = 500;
export const ROTATION_SCORE_MAX = 100;
/** How far back a first stage may begin: a plan recorded late, not history rewritten. */
export const ROTATION_BACKDATE_DAYS_MAX = 30;

export const rotationLabels = {
  plan: '轮岗计划',
  stage: '轮岗阶段',
  employee: '轮岗人员',
  title: '计划名称',
  replacesMain: '轮岗岗位替代主岗',
  note: '备注',
  stages: '轮岗阶段',
  department: '轮岗部门',
  post: '轮岗岗位',
  startDate: '开始日期',
  endDate: '结束日期',
  mentor: '带教导师',
  score: '评分',
  comment: '评语',
  cancelReason: '取消原因',
  keyword: '关键字',
  store: '门店',
  status: '状态',
} as const;

export const rotationMessages = {
  notFound: '轮岗计划不存在',
  stageNotFound: '轮岗阶段不存在',
  notOnStaff: '该员工不在职，不能安排轮岗',
  inProgress: '该员工已有进行中的轮岗计划',
  noMainPost: '该员工没有在岗的主岗位',
  dispatchInProgress: '该员工有进行中或待开始的外派，轮岗替代主岗须待外派结束',
  stagesRequired: '请至少添加一个轮岗阶段',
  stagesTooMany: `轮岗阶段最多 ${ROTATION_STAGES_MAX} 个`,
  departmentInactive: '轮岗部门不存在或已停用',
  outsideScope: '轮岗部门不在你的数据权限范围内',
  postInactive: '轮岗岗位不存在或已停用',
  endBeforeStart: '结束日期不能早于开始日期',
  overlap: '各阶段须按时间先后排列且不能重叠',
  startTooEarly: `开始日期最早为 ${ROTATION_BACKDATE_DAYS_MAX} 天前`,
  startBeforeHome: (start: string) => `开始日期须晚于主岗位的开始日期（${start}）`,
  pastStageChanged: '已开始或已结束的阶段不能修改',
  newStageInPast: '新增或修改的阶段须从明天或以后开始',
  mentorInvalid: '带教导师须是在职员工，且不能是本人',
  notActive: '该轮岗计划已结束或已取消',
  notEvaluable: '只有进行中或已结束的阶段可以评价',
  scoreInvalid: `评分须为 0 到 ${ROTATION_SCORE_MAX} 的整数`,
  exclusion: (detail: string) => `互斥规则不允许：${detail}`,
} as const;

/** The Chinese names of the statuses (the web names them in every language). */
export const rotationPlanStatusNames: Record<RotationPlanStatus, string> = {
  active: '进行中',
  completed: '已完成',
  cancelled: '已取消',
};
