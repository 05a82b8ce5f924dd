/**
 * The prohibited list (blacklist): people the group does not rehire. Its statuses, sources, limits, labels and
 * messages as plain constants, free of zod, so the web imports them directly; the zod schemas built on them
 * are in ./contract.
 */

/** `dismissing` while a dismissal waits for its approval; a dismissed entry no longer blocks onboarding. */
export const PROHIBITED_STATUSES = ['active', 'dismissing', 'dismissed'] as const;
export type ProhibitedStatus = (typeof PROHIBITED_STATUSES)[number];

/** How an entry came onto the list: by hand, by a resignation that asked for it, or by an imported file. */
export const PROHIBITED_SOURCES = ['manual', 'resignation', 'import'] as const;
export type ProhibitedSource = (typeof PROHIBITED_SOURCES)[number];
/** The sources' Chinese names, as the list shows them (the approval of a dismissal tells them too). */
export const prohibitedSourceNames: Record<ProhibitedSource, string> = {
  manual: '手动添加',
  resignation: '离职加入',
  import: '批量导入',
};

/** The lines of an entry's history. */
export const PROHIBITED_ACTIONS = [
  'add',
  'change',
  'dismiss_requested',
  'dismiss_rejected',
  'dismiss_withdrawn',
  'dismiss',
] as const;
export type ProhibitedAction = (typeof PROHIBITED_ACTIONS)[number];

export const prohibitedMessages = {
  alreadyListed: '该证件号码已在禁用名单中',
  notFound: '禁用名单记录不存在',
  notActive: '该记录不在禁用状态，不能解除',
  dismissPending: '该记录的解除申请正在审批中',
  /** What onboarding answers for a listed person (the reason follows). */
  refused: '该人员在禁用名单中，不能办理入职',
} as const;

export const PROHIBITED_REASON_MAX = 200;

export const prohibitedLabels = {
  entry: '禁用名单记录',
  keyword: '关键字',
  source: '来源',
  status: '状态',
} as const;
