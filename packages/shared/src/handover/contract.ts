// The handover routes' request and answer schemas (`/api/auth/resign/customer/*`, `resign/groupchat/*`,
// `resign/inherit`, `resign/transfer/detail`). The server validates and documents with them; the web imports
// only their types.
import { z } from 'zod';
import { selectMessage } from '../rules';
import { zRequiredSelect } from '../validation';
import {
  HANDOVER_KINDS,
  HANDOVER_LIMIT,
  HANDOVER_LIMIT_MAX,
  HANDOVER_PAGE,
  HANDOVER_SELECT_MAX,
  HANDOVER_STATES,
  handoverLabels,
  handoverMessages,
} from './rules';

const positive = (label: string, fallback: number, max?: number) => {
  const base = z.coerce
    .number({ error: `${label}须为正整数` })
    .int(`${label}须为正整数`)
    .min(1, `${label}须为正整数`);
  return (max === undefined ? base : base.max(max, `${label}最大为 ${max}`)).optional().default(fallback);
};

/**
 * `POST resign/customer/list` and `resign/groupchat/list` (spec section 7): a page of the leaver's customers or
 * group chats. `userId` is the leaver's work-messaging userid, as the dialog's record carries it.
 */
export const handoverListBody = z.object({
  page: positive(handoverLabels.page, HANDOVER_PAGE),
  limit: positive(handoverLabels.limit, HANDOVER_LIMIT, HANDOVER_LIMIT_MAX),
  userId: z
    .string({ error: `${handoverLabels.userId}不能为空` })
    .trim()
    .min(1, `${handoverLabels.userId}不能为空`),
  resign_id: zRequiredSelect(handoverLabels.resignation),
});
export type HandoverListInput = z.input<typeof handoverListBody>;
export type HandoverListBody = z.infer<typeof handoverListBody>;

/** One customer or group chat of the leaver, with where its handover stands. */
export const handoverItem = z.object({
  id: z.number().int(),
  kind: z.enum(HANDOVER_KINDS),
  /** The platform's id: external_userid or chat_id. */
  external_id: z.string(),
  name: z.string(),
  member_count: z.number().int().nullable(),
  state: z.enum(HANDOVER_STATES),
  inheritor_id: z.number().int().nullable(),
  inheritor_name: z.string().nullable(),
  /** When the platform takes a waiting customer over by itself. */
  takeover_at: z.string().nullable(),
  errcode: z.number().int().nullable(),
  /** The platform's refusal, in Chinese. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  updated_at: z.string(),
});
export type HandoverItem = z.infer<typeof handoverItem>;

/** `customer/transfer/operate` and `groupchat/transfer/operate`: hand the chosen items to a colleague. */
export const handoverOperateBody = z.object({
  resign_id: zRequiredSelect(handoverLabels.resignation),
  ids: z
    .array(z.number().int().positive(), { error: handoverMessages.nothingChosen })
    .min(1, handoverMessages.nothingChosen)
    .max(HANDOVER_SELECT_MAX, `一次最多交接 ${HANDOVER_SELECT_MAX} 个`),
  inheritor_id: zRequiredSelect(handoverLabels.inheritor),
});
export type HandoverOperateInput = z.input<typeof handoverOperateBody>;
export type HandoverOperateBody = z.infer<typeof handoverOperateBody>;

/** Where a handover stands: per kind, how many items are in each state. */
export const handoverProgress = z.object({
  /** Everything handed over or settled (done, or declined by the customer). */
  settled: z.boolean(),
  /** The platform's lists have been read for this resignation. */
  listed: z.boolean(),
  done: z.number().int(),
  total: z.number().int(),
  customer: z.record(z.enum(HANDOVER_STATES), z.number().int()),
  group_chat: z.record(z.enum(HANDOVER_STATES), z.number().int()),
});
export type HandoverProgress = z.infer<typeof handoverProgress>;

export const handoverOperateAnswer = z.object({
  queued: z.number().int(),
  progress: handoverProgress,
});
export type HandoverOperateAnswer = z.infer<typeof handoverOperateAnswer>;

/** `resign/transfer/detail`: the progress and a page of items handed over (any state but `pending`). */
export const handoverDetail = z.object({
  progress: handoverProgress,
  data: z.array(handoverItem),
  total: z.number().int(),
});
export type HandoverDetail = z.infer<typeof handoverDetail>;

/** `resign/inherit`: a colleague who can take the leaver's customers over. */
export const handoverInheritor = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  store_name: z.string().nullable(),
  department_name: z.string(),
  post_name: z.string(),
  /** The store's setting proposes them (its sales manager, or the chosen colleague). */
  proposed: z.boolean(),
});
export type HandoverInheritor = z.infer<typeof handoverInheritor>;

export const handoverKindField = z.enum(HANDOVER_KINDS, { error: selectMessage(handoverLabels.kind) });
export const handoverStateField = z.enum(HANDOVER_STATES, { error: selectMessage(handoverLabels.state) });
