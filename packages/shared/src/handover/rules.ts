/**
 * The handover of a leaver's customers and customer group chats (`/api/auth/resign/customer/*`,
 * `resign/groupchat/*`, `resign/inherit`, `resign/transfer/detail`; the handover dialog of `/staff/resignation`).
 * Each customer and each chat is an item with a state of its own, moved by the work-messaging platform's
 * answers, never by "the request was sent". Plain constants, free of zod; the schemas are in ./contract.
 */

export const HANDOVER_KINDS = ['customer', 'group_chat'] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

/**
 * - `pending`: listed from the platform, not handed over yet;
 * - `queued`: chosen for an inheritor, waiting to be sent (or for a retry after a busy platform);
 * - `submitted`: sent, the platform's answer not read yet;
 * - `waiting`: the platform accepted it; the customer is taken over automatically at `takeover_at` (24 h);
 * - `done`: the inheritor owns it;
 * - `refused`: the customer declined the new consultant;
 * - `limit`: the inheritor has as many customers as the platform allows;
 * - `failed`: refused by the platform with a code (its Chinese text kept).
 */
export const HANDOVER_STATES = [
  'pending',
  'queued',
  'submitted',
  'waiting',
  'done',
  'refused',
  'limit',
  'failed',
] as const;
export type HandoverState = (typeof HANDOVER_STATES)[number];

/** Still moving: the platform or the job has it. */
export const MOVING_HANDOVER_STATES = ['queued', 'submitted', 'waiting'] as const;
/** Ended without the inheritor owning it: can be handed again (to the same or another colleague). */
export const RETRYABLE_HANDOVER_STATES = ['refused', 'limit', 'failed'] as const;
/**
 * A handover is settled when every item is `done` or `refused`: a customer who declined has decided, and HR
 * may still offer them another colleague; anything else needs an action or is still under way.
 */
export const SETTLED_HANDOVER_STATES = ['done', 'refused'] as const;

/** The dialog's lists (spec sections 2 and 9): page 1, 10 rows. */
export const HANDOVER_PAGE = 1;
export const HANDOVER_LIMIT = 10;
export const HANDOVER_LIMIT_MAX = 100;
/** How many items one hand-over request may carry (the platform takes at most 100 per call). */
export const HANDOVER_SELECT_MAX = 1000;
/** The platform's limits: ids per call, group chats a day per (old owner, new owner). */
export const PLATFORM_BATCH = 100;
export const GROUP_CHATS_PER_DAY = 300;
/** Sends of one item before a busy platform (45009, 45033, -1) counts as a failure. */
export const HANDOVER_MAX_ATTEMPTS = 5;

/** WeCom answers these for a busy platform: the item is sent again later, each wait twice the last. */
export const RETRY_LATER_CODES = [45009, 45033, -1] as const;
/** The item is already being taken over: poll its result. */
export const IN_PROGRESS_CODES = [40100, 40129, 90507] as const;
/** The chat was already inherited: done. */
export const ALREADY_DONE_CODES = [90508] as const;
/**
 * The other variant was needed: 40097 the member has not left on the platform (use the on-job transfer), 90500
 * the chat's owner has not left (likewise), 90502 the owner has left (use the resigned transfer).
 */
export const OTHER_VARIANT_CODES = [40097, 90500, 90502] as const;

/** The platform's codes a person may see on an item, in Chinese (WeCom's global error codes). */
export const platformErrorTexts: Record<number, string> = {
  [-1]: '企业微信系统繁忙，稍后重试',
  40014: '不合法的 access_token',
  40096: '不合法的外部联系人 userid',
  40097: '该成员尚未离职',
  40098: '接替成员尚未实名认证',
  40099: '外部联系人的数量已达到上限',
  40100: '此用户的外部联系人已经在转移流程中',
  40128: '客户转接过于频繁（90 天内只能转接一次，同一客户最多转接两次）',
  40129: '当前客户正在转接中',
  40130: '原跟进人与接手人一样，不可继承',
  40131: '原跟进人不是该客户的跟进人',
  41054: '该成员状态不正确，需为已激活的成员',
  42001: 'access_token 已过期',
  45009: '接口调用超过限制',
  45033: '接口并发调用超过限制',
  84061: '不存在外部联系人的关系',
  90500: '群主并未离职',
  90501: '该群不是客户群',
  90502: '群主已经离职',
  90503: '接替成员的客户群数量已达上限',
  90504: '群主没有变化',
  90507: '离职群正在继承处理中',
  90508: '离职群已经继承',
};

/** The Chinese text of a platform code, or the platform's own message. */
export const platformErrorText = (code: number, message?: string | null) =>
  platformErrorTexts[code] ?? (message ? `企业微信错误 ${code}：${message}` : `企业微信错误 ${code}`);

export const handoverStateNames: Record<HandoverState, string> = {
  pending: '未交接',
  queued: '排队中',
  submitted: '已提交',
  waiting: '等待接替',
  done: '已交接',
  refused: '客户拒绝',
  limit: '接替人已达上限',
  failed: '交接失败',
};

export const handoverLabels = {
  resignation: '离职记录',
  userId: '企业微信账号',
  items: '交接对象',
  inheritor: '接替人',
  page: '页码',
  limit: '每页条数',
  kind: '类型',
  state: '状态',
} as const;

export const handoverMessages = {
  userMismatch: '企业微信账号与离职人员不一致',
  noWorkUser: '该员工没有企业微信账号，无需交接',
  notOpen: '离职审批通过后才能交接客户与客户群',
  closed: '该离职已结束，不能再交接',
  nothingChosen: '请选择要交接的客户或客户群',
  itemsGone: '所选的客户或客户群不属于该离职人员，请刷新后重试',
  itemBusy: '所选的客户或客户群正在交接中，请等待结果',
  itemDone: '所选的客户或客户群已交接完成',
  inheritorInvalid: '接替人须是在职、在你的数据权限范围内且有企业微信账号的同事',
  inheritorIsLeaver: '接替人不能是离职人员本人',
  retryNotAllowed: '你没有重新交接的权限',
  transferNotAllowed: '你没有交接客户的权限',
  dailyCap: `同一原群主与新群主之间每天最多交接 ${GROUP_CHATS_PER_DAY} 个客户群，其余将于明天继续`,
  tooManyAttempts: '企业微信持续繁忙，已多次重试仍未成功',
  noTakeoverRecord: '无接替记录',
  platformUnavailable: '暂时无法连接企业微信，请稍后重试',
} as const;
