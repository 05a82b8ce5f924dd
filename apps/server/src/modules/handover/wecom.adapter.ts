import { PLATFORM_BATCH } from '@dealer-hr/shared/handover/rules';
import { z } from 'zod';
import {
  PlatformError,
  type CustomerResult,
  type CustomerSubmission,
  type GroupChatFailure,
  type HandoverVariant,
  type PlatformCustomer,
  type PlatformGroupChat,
  type WorkMessaging,
} from './work-messaging';

export interface WecomWorkMessagingSettings {
  /** e.g. `https://qyapi.weixin.qq.com` (no trailing slash needed). */
  apiBase: string;
  corpId: string;
  /** The customer-contact app's secret. */
  secret: string;
  /** How long one request may take before it counts as a busy platform (default 10 s). */
  timeoutMs?: number;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** WeCom takes a handed-over customer over by itself 24 hours after the transfer. */
const TAKEOVER_DELAY_MS = 24 * 3_600_000;
/** Renew the token this long before WeCom says it expires, so a request never carries a dying one. */
const RENEW_MARGIN_SECONDS = 300;
/** WeCom refused the token (40014 unknown, 42001 expired): fetch another once and repeat the call. */
const TOKEN_REFUSED_CODES = new Set([40014, 42001]);
/** What a request that never got a proper answer counts as: WeCom's "system busy", retried later. */
const NO_ANSWER = -1;
const CUSTOMERS_PER_PAGE = 100;
const UNASSIGNED_PER_PAGE = 1000;
const CHATS_PER_PAGE = 1000;
/** groupchat/get is one call per chat: a few at a time, to stay clear of the platform's frequency limit. */
const CHAT_DETAILS_AT_ONCE = 4;
/** groupchat/list's status: 1 the owner has left (待继承), 2 being inherited. 0 normal, 3 inherited. */
const OWNER_LEFT_CHAT_STATUSES = new Set([1, 2]);

const API = '/cgi-bin/externalcontact';
const paths = {
  unassigned: `${API}/get_unassigned_list`,
  customersByUser: `${API}/batch/get_by_user`,
  chatList: `${API}/groupchat/list`,
  chatDetail: `${API}/groupchat/get`,
  transferCustomers: { resigned: `${API}/resigned/transfer_customer`, onjob: `${API}/transfer_customer` },
  transferResult: { resigned: `${API}/resigned/transfer_result`, onjob: `${API}/transfer_result` },
  transferChats: { resigned: `${API}/groupchat/transfer`, onjob: `${API}/groupchat/onjob_transfer` },
} as const;

const envelope = z.object({ errcode: z.number().int(), errmsg: z.string().optional() });
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const nextCursor = z.string().optional();
const unassignedAnswer = z.object({
  info: z.array(z.object({ handover_userid: z.string(), external_userid: z.string().min(1) })).default([]),
  is_last: z.boolean().optional(),
  next_cursor: nextCursor,
});
const customersByUserAnswer = z.object({
  external_contact_list: z
    .array(
      z.object({
        external_contact: z.object({ external_userid: z.string().min(1), name: z.string().optional() }),
        follow_info: z.object({ userid: z.string() }),
      }),
    )
    .default([]),
  next_cursor: nextCursor,
});
const chatListAnswer = z.object({
  group_chat_list: z.array(z.object({ chat_id: z.string().min(1), status: z.number().int() })).default([]),
  next_cursor: nextCursor,
});
const chatDetailAnswer = z.object({
  group_chat: z.object({
    chat_id: z.string(),
    name: z.string().optional(),
    member_list: z.array(z.unknown()).optional(),
  }),
});
const transferCustomersAnswer = z.object({
  customer: z.array(z.object({ external_userid: z.string(), errcode: z.number().int() })),
});
const transferResultAnswer = z.object({
  customer: z
    .array(
      z.object({
        external_userid: z.string(),
        status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
        takeover_time: z.number().int().optional(),
      }),
    )
    .default([]),
  next_cursor: nextCursor,
});
const transferChatsAnswer = z.object({
  failed_chat_list: z
    .array(z.object({ chat_id: z.string(), errcode: z.number().int(), errmsg: z.string().optional() }))
    .default([]),
});

interface CachedToken {
  value: string;
  renewAt: number;
}

interface Page<T> {
  items: T[];
  nextCursor: string;
}

const chunksOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

const cursorField = (cursor: string) => (cursor ? { cursor } : {});

/** Every page of a cursor listing; a cursor that comes back again would never end, so it is an error. */
async function allPages<T>(path: string, pageAt: (cursor: string) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  for (let cursor = ''; ;) {
    const page = await pageAt(cursor);
    items.push(...page.items);
    if (!page.nextCursor) return items;
    if (seen.has(page.nextCursor)) throw new PlatformError(NO_ANSWER, `${path}: the cursor repeats`);
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** `work` on every item, at most `atOnce` running, answers in the items' order. */
async function mapAtMost<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>) {
  const answers = new Array<R>(items.length);
  // The workers share one iterator: each takes the next item when it is free.
  const queue = items.entries();
  const worker = async () => {
    for (const [index, item] of queue) answers[index] = await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return answers;
}

function uniqueCustomers(customers: PlatformCustomer[]): PlatformCustomer[] {
  const byId = new Map<string, PlatformCustomer>();
  for (const customer of customers)
    if (!byId.has(customer.externalUserId)) byId.set(customer.externalUserId, customer);
  return [...byId.values()];
}

/** What went wrong with a request, without its URL (whose query holds the token or the secret). */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return 'request failed';
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === 'string' ? `${error.name}: ${cause.code}` : error.name;
}

/**
 * WeCom's customer-contact API (客户联系) for the handover. The app token is shared by every call, fetched one
 * at a time when the cached one nears its end, and fetched again once when WeCom refuses it (40014 / 42001).
 * A whole call WeCom refuses throws PlatformError with its code; no answer, or not WeCom's, throws it with -1.
 * The caller retries busy codes (45009, 45033, -1): this client never does.
 */
export class WecomWorkMessaging implements WorkMessaging {
  readonly kind = 'wecom';
  readonly takeoverDelayMs = TAKEOVER_DELAY_MS;
  readonly #settings: Required<WecomWorkMessagingSettings>;
  #cached: CachedToken | null = null;
  #fetching: Promise<string> | null = null;

  constructor(settings: WecomWorkMessagingSettings) {
    this.#settings = {
      ...settings,
      apiBase: settings.apiBase.replace(/\/+$/, ''),
      timeoutMs: settings.timeoutMs ?? REQUEST_TIMEOUT_MS,
    };
  }

  /** The on-job customers (batch/get_by_user, with names), then the ones left unassigned by a leaver. */
  async customersOf(userId: string): Promise<PlatformCustomer[]> {
    const [followed, unassigned] = await Promise.all([
      this.#followedCustomers(userId),
      this.#unassignedCustomers(userId),
    ]);
    return uniqueCustomers([...followed, ...unassigned]);
  }

  #followedCustomers(userId: string): Promise<PlatformCustomer[]> {
    return allPages(paths.customersByUser, async (cursor) => {
      const body = { userid_list: [userId], limit: CUSTOMERS_PER_PAGE, ...cursorField(cursor) };
      const answer = await this.#call(paths.customersByUser, body, customersByUserAnswer);
      const items = answer.external_contact_list
        .filter((entry) => entry.follow_info.userid === userId)
        .map(({ external_contact: contact }) => ({
          externalUserId: contact.external_userid,
          name: contact.name || contact.external_userid,
          variant: 'onjob' as const,
        }));
      return { items, nextCursor: answer.next_cursor ?? '' };
    });
  }

  /** get_unassigned_list covers the whole corp and gives no names: the id stands in for one. */
  #unassignedCustomers(userId: string): Promise<PlatformCustomer[]> {
    return allPages(paths.unassigned, async (cursor) => {
      const body = { page_size: UNASSIGNED_PER_PAGE, ...cursorField(cursor) };
      const answer = await this.#call(paths.unassigned, body, unassignedAnswer);
      const items = answer.info
        .filter((entry) => entry.handover_userid === userId)
        .map((entry) => ({
          externalUserId: entry.external_userid,
          name: entry.external_userid,
          variant: 'resigned' as const,
        }));
      return { items, nextCursor: answer.is_last ? '' : (answer.next_cursor ?? '') };
    });
  }

  /** The variant follows the chat's status: a chat whose owner has left (1, 2) takes the resigned transfer. */
  async groupChatsOf(userId: string): Promise<PlatformGroupChat[]> {
    const listed = await allPages(paths.chatList, async (cursor) => {
      const body = {
        status_filter: 0,
        owner_filter: { userid_list: [userId] },
        limit: CHATS_PER_PAGE,
        ...cursorField(cursor),
      };
      const answer = await this.#call(paths.chatList, body, chatListAnswer);
      return { items: answer.group_chat_list, nextCursor: answer.next_cursor ?? '' };
    });
    return mapAtMost(listed, CHAT_DETAILS_AT_ONCE, async ({ chat_id: chatId, status }) => {
      const { group_chat: chat } = await this.#call(paths.chatDetail, { chat_id: chatId }, chatDetailAnswer);
      return {
        chatId,
        name: chat.name || chatId,
        memberCount: chat.member_list?.length ?? null,
        variant: OWNER_LEFT_CHAT_STATUSES.has(status) ? 'resigned' : 'onjob',
      };
    });
  }

  async transferCustomers(input: {
    variant: HandoverVariant;
    handoverUserId: string;
    takeoverUserId: string;
    externalUserIds: readonly string[];
    message?: string;
  }): Promise<CustomerSubmission[]> {
    const path = paths.transferCustomers[input.variant];
    const message = input.variant === 'onjob' && input.message ? { transfer_success_msg: input.message } : {};
    const submissions: CustomerSubmission[] = [];
    for (const chunk of chunksOf(input.externalUserIds, PLATFORM_BATCH)) {
      const body = {
        handover_userid: input.handoverUserId,
        takeover_userid: input.takeoverUserId,
        external_userid: chunk,
        ...message,
      };
      const answer = await this.#call(path, body, transferCustomersAnswer);
      for (const each of answer.customer) {
        submissions.push({ externalUserId: each.external_userid, errcode: each.errcode });
      }
    }
    return submissions;
  }

  customerResults(input: {
    variant: HandoverVariant;
    handoverUserId: string;
    takeoverUserId: string;
  }): Promise<CustomerResult[]> {
    const path = paths.transferResult[input.variant];
    return allPages(path, async (cursor) => {
      const body = {
        handover_userid: input.handoverUserId,
        takeover_userid: input.takeoverUserId,
        ...cursorField(cursor),
      };
      const answer = await this.#call(path, body, transferResultAnswer);
      const items = answer.customer.map((each) => ({
        externalUserId: each.external_userid,
        status: each.status,
        takeoverTime: each.status === 2 && each.takeover_time ? each.takeover_time : null,
      }));
      return { items, nextCursor: answer.next_cursor ?? '' };
    });
  }

  async transferGroupChats(input: {
    variant: HandoverVariant;
    chatIds: readonly string[];
    newOwner: string;
  }): Promise<GroupChatFailure[]> {
    const path = paths.transferChats[input.variant];
    const failures: GroupChatFailure[] = [];
    for (const chunk of chunksOf(input.chatIds, PLATFORM_BATCH)) {
      const answer = await this.#call(
        path,
        { chat_id_list: chunk, new_owner: input.newOwner },
        transferChatsAnswer,
      );
      for (const each of answer.failed_chat_list) {
        failures.push({ chatId: each.chat_id, errcode: each.errcode, errmsg: each.errmsg ?? '' });
      }
    }
    return failures;
  }

  // -------------------------------------------------------------------------------------------------------
  // HTTP

  /** One API call with the app token; a refused token is replaced once and the call repeated. */
  async #call<T extends z.ZodType>(path: string, body: object, schema: T): Promise<z.infer<T>> {
    let token = await this.#token();
    let answer = await this.#post(path, token, body);
    if (TOKEN_REFUSED_CODES.has(answer.errcode)) {
      this.#forget(token);
      token = await this.#token();
      answer = await this.#post(path, token, body);
    }
    if (answer.errcode !== 0)
      throw new PlatformError(answer.errcode, this.#redact(answer.errmsg ?? '', [token]));
    return shaped(answer.json, schema, path);
  }

  #post(path: string, token: string, body: object) {
    return this.#request(
      path,
      { access_token: token },
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
  }

  /** WeCom's answer as JSON with its errcode; anything else is a PlatformError(-1) naming the path only. */
  async #request(path: string, query: Record<string, string>, init: RequestInit) {
    const url = `${this.#settings.apiBase}${path}?${new URLSearchParams(query)}`;
    const { timeoutMs } = this.#settings;
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new PlatformError(NO_ANSWER, `${path}: ${describeFailure(error, timeoutMs)}`);
    }
    if (status !== 200) throw new PlatformError(NO_ANSWER, `${path}: HTTP ${status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PlatformError(NO_ANSWER, `${path}: the answer is not JSON`);
    }
    return { ...shaped(json, envelope, path), json };
  }

  /** One fetch at a time: calls that need a token while it is renewed wait for the same answer. */
  #token(): Promise<string> {
    if (this.#cached && Date.now() < this.#cached.renewAt) return Promise.resolve(this.#cached.value);
    this.#fetching ??= this.#fetchToken().finally(() => {
      this.#fetching = null;
    });
    return this.#fetching;
  }

  async #fetchToken(): Promise<string> {
    const path = '/cgi-bin/gettoken';
    const { corpId, secret } = this.#settings;
    const answer = await this.#request(path, { corpid: corpId, corpsecret: secret }, { method: 'GET' });
    // 40001 (wrong secret) and 40013 (wrong corp id) land here: the configuration's fault.
    if (answer.errcode !== 0) throw new PlatformError(answer.errcode, this.#redact(answer.errmsg ?? '', []));
    const token = shaped(answer.json, tokenAnswer, path);
    const margin = Math.min(RENEW_MARGIN_SECONDS, token.expires_in / 2);
    this.#cached = { value: token.access_token, renewAt: Date.now() + (token.expires_in - margin) * 1000 };
    return token.access_token;
  }

  /** Drops a token WeCom refused, unless another call has already replaced it. */
  #forget(token: string) {
    if (this.#cached?.value === token) this.#cached = null;
  }

  /** The platform's message with the secret and the token masked, should it ever echo them. */
  #redact(text: string, tokens: string[]): string {
    const hidden = [this.#settings.secret, ...tokens].filter((each) => each !== '');
    return hidden.reduce((masked, each) => masked.replaceAll(each, '***'), text);
  }
}

function shaped<T extends z.ZodType>(json: unknown, schema: T, path: string): z.infer<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new PlatformError(NO_ANSWER, `${path}: unexpected answer shape`);
  return parsed.data;
}
