import { nonce, readBody, sendJson, serve, type StandIn } from './sso-stand-ins';

// A stand-in for WeCom's customer-contact API (客户联系), for the resignation handover: listing a member's
// customers and customer group chats and handing them to a colleague, over real HTTP and JSON. Like WeCom it
// answers HTTP 200 with `errcode` / `errmsg` for everything, errors included.
//
// What it decides where WeCom's documentation is silent:
// - Its clock stands still unless the test moves it (`advance`). Tokens live 7200 s on that clock; a customer
//   handed over is taken over automatically 24 h later on it (`takeover_time`), with the fixture's `result`.
// - A customer belongs to one member. While a transfer waits, the customer stays with the old member but is
//   no longer "unassigned" (get_unassigned_list leaves it out); a takeover that ends refused (3), at the
//   limit (4) or without a record (5) leaves the customer with the old member, unassigned again.
// - The wrong variant for a customer answers 40097 on both calls: the resigned call for a member still on
//   the job (该成员尚未离职), and the on-job call for a member who has left. For chats: 90500 on the resigned
//   call for an owner on the job, 90502 on the on-job call for an owner who has left.
// - Per item, in this order: an unknown id (customer 40096, chat 40050), the fixture's `transferErrcode`,
//   the wrong variant, not the member's (customer 40131), the same member (customer 40130, chat 90504), a
//   takeover member who has left (41054), a transfer already waiting (customer 40129).
// - Whole call: 43001 / 43002 wrong method, 41001 / 40014 / 42001 token missing / unknown / expired, 47001 a
//   body that is not a JSON object, 40058 a missing or wrong field (too many ids, a bad cursor), 60111 an
//   unknown userid, and a fixture's `busy` code.
// - A chat's status (groupchat/list): 1 its owner has left, 3 inherited through groupchat/transfer, else 0.
//   Chat transfers take effect at once. The platform's 300 chats a day cap is not modelled.

export type TransferStatus = 1 | 2 | 3 | 4 | 5;
type Variant = 'resigned' | 'onjob';

/** The whole transfer call answers `errcode` the first `times` calls that contain the item. */
export interface BusyFixture {
  /** 45009 too many calls, 45033 too many at once, -1 system busy. */
  errcode: number;
  times: number;
}

export interface CustomerFixture {
  externalUserId: string;
  /** Default `客户<externalUserId>`. */
  name?: string;
  /** 1 a WeChat user, 2 a WeCom user (default 1). */
  type?: 1 | 2;
  /** Answered for this customer by every transfer call (e.g. 40096, 40098, 40099, 40100, 40128…). */
  transferErrcode?: number;
  busy?: BusyFixture;
  /** What transfer_result reports from the takeover time on (default 1; before it: 2 with takeover_time). */
  result?: TransferStatus;
}

export interface ChatFixture {
  chatId: string;
  /** Default `客户群<chatId>`. */
  name?: string;
  /** Entries of groupchat/get's member_list, the owner first (default 1). */
  memberCount?: number;
  /** Answered for this chat by every transfer call (e.g. 90500, 90501, 90503, 90504, 90507, 90508…). */
  transferErrcode?: number;
  busy?: BusyFixture;
}

export interface MemberFixture {
  /** Has left the corp on the platform. */
  left: boolean;
  customers?: CustomerFixture[];
  chats?: ChatFixture[];
  /** dimission_time of get_unassigned_list (unix seconds; default a day before the clock's start). */
  dimissionTime?: number;
}

export interface WecomContactStandInOptions {
  corpId: string;
  secret: string;
  /** Members by userid, with the customers they follow and the chats they own. */
  members: Record<string, MemberFixture>;
  /** At most this many entries on a listing page (else the platform's limits): several pages, few items. */
  pageSize?: number;
  /** The clock's start, ms since the epoch (default: the real time at start). */
  startAt?: number;
}

/** One request: its path, its JSON body (the raw text when not JSON; null for GET) and its errcode. */
export interface ContactCall {
  path: string;
  body: unknown;
  errcode: number | null;
}

export interface WecomContactStandIn extends StandIn {
  /** The stand-in's clock, ms since the epoch. */
  now(): number;
  advance(ms: number): void;
  /** Every token handed out so far expires now: its next use answers 42001. */
  expireTokens(): void;
  /** Every token handed out so far becomes unknown: its next use answers 40014. */
  forgetTokens(): void;
  tokensIssued(): number;
  /** Requests so far, oldest first, optionally of one path (e.g. `/cgi-bin/externalcontact/transfer_result`). */
  calls(path?: string): ContactCall[];
  /** Who follows each customer and owns each chat now. */
  owners(): { customers: Record<string, string>; chats: Record<string, string> };
  /** The member leaves the corp now. */
  leave(userId: string): void;
  /** The next calls of `path` answer these JSON bodies, one each, whatever they ask. */
  answerNext(path: string, ...answers: unknown[]): void;
}

const HOUR_MS = 3_600_000;
const TAKEOVER_DELAY_MS = 24 * HOUR_MS;
const TOKEN_TTL_SECONDS = 7200;
const IDS_PER_CALL = 100;
const SUCCESS_MESSAGE_MAX = 200;

const GETTOKEN = '/cgi-bin/gettoken';
const API = '/cgi-bin/externalcontact';

const INVALID_PARAMETER = 40058;
const errmsgs: Record<number, string> = {
  [-1]: 'system busy',
  40001: 'invalid credential',
  40013: 'invalid corpid',
  40014: 'invalid access_token',
  40050: 'chatid not exist',
  40096: 'invalid external userid',
  40097: 'the member is not in the required state for this transfer',
  40129: 'the customer is being transferred',
  40130: 'handover and takeover are the same member',
  40131: 'the handover member does not follow the customer',
  41001: 'access_token missing',
  41002: 'corpid missing',
  41004: 'corpsecret missing',
  41054: 'the member is not an active member',
  42001: 'access_token expired',
  43001: 'require GET method',
  43002: 'require POST method',
  45009: 'api freq out of limit',
  45033: 'api concurrent out of limit',
  47001: 'data format error',
  60111: 'userid not found',
  90500: 'the owner has not resigned',
  90501: 'not a customer group chat',
  90502: 'the owner has resigned',
  90503: 'the new owner has too many group chats',
  90504: 'the owner did not change',
  90507: 'the group chat is being inherited',
  90508: 'the group chat has been inherited',
};
const errmsgOf = (errcode: number) => errmsgs[errcode] ?? `errcode ${errcode}`;

type Answer = { errcode: number; errmsg: string } & Record<string, unknown>;
type Body = Record<string, unknown>;

/** A refusal of the whole call, thrown from deep inside a handler. */
class Refusal extends Error {
  constructor(readonly errcode: number) {
    super(errmsgOf(errcode));
  }
}

const refuse = (errcode: number): never => {
  throw new Refusal(errcode);
};

const ok = (fields: Record<string, unknown>): Answer => ({ errcode: 0, errmsg: 'ok', ...fields });

// ---------------------------------------------------------------------------------------------------------
// Request bodies

function parseJson(text: string): { json: true; value: unknown } | { json: false } {
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false };
  }
}

const isBody = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requiredString(body: Body, name: string): string {
  const value = body[name];
  return typeof value === 'string' && value !== '' ? value : refuse(INVALID_PARAMETER);
}

function optionalString(body: Body, name: string): string | undefined {
  const value = body[name];
  return value === undefined || typeof value === 'string' ? value : refuse(INVALID_PARAMETER);
}

function integer(body: Body, name: string, range: { min: number; max: number; fallback?: number }): number {
  const value = body[name] ?? range.fallback;
  const valid =
    typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;
  return valid ? value : refuse(INVALID_PARAMETER);
}

function idList(value: unknown, max: number): string[] {
  const valid =
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= max &&
    value.every((id) => typeof id === 'string' && id !== '');
  return valid ? (value as string[]) : refuse(INVALID_PARAMETER);
}

const cursorAt = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : refuse(INVALID_PARAMETER);
}

function pageOf<T>(items: T[], cursor: string | undefined, size: number) {
  const start = offsetOf(cursor);
  const end = start + size;
  return { items: items.slice(start, end), nextCursor: end < items.length ? cursorAt(end) : '' };
}

// ---------------------------------------------------------------------------------------------------------
// The platform's state

interface Member {
  left: boolean;
  dimissionTime: number;
}

interface Busy {
  errcode: number;
  left: number;
}

interface Transfer {
  externalUserId: string;
  handover: string;
  takeover: string;
  /** Unix seconds. */
  takeoverTime: number;
  result: TransferStatus;
}

interface Customer {
  fixture: CustomerFixture;
  owner: string;
  busy: Busy | null;
  /** The transfer not settled yet. */
  waiting: Transfer | null;
}

interface Chat {
  fixture: ChatFixture;
  owner: string;
  busy: Busy | null;
  inherited: boolean;
}

const busyOf = (fixture: BusyFixture | undefined): Busy | null =>
  fixture ? { errcode: fixture.errcode, left: fixture.times } : null;

/** The whole call answers the first still-busy item's code; every busy item in it counts the call. */
function answerBusy(items: readonly ({ busy: Busy | null } | undefined)[]) {
  const busy = items.flatMap((item) => (item?.busy && item.busy.left > 0 ? [item.busy] : []));
  for (const each of busy) each.left -= 1;
  if (busy[0]) refuse(busy[0].errcode);
}

class ContactPlatform {
  readonly #members = new Map<string, Member>();
  readonly #customers = new Map<string, Customer>();
  readonly #chats = new Map<string, Chat>();
  /** The latest transfer of each customer, by variant, handover and takeover member. */
  readonly #results = new Map<string, Map<string, Transfer>>();
  readonly #tokens = new Map<string, { expiresAt: number }>();
  readonly #routes: Record<string, (body: Body) => Answer> = {
    [`${API}/get_unassigned_list`]: (body) => this.#unassigned(body),
    [`${API}/batch/get_by_user`]: (body) => this.#customersByUser(body),
    [`${API}/groupchat/list`]: (body) => this.#chatList(body),
    [`${API}/groupchat/get`]: (body) => this.#chatDetail(body),
    [`${API}/resigned/transfer_customer`]: (body) => this.#transferCustomers('resigned', body),
    [`${API}/transfer_customer`]: (body) => this.#transferCustomers('onjob', body),
    [`${API}/resigned/transfer_result`]: (body) => this.#transferResult('resigned', body),
    [`${API}/transfer_result`]: (body) => this.#transferResult('onjob', body),
    [`${API}/groupchat/transfer`]: (body) => this.#transferChats('resigned', body),
    [`${API}/groupchat/onjob_transfer`]: (body) => this.#transferChats('onjob', body),
  };
  #clock: number;
  #issued = 0;

  constructor(private readonly options: WecomContactStandInOptions) {
    this.#clock = options.startAt ?? Date.now();
    for (const [userId, fixture] of Object.entries(options.members)) this.#addMember(userId, fixture);
  }

  #addMember(userId: string, fixture: MemberFixture) {
    const dayBefore = this.#seconds() - 86_400;
    this.#members.set(userId, { left: fixture.left, dimissionTime: fixture.dimissionTime ?? dayBefore });
    for (const customer of fixture.customers ?? []) {
      if (this.#customers.has(customer.externalUserId)) {
        throw new Error(`customer ${customer.externalUserId} listed twice`);
      }
      const state = { fixture: customer, owner: userId, busy: busyOf(customer.busy), waiting: null };
      this.#customers.set(customer.externalUserId, state);
    }
    for (const chat of fixture.chats ?? []) {
      if (this.#chats.has(chat.chatId)) throw new Error(`chat ${chat.chatId} listed twice`);
      this.#chats.set(chat.chatId, {
        fixture: chat,
        owner: userId,
        busy: busyOf(chat.busy),
        inherited: false,
      });
    }
  }

  now = () => this.#clock;

  advance(ms: number) {
    if (!(ms >= 0)) throw new Error('the clock only moves forward');
    this.#clock += ms;
  }

  #seconds = () => Math.floor(this.#clock / 1000);

  expireTokens() {
    for (const token of this.#tokens.values()) token.expiresAt = Number.NEGATIVE_INFINITY;
  }

  forgetTokens() {
    this.#tokens.clear();
  }

  tokensIssued = () => this.#issued;

  owners() {
    this.#settle();
    const customers = [...this.#customers].map(([id, customer]) => [id, customer.owner] as const);
    const chats = [...this.#chats].map(([id, chat]) => [id, chat.owner] as const);
    return { customers: Object.fromEntries(customers), chats: Object.fromEntries(chats) };
  }

  leave(userId: string) {
    const member = this.#members.get(userId);
    if (!member) throw new Error(`no member ${userId}`);
    member.left = true;
    member.dimissionTime = this.#seconds();
  }

  /** The answer to one request, and its body as the log keeps it. */
  respond(method: string, url: URL, text: string): { body: unknown; answer: Answer } {
    this.#settle();
    if (url.pathname === GETTOKEN) {
      return { body: null, answer: this.#guard(() => this.#gettoken(method, url.searchParams)) };
    }
    const route = this.#routes[url.pathname];
    const parsed = parseJson(text);
    const body = parsed.json ? parsed.value : text;
    if (!route) return { body, answer: { errcode: 404, errmsg: 'not found' } };
    const answer = this.#guard(() => {
      if (method !== 'POST') refuse(43002);
      this.#checkToken(url.searchParams.get('access_token'));
      return route(parsed.json && isBody(parsed.value) ? parsed.value : refuse(47001));
    });
    return { body, answer };
  }

  #guard(answer: () => Answer): Answer {
    try {
      return answer();
    } catch (error) {
      if (error instanceof Refusal) return { errcode: error.errcode, errmsg: error.message };
      throw error;
    }
  }

  #gettoken(method: string, query: URLSearchParams): Answer {
    if (method !== 'GET') refuse(43001);
    if (!query.get('corpid')) refuse(41002);
    if (!query.get('corpsecret')) refuse(41004);
    if (query.get('corpid') !== this.options.corpId) refuse(40013);
    if (query.get('corpsecret') !== this.options.secret) refuse(40001);
    const token = nonce(32);
    this.#tokens.set(token, { expiresAt: this.#clock + TOKEN_TTL_SECONDS * 1000 });
    this.#issued += 1;
    return ok({ access_token: token, expires_in: TOKEN_TTL_SECONDS });
  }

  #checkToken(token: string | null) {
    if (!token) return refuse(41001);
    const known = this.#tokens.get(token);
    if (!known) return refuse(40014);
    if (known.expiresAt <= this.#clock) refuse(42001);
  }

  #member(userId: string): Member {
    return this.#members.get(userId) ?? refuse(60111);
  }

  #pageSize = (requested: number) => Math.min(requested, this.options.pageSize ?? requested);

  // -------------------------------------------------------------------------------------------------------
  // Listing

  #unassigned(body: Body): Answer {
    const pageSize = integer(body, 'page_size', { min: 1, max: 1000, fallback: 1000 });
    const info = [...this.#customers.values()].flatMap((customer) => {
      const owner = this.#members.get(customer.owner);
      if (!owner?.left || customer.waiting) return [];
      const { externalUserId } = customer.fixture;
      return [
        {
          handover_userid: customer.owner,
          external_userid: externalUserId,
          dimission_time: owner.dimissionTime,
        },
      ];
    });
    const page = pageOf(info, optionalString(body, 'cursor'), this.#pageSize(pageSize));
    return ok({ info: page.items, is_last: page.nextCursor === '', next_cursor: page.nextCursor });
  }

  #customersByUser(body: Body): Answer {
    const userIds = idList(body.userid_list, IDS_PER_CALL);
    const limit = integer(body, 'limit', { min: 1, max: 100, fallback: 50 });
    const entries = userIds.flatMap((userId) => {
      if (this.#member(userId).left) return [];
      const followed = [...this.#customers.values()].filter((customer) => customer.owner === userId);
      return followed.map(({ fixture }) => ({
        external_contact: {
          external_userid: fixture.externalUserId,
          name: fixture.name ?? `客户${fixture.externalUserId}`,
          type: fixture.type ?? 1,
        },
        follow_info: { userid: userId },
      }));
    });
    const page = pageOf(entries, optionalString(body, 'cursor'), this.#pageSize(limit));
    return ok({ external_contact_list: page.items, next_cursor: page.nextCursor });
  }

  #chatStatus(chat: Chat) {
    if (this.#members.get(chat.owner)?.left) return 1;
    return chat.inherited ? 3 : 0;
  }

  #ownerFilter(value: unknown): string[] | null {
    if (value === undefined) return null;
    if (!isBody(value)) return refuse(INVALID_PARAMETER);
    return idList(value.userid_list, IDS_PER_CALL);
  }

  #chatList(body: Body): Answer {
    const limit = integer(body, 'limit', { min: 1, max: 1000 });
    const statusFilter = integer(body, 'status_filter', { min: 0, max: 3, fallback: 0 });
    const owners = this.#ownerFilter(body.owner_filter);
    const listed = [...this.#chats.values()].filter(
      (chat) =>
        (!owners || owners.includes(chat.owner)) &&
        (statusFilter === 0 || this.#chatStatus(chat) === statusFilter),
    );
    const entries = listed.map((chat) => ({ chat_id: chat.fixture.chatId, status: this.#chatStatus(chat) }));
    const page = pageOf(entries, optionalString(body, 'cursor'), this.#pageSize(limit));
    return ok({ group_chat_list: page.items, next_cursor: page.nextCursor });
  }

  #chatDetail(body: Body): Answer {
    const chat = this.#chats.get(requiredString(body, 'chat_id')) ?? refuse(40050);
    const withNames = integer(body, 'need_name', { min: 0, max: 1, fallback: 0 }) === 1;
    const joinTime = this.#seconds() - 3600;
    const members = Array.from({ length: chat.fixture.memberCount ?? 1 }, (_, index) => {
      const userId = index === 0 ? chat.owner : `wm-${chat.fixture.chatId}-${index}`;
      const member = { userid: userId, type: index === 0 ? 1 : 2, join_time: joinTime, join_scene: 1 };
      return withNames ? { ...member, name: userId } : member;
    });
    const groupChat = {
      chat_id: chat.fixture.chatId,
      name: chat.fixture.name ?? `客户群${chat.fixture.chatId}`,
      owner: chat.owner,
      create_time: joinTime,
      member_list: members,
      admin_list: [],
    };
    return ok({ group_chat: groupChat });
  }

  // -------------------------------------------------------------------------------------------------------
  // Customers' transfers

  #transferCustomers(variant: Variant, body: Body): Answer {
    const handover = requiredString(body, 'handover_userid');
    const takeover = requiredString(body, 'takeover_userid');
    const ids = idList(body.external_userid, IDS_PER_CALL);
    if (
      variant === 'onjob' &&
      (optionalString(body, 'transfer_success_msg')?.length ?? 0) > SUCCESS_MESSAGE_MAX
    ) {
      refuse(INVALID_PARAMETER);
    }
    this.#member(handover);
    this.#member(takeover);
    answerBusy(ids.map((id) => this.#customers.get(id)));
    const answers = ids.map((id) => ({
      external_userid: id,
      errcode: this.#transferCustomer(variant, id, handover, takeover),
    }));
    return ok({ customer: answers });
  }

  #transferCustomer(variant: Variant, externalUserId: string, handover: string, takeover: string): number {
    const customer = this.#customers.get(externalUserId);
    if (!customer) return 40096;
    if (customer.fixture.transferErrcode !== undefined) return customer.fixture.transferErrcode;
    if (this.#member(handover).left !== (variant === 'resigned')) return 40097;
    if (customer.owner !== handover) return 40131;
    if (takeover === handover) return 40130;
    if (this.#member(takeover).left) return 41054;
    if (customer.waiting) return 40129;
    const takeoverTime = Math.floor((this.#clock + TAKEOVER_DELAY_MS) / 1000);
    const transfer = {
      externalUserId,
      handover,
      takeover,
      takeoverTime,
      result: customer.fixture.result ?? 1,
    };
    customer.waiting = transfer;
    this.#resultsOf(variant, handover, takeover).set(externalUserId, transfer);
    return 0;
  }

  #resultsOf(variant: Variant, handover: string, takeover: string): Map<string, Transfer> {
    const key = JSON.stringify([variant, handover, takeover]);
    const results = this.#results.get(key) ?? new Map<string, Transfer>();
    this.#results.set(key, results);
    return results;
  }

  #statusOf = (transfer: Transfer): TransferStatus =>
    this.#clock < transfer.takeoverTime * 1000 ? 2 : transfer.result;

  /** Takeovers whose time has come take effect (status 1) or end (3, 4, 5); a fixture's 2 waits forever. */
  #settle() {
    for (const customer of this.#customers.values()) {
      const transfer = customer.waiting;
      if (!transfer || this.#statusOf(transfer) === 2) continue;
      if (transfer.result === 1) customer.owner = transfer.takeover;
      customer.waiting = null;
    }
  }

  #transferResult(variant: Variant, body: Body): Answer {
    const handover = requiredString(body, 'handover_userid');
    const takeover = requiredString(body, 'takeover_userid');
    this.#member(handover);
    this.#member(takeover);
    const entries = [...this.#resultsOf(variant, handover, takeover).values()].map((transfer) => ({
      external_userid: transfer.externalUserId,
      status: this.#statusOf(transfer),
      takeover_time: transfer.takeoverTime,
    }));
    const page = pageOf(entries, optionalString(body, 'cursor'), this.#pageSize(1000));
    return ok({ customer: page.items, next_cursor: page.nextCursor });
  }

  // -------------------------------------------------------------------------------------------------------
  // Chats' transfers

  #transferChats(variant: Variant, body: Body): Answer {
    const chatIds = idList(body.chat_id_list, IDS_PER_CALL);
    const newOwner = requiredString(body, 'new_owner');
    this.#member(newOwner);
    answerBusy(chatIds.map((id) => this.#chats.get(id)));
    const failed = chatIds.flatMap((chatId) => {
      const errcode = this.#transferChat(variant, chatId, newOwner);
      return errcode === 0 ? [] : [{ chat_id: chatId, errcode, errmsg: errmsgOf(errcode) }];
    });
    return ok({ failed_chat_list: failed });
  }

  #transferChat(variant: Variant, chatId: string, newOwner: string): number {
    const chat = this.#chats.get(chatId);
    if (!chat) return 40050;
    if (chat.fixture.transferErrcode !== undefined) return chat.fixture.transferErrcode;
    const ownerLeft = this.#member(chat.owner).left;
    if (variant === 'resigned' && !ownerLeft) return 90500;
    if (variant === 'onjob' && ownerLeft) return 90502;
    if (chat.owner === newOwner) return 90504;
    if (this.#member(newOwner).left) return 41054;
    chat.owner = newOwner;
    chat.inherited = variant === 'resigned';
    return 0;
  }
}

const errcodeIn = (answer: unknown): number | null =>
  isBody(answer) && typeof answer.errcode === 'number' ? answer.errcode : null;

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startWecomContactStandIn(
  options: WecomContactStandInOptions,
): Promise<WecomContactStandIn> {
  const platform = new ContactPlatform(options);
  const log: ContactCall[] = [];
  const scripted = new Map<string, unknown[]>();

  const standIn = await serve(async (request, url, response) => {
    const method = request.method ?? 'GET';
    const text = method === 'POST' ? await readBody(request) : '';
    const queue = scripted.get(url.pathname) ?? [];
    if (queue.length > 0) {
      const answer = queue.shift();
      const parsed = parseJson(text);
      log.push({ path: url.pathname, body: parsed.json ? parsed.value : text, errcode: errcodeIn(answer) });
      return sendJson(response, 200, answer);
    }
    const { body, answer } = platform.respond(method, url, text);
    log.push({ path: url.pathname, body, errcode: answer.errcode });
    sendJson(response, 200, answer);
  });

  return {
    ...standIn,
    now: platform.now,
    advance: (ms) => platform.advance(ms),
    expireTokens: () => platform.expireTokens(),
    forgetTokens: () => platform.forgetTokens(),
    tokensIssued: platform.tokensIssued,
    calls: (path) => log.filter((call) => path === undefined || call.path === path),
    owners: () => platform.owners(),
    leave: (userId) => platform.leave(userId),
    answerNext(path, ...answers) {
      scripted.set(path, [...(scripted.get(path) ?? []), ...answers]);
    },
  };
}
