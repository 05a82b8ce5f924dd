/**
 * Exports run as background jobs (`/api/auth/down/timing/excel`, page `/system/exports`): what can be
 * exported, the states a user sees, limits and messages, free of zod so that the web imports them directly;
 * the zod schemas built on them are in ./contract.
 */

/** Every list the product exports. Each later business area adds its own. */
export const EXPORT_KINDS = [
  'staff',
  'onboarding',
  'prohibited',
  'headcount',
  'training',
  'transfer',
  'resignation',
  'attendance',
  // The statistics pages, one file per figure (issue: statistics and the workbench).
  'statistics_turnover',
  'statistics_vacancy',
  'statistics_resign',
  'statistics_transfer',
  'statistics_prohibited',
  'statistics_polyline',
  'statistics_year',
  'statistics_distribution',
  'statistics_post_tree',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A job's states as an export shows them; `expired`: done, but its file is no longer kept. */
export const EXPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** States in which an export may still end with a file. */
export const ACTIVE_EXPORT_STATUSES: readonly ExportStatus[] = ['queued', 'running'];

/** The Chinese file name of each export; the web names the download with it. */
export const exportFileNames: Record<ExportKind, string> = {
  staff: '员工花名册.xlsx',
  onboarding: '入职管理.xlsx',
  prohibited: '禁用名单.xlsx',
  headcount: '编制计划.xlsx',
  training: '培训课程.xlsx',
  transfer: '调岗记录.xlsx',
  resignation: '离职记录.xlsx',
  attendance: '考勤月报.xlsx',
  statistics_turnover: '离职率分析.xlsx',
  statistics_vacancy: '缺编分析.xlsx',
  statistics_resign: '离职分析.xlsx',
  statistics_transfer: '调岗分析.xlsx',
  statistics_prohibited: '禁用名单统计.xlsx',
  statistics_polyline: '人力趋势.xlsx',
  statistics_year: '年度入离职.xlsx',
  statistics_distribution: '人员结构分布.xlsx',
  statistics_post_tree: '岗位编制树.xlsx',
};

/** Exports one user may have queued or running at once: a runaway button is not a denial of service. */
export const ACTIVE_EXPORTS_MAX = 5;
/** The longest filter string an export keeps (the list's query string). */
export const EXPORT_QUERY_MAX = 2000;

export const exportLabels = {
  export: '导出任务',
  kind: '导出内容',
  query: '筛选条件',
  status: '状态',
} as const;

export const exportMessages = {
  notFound: '导出任务不存在',
  notReady: '文件尚未生成完毕',
  expired: '文件已过期，请重新导出',
  notActive: '任务已结束，不能取消',
  stillActive: '任务进行中，请先取消再删除',
  failed: '导出失败，请重新导出',
  tooMany: `同时进行的导出任务不能超过 ${ACTIVE_EXPORTS_MAX} 个，请等待完成后再试`,
  /** The message a user receives when a file is ready (its title; the file name follows in the text). */
  readyTitle: '导出完成',
} as const;
