import { afterEach, describe, expect, it } from 'vitest';
import {
  startWecomContactStandIn,
  type ChatFixture,
  type CustomerFixture,
  type MemberFixture,
  type WecomContactStandIn,
  type WecomContactStandInOptions,
} from '../../../../../scripts/wecom-contact-stand-in';
import { WecomWorkMessaging } from './wecom.adapter';
import { PlatformError } from './work-messaging';

const CORP_ID = 'ww-dealer-group';
const SECRET = 'contact-app-secret-7f3a';
const HOUR_MS = 3_600_000;
const API = '/cgi-bin/externalcontact';
const path = {
  gettoken: '/cgi-bin/gettoken',
  unassigned: `${API}/get_unassigned_list`,
  byUser: `${API}/batch/get_by_user`,
  chatList: `${API}/groupchat/list`,
  chatGet: `${API}/groupchat/get`,
  resignedTransfer: `${API}/resigned/transfer_customer`,
  onjobTransfer: `${API}/transfer_customer`,
  resignedResult: `${API}/resigned/transfer_result`,
  onjobResult: `${API}/transfer_result`,
  chatTransfer: `${API}/groupchat/transfer`,
  chatOnjobTransfer: `${API}/groupchat/onjob_transfer`,
};

const running: WecomContactStandIn[] = [];

afterEach(async () => {
  await Promise.allSettled(running.splice(0).map((standIn) => standIn.close()));
});

async function platform(
  members: Record<string, MemberFixture>,
  options: Partial<WecomContactStandInOptions> = {},
) {
  const standIn = await startWecomContactStandIn({ corpId: CORP_ID, secret: SECRET, members, ...options });
  running.push(standIn);
  const messaging = new WecomWorkMessaging({ apiBase: standIn.url, corpId: CORP_ID, secret: SECRET });
  return { standIn, messaging };
}

const customers = (prefix: string, count: number): CustomerFixture[] =>
  Array.from({ length: count }, (_, index) => ({
    externalUserId: `${prefix}-${String(index + 1).padStart(3, '0')}`,
    name: `${prefix} 客户 ${index + 1}`,
  }));

const chats = (prefix: string, count: number): ChatFixture[] =>
  Array.from({ length: count }, (_, index) => ({
    chatId: `${prefix}-${index + 1}`,
    name: `${prefix} 群 ${index + 1}`,
  }));

const ids = (fixtures: CustomerFixture[]) => fixtures.map((fixture) => fixture.externalUserId);
const onJob = (more: Partial<MemberFixture> = {}): MemberFixture => ({ left: false, ...more });
const gone = (more: Partial<MemberFixture> = {}): MemberFixture => ({ left: true, ...more });

/** The PlatformError a promise rejects with (fails the test if it resolves or rejects otherwise). */
async function refusalOf(promise: Promise<unknown>): Promise<PlatformError> {
  const outcome = await promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(PlatformError);
  return outcome as PlatformError;
}

/** A request body as the stand-in logged it, with one field read as a list. */
const listIn = (body: unknown, field: string) => (body as Record<string, unknown[]>)[field] ?? [];

describe('batches of 100', () => {
  it('sends 250 customers of a leaver in three calls of at most 100, answering each customer', async () => {
    const leaverCustomers = customers('lv', 250);
    const { standIn, messaging } = await platform({
      leaver: gone({ customers: leaverCustomers }),
      colleague: onJob(),
    });

    const answers = await messaging.transferCustomers({
      variant: 'resigned',
      handoverUserId: 'leaver',
      takeoverUserId: 'colleague',
      externalUserIds: ids(leaverCustomers),
    });

    const calls = standIn.calls(path.resignedTransfer);
    expect(calls.map((call) => listIn(call.body, 'external_userid').length)).toEqual([100, 100, 50]);
    expect(calls.flatMap((call) => listIn(call.body, 'external_userid'))).toEqual(ids(leaverCustomers));
    expect(answers).toEqual(ids(leaverCustomers).map((externalUserId) => ({ externalUserId, errcode: 0 })));
    expect(standIn.calls(path.onjobTransfer)).toEqual([]);
  });

  it("sends an on-job member's customers to the on-job call, with the customers' message when given", async () => {
    const salesCustomers = customers('sa', 130);
    const { standIn, messaging } = await platform({
      sales: onJob({ customers: salesCustomers }),
      colleague: onJob(),
    });
    const input = { variant: 'onjob', handoverUserId: 'sales', takeoverUserId: 'colleague' } as const;

    await messaging.transferCustomers({
      ...input,
      externalUserIds: ids(salesCustomers).slice(0, 120),
      message: '您好',
    });
    await messaging.transferCustomers({ ...input, externalUserIds: ids(salesCustomers).slice(120) });

    const bodies = standIn.calls(path.onjobTransfer).map((call) => call.body as Record<string, unknown>);
    expect(bodies.map((body) => listIn(body, 'external_userid').length)).toEqual([100, 20, 10]);
    expect(bodies.map((body) => body.transfer_success_msg)).toEqual(['您好', '您好', undefined]);
    expect(standIn.calls(path.resignedTransfer)).toEqual([]);
  });

  it('sends 130 chats in two calls and the chats change owner', async () => {
    const leaverChats = chats('chat', 130);
    const { standIn, messaging } = await platform({
      leaver: gone({ chats: leaverChats }),
      colleague: onJob(),
    });

    const failures = await messaging.transferGroupChats({
      variant: 'resigned',
      chatIds: leaverChats.map((chat) => chat.chatId),
      newOwner: 'colleague',
    });

    expect(failures).toEqual([]);
    expect(standIn.calls(path.chatTransfer).map((call) => listIn(call.body, 'chat_id_list').length)).toEqual([
      100, 30,
    ]);
    expect(new Set(Object.values(standIn.owners().chats))).toEqual(new Set(['colleague']));
  });

  it('makes no call for nothing to send', async () => {
    const { standIn, messaging } = await platform({ leaver: gone(), colleague: onJob() });
    const input = { variant: 'resigned', handoverUserId: 'leaver', takeoverUserId: 'colleague' } as const;

    expect(await messaging.transferCustomers({ ...input, externalUserIds: [] })).toEqual([]);
    expect(
      await messaging.transferGroupChats({ variant: 'resigned', chatIds: [], newOwner: 'colleague' }),
    ).toEqual([]);
    expect(standIn.calls()).toEqual([]);
  });
});

describe('the access token', () => {
  const members = () => ({
    sales: onJob({ customers: customers('sa', 3), chats: chats('g', 2) }),
    colleague: onJob(),
  });

  it('is fetched once for many calls, and once for calls that start together', async () => {
    const { standIn, messaging } = await platform(members());

    await Promise.all([
      messaging.customersOf('sales'),
      messaging.groupChatsOf('sales'),
      messaging.customersOf('sales'),
    ]);
    await messaging.groupChatsOf('sales');

    expect(standIn.tokensIssued()).toBe(1);
    expect(standIn.calls(path.gettoken)).toHaveLength(1);
    expect(standIn.calls(path.byUser).length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['unknown (40014)', 40014, (standIn: WecomContactStandIn) => standIn.forgetTokens()],
    ['expired (42001)', 42001, (standIn: WecomContactStandIn) => standIn.expireTokens()],
  ])('is fetched again once when WeCom says it is %s, and the call repeated', async (_, code, refuse) => {
    const { standIn, messaging } = await platform(members());
    await messaging.customersOf('sales');
    refuse(standIn);

    const listed = await messaging.customersOf('sales');

    expect(listed.map((customer) => customer.externalUserId)).toEqual(ids(customers('sa', 3)));
    expect(standIn.tokensIssued()).toBe(2);
    expect(standIn.calls(path.byUser).map((call) => call.errcode)).toEqual([0, code, 0]);
  });

  it('is fetched again only once: a second refusal is the answer', async () => {
    const { standIn, messaging } = await platform(members());
    const expired = { errcode: 42001, errmsg: 'access_token expired' };
    standIn.answerNext(path.chatList, expired, expired);

    const error = await refusalOf(messaging.groupChatsOf('sales'));

    expect(error.errcode).toBe(42001);
    expect(standIn.tokensIssued()).toBe(2);
    expect(standIn.calls(path.chatList)).toHaveLength(2);
  });

  it.each([
    ['secret', { secret: 'wrong-secret' }, 40001],
    ['corp id', { corpId: 'ww-other' }, 40013],
  ])('refused for a wrong %s is a PlatformError with that code, naming no secret', async (_, wrong, code) => {
    const { standIn } = await platform(members());
    const messaging = new WecomWorkMessaging({
      apiBase: standIn.url,
      corpId: CORP_ID,
      secret: SECRET,
      ...wrong,
    });

    const error = await refusalOf(messaging.customersOf('sales'));

    expect(error.errcode).toBe(code);
    expect(error.message).not.toContain(SECRET);
    expect(error.message).not.toContain('wrong-secret');
    expect(standIn.calls(path.byUser)).toEqual([]);
  });
});

describe('listing', () => {
  it("lists an on-job member's customers with their names, across pages of batch/get_by_user", async () => {
    const salesCustomers = customers('sa', 90);
    const { standIn, messaging } = await platform(
      { sales: onJob({ customers: salesCustomers }), other: onJob({ customers: customers('ot', 5) }) },
      { pageSize: 40 },
    );

    const listed = await messaging.customersOf('sales');

    expect(listed).toEqual(
      salesCustomers.map((fixture) => ({
        externalUserId: fixture.externalUserId,
        name: fixture.name,
        variant: 'onjob',
      })),
    );
    const bodies = standIn.calls(path.byUser).map((call) => call.body as Record<string, unknown>);
    expect(bodies).toHaveLength(3);
    expect(bodies.map((body) => body.userid_list)).toEqual([['sales'], ['sales'], ['sales']]);
    expect(bodies.map((body) => body.limit)).toEqual([100, 100, 100]);
  });

  it("lists a leaver's customers from get_unassigned_list, across pages, the id standing for the name", async () => {
    const leaverCustomers = customers('lv', 70);
    const { standIn, messaging } = await platform(
      {
        first: gone({ customers: customers('fi', 12) }),
        leaver: gone({ customers: leaverCustomers }),
        other: gone({ customers: customers('ot', 18) }),
      },
      { pageSize: 25 },
    );

    const listed = await messaging.customersOf('leaver');

    expect(listed).toEqual(
      ids(leaverCustomers).map((id) => ({ externalUserId: id, name: id, variant: 'resigned' })),
    );
    expect(standIn.calls(path.unassigned)).toHaveLength(4);
    expect(
      standIn.calls(path.unassigned).map((call) => (call.body as { page_size: number }).page_size),
    ).toEqual([1000, 1000, 1000, 1000]);
  });

  it('lists a customer once when the platform repeats them', async () => {
    const { standIn, messaging } = await platform({ sales: onJob(), colleague: onJob() });
    const entry = (id: string, name: string) => ({
      external_contact: { external_userid: id, name, type: 1 },
      follow_info: { userid: 'sales' },
    });
    standIn.answerNext(path.byUser, {
      errcode: 0,
      errmsg: 'ok',
      external_contact_list: [entry('wm-a', '甲'), entry('wm-b', ''), entry('wm-a', '甲')],
      next_cursor: '',
    });

    expect(await messaging.customersOf('sales')).toEqual([
      { externalUserId: 'wm-a', name: '甲', variant: 'onjob' },
      { externalUserId: 'wm-b', name: 'wm-b', variant: 'onjob' },
    ]);
  });

  it("lists a member's group chats with names and member counts, across pages", async () => {
    const { standIn, messaging } = await platform(
      {
        sales: onJob({
          chats: [
            { chatId: 'g1', name: '奥迪 A6 车友群', memberCount: 12 },
            { chatId: 'g2', name: '', memberCount: 3 },
            { chatId: 'g3', name: '试驾群' },
          ],
        }),
        other: onJob({ chats: chats('ot', 2) }),
      },
      { pageSize: 2 },
    );

    expect(await messaging.groupChatsOf('sales')).toEqual([
      { chatId: 'g1', name: '奥迪 A6 车友群', memberCount: 12, variant: 'onjob' },
      { chatId: 'g2', name: 'g2', memberCount: 3, variant: 'onjob' },
      { chatId: 'g3', name: '试驾群', memberCount: 1, variant: 'onjob' },
    ]);
    const listBodies = standIn.calls(path.chatList).map((call) => call.body);
    expect(listBodies).toHaveLength(2);
    expect(listBodies[0]).toEqual({
      status_filter: 0,
      owner_filter: { userid_list: ['sales'] },
      limit: 1000,
    });
    expect(standIn.calls(path.chatGet).map((call) => call.body)).toEqual(
      expect.arrayContaining([{ chat_id: 'g1' }, { chat_id: 'g2' }, { chat_id: 'g3' }]),
    );
  });

  it("marks a leaver's chats resigned, and an inherited chat of the new owner on-job", async () => {
    const { messaging } = await platform({
      leaver: gone({ chats: chats('lv', 2) }),
      colleague: onJob(),
    });
    expect((await messaging.groupChatsOf('leaver')).map((chat) => chat.variant)).toEqual([
      'resigned',
      'resigned',
    ]);

    await messaging.transferGroupChats({ variant: 'resigned', chatIds: ['lv-1'], newOwner: 'colleague' });

    expect(await messaging.groupChatsOf('colleague')).toEqual([
      { chatId: 'lv-1', name: 'lv 群 1', memberCount: 1, variant: 'onjob' },
    ]);
    expect((await messaging.groupChatsOf('leaver')).map((chat) => chat.chatId)).toEqual(['lv-2']);
  });
});

describe("each customer's answer", () => {
  const codes = [40096, 40098, 40099, 40100, 40128, 40129, 40130, 40131, 41054, 84061];

  it('passes every per-customer code through unchanged', async () => {
    const coded = codes.map((code) => ({ externalUserId: `wm-${code}`, transferErrcode: code }));
    const { messaging } = await platform({
      leaver: gone({ customers: [...coded, { externalUserId: 'wm-fine' }] }),
      colleague: onJob(),
    });

    const answers = await messaging.transferCustomers({
      variant: 'resigned',
      handoverUserId: 'leaver',
      takeoverUserId: 'colleague',
      externalUserIds: ['wm-fine', ...ids(coded), 'wm-nobody'],
    });

    expect(answers).toEqual([
      { externalUserId: 'wm-fine', errcode: 0 },
      ...codes.map((code) => ({ externalUserId: `wm-${code}`, errcode: code })),
      { externalUserId: 'wm-nobody', errcode: 40096 },
    ]);
  });

  it('answers 40097 for the variant that does not fit the member', async () => {
    const { messaging } = await platform({
      sales: onJob({ customers: [{ externalUserId: 'wm-s' }] }),
      leaver: gone({ customers: [{ externalUserId: 'wm-l' }] }),
      colleague: onJob(),
    });

    const resignedForOnJob = await messaging.transferCustomers({
      variant: 'resigned',
      handoverUserId: 'sales',
      takeoverUserId: 'colleague',
      externalUserIds: ['wm-s'],
    });
    const onJobForLeaver = await messaging.transferCustomers({
      variant: 'onjob',
      handoverUserId: 'leaver',
      takeoverUserId: 'colleague',
      externalUserIds: ['wm-l'],
    });

    expect(resignedForOnJob).toEqual([{ externalUserId: 'wm-s', errcode: 40097 }]);
    expect(onJobForLeaver).toEqual([{ externalUserId: 'wm-l', errcode: 40097 }]);
  });
});

describe('a busy platform', () => {
  it.each([45009, 45033, -1])(
    'refuses the whole call with %i the first N times, then hands over',
    async (code) => {
      const { standIn, messaging } = await platform({
        leaver: gone({
          customers: [
            { externalUserId: 'wm-busy', busy: { errcode: code, times: 2 } },
            { externalUserId: 'wm-2' },
          ],
        }),
        colleague: onJob(),
      });
      const send = () =>
        messaging.transferCustomers({
          variant: 'resigned',
          handoverUserId: 'leaver',
          takeoverUserId: 'colleague',
          externalUserIds: ['wm-busy', 'wm-2'],
        });

      expect((await refusalOf(send())).errcode).toBe(code);
      expect((await refusalOf(send())).errcode).toBe(code);
      expect(await send()).toEqual([
        { externalUserId: 'wm-busy', errcode: 0 },
        { externalUserId: 'wm-2', errcode: 0 },
      ]);
      // The adapter does not retry by itself: one call per send.
      expect(standIn.calls(path.resignedTransfer).map((call) => call.errcode)).toEqual([code, code, 0]);
    },
  );

  it('refuses a whole chat transfer while busy, then hands the chats over', async () => {
    const { standIn, messaging } = await platform({
      leaver: gone({ chats: [{ chatId: 'g-busy', busy: { errcode: 45033, times: 1 } }, { chatId: 'g-2' }] }),
      colleague: onJob(),
    });
    const send = () =>
      messaging.transferGroupChats({
        variant: 'resigned',
        chatIds: ['g-busy', 'g-2'],
        newOwner: 'colleague',
      });

    expect((await refusalOf(send())).errcode).toBe(45033);
    expect(standIn.owners().chats).toEqual({ 'g-busy': 'leaver', 'g-2': 'leaver' });
    expect(await send()).toEqual([]);
    expect(standIn.owners().chats).toEqual({ 'g-busy': 'colleague', 'g-2': 'colleague' });
  });
});

describe('transfer results', () => {
  it('reports waiting with the takeover time until 24 h have passed, then the outcome', async () => {
    const { standIn, messaging } = await platform({
      leaver: gone({
        customers: [
          { externalUserId: 'wm-done' },
          { externalUserId: 'wm-still', result: 2 },
          { externalUserId: 'wm-refused', result: 3 },
          { externalUserId: 'wm-limit', result: 4 },
        ],
      }),
      colleague: onJob(),
    });
    const pair = { variant: 'resigned', handoverUserId: 'leaver', takeoverUserId: 'colleague' } as const;
    const sent = ['wm-done', 'wm-still', 'wm-refused', 'wm-limit'];
    await messaging.transferCustomers({ ...pair, externalUserIds: sent });
    const takeoverTime = Math.floor((standIn.now() + 24 * HOUR_MS) / 1000);

    const waiting = sent.map((externalUserId) => ({ externalUserId, status: 2, takeoverTime }));
    expect(await messaging.customerResults(pair)).toEqual(waiting);
    standIn.advance(23 * HOUR_MS);
    expect(await messaging.customerResults(pair)).toEqual(waiting);

    standIn.advance(3 * HOUR_MS);
    expect(await messaging.customerResults(pair)).toEqual([
      { externalUserId: 'wm-done', status: 1, takeoverTime: null },
      { externalUserId: 'wm-still', status: 2, takeoverTime },
      { externalUserId: 'wm-refused', status: 3, takeoverTime: null },
      { externalUserId: 'wm-limit', status: 4, takeoverTime: null },
    ]);
    expect(standIn.owners().customers).toEqual({
      'wm-done': 'colleague',
      'wm-still': 'leaver',
      'wm-refused': 'leaver',
      'wm-limit': 'leaver',
    });
    // Each move of the stand-in's clock outlived the 2 h token: it was fetched again each time.
    expect(standIn.tokensIssued()).toBe(3);
  });

  it('reports 5 (no takeover on record) on the on-job variant, reading every page', async () => {
    const salesCustomers = customers('sa', 70);
    salesCustomers[0] = { ...salesCustomers[0]!, result: 5 };
    const { standIn, messaging } = await platform(
      { sales: onJob({ customers: salesCustomers }), colleague: onJob() },
      { pageSize: 30 },
    );
    const pair = { variant: 'onjob', handoverUserId: 'sales', takeoverUserId: 'colleague' } as const;
    await messaging.transferCustomers({ ...pair, externalUserIds: ids(salesCustomers) });
    standIn.advance(25 * HOUR_MS);

    const results = await messaging.customerResults(pair);

    expect(results).toHaveLength(70);
    expect(results[0]).toEqual({ externalUserId: 'sa-001', status: 5, takeoverTime: null });
    expect(new Set(results.slice(1).map((result) => result.status))).toEqual(new Set([1]));
    expect(standIn.calls(path.onjobResult).filter((call) => call.errcode === 0)).toHaveLength(3);
    expect(standIn.calls(path.resignedResult)).toEqual([]);
  });
});

describe('group chat failures', () => {
  it('answers 90500 for the resigned call on an on-job owner and 90502 for the on-job call on a leaver', async () => {
    const { standIn, messaging } = await platform({
      sales: onJob({ chats: [{ chatId: 'g-sales' }] }),
      leaver: gone({ chats: [{ chatId: 'g-leaver' }] }),
      colleague: onJob(),
    });

    const resigned = await messaging.transferGroupChats({
      variant: 'resigned',
      chatIds: ['g-sales', 'g-leaver'],
      newOwner: 'colleague',
    });
    expect(resigned).toEqual([{ chatId: 'g-sales', errcode: 90500, errmsg: expect.any(String) }]);

    standIn.leave('sales');
    const onJobCall = await messaging.transferGroupChats({
      variant: 'onjob',
      chatIds: ['g-sales'],
      newOwner: 'colleague',
    });
    expect(onJobCall).toEqual([{ chatId: 'g-sales', errcode: 90502, errmsg: expect.any(String) }]);
    expect(standIn.owners().chats).toEqual({ 'g-sales': 'sales', 'g-leaver': 'colleague' });
  });

  it("passes the fixture's codes through with the platform's message, and hands over the rest", async () => {
    const codes = [90501, 90503, 90504, 90507, 90508, 12345];
    const { standIn, messaging } = await platform({
      leaver: gone({
        chats: [
          ...codes.map((code) => ({ chatId: `g-${code}`, transferErrcode: code })),
          { chatId: 'g-fine' },
        ],
      }),
      colleague: onJob(),
    });

    const failures = await messaging.transferGroupChats({
      variant: 'resigned',
      chatIds: ['g-fine', ...codes.map((code) => `g-${code}`)],
      newOwner: 'colleague',
    });

    expect(failures.map(({ chatId, errcode }) => ({ chatId, errcode }))).toEqual(
      codes.map((code) => ({ chatId: `g-${code}`, errcode: code })),
    );
    expect(failures.every((failure) => failure.errmsg.length > 0)).toBe(true);
    expect(standIn.owners().chats['g-fine']).toBe('colleague');
    expect(standIn.owners().chats['g-90501']).toBe('leaver');
  });
});

describe('no proper answer', () => {
  const members = () => ({ leaver: gone({ customers: customers('lv', 2) }), colleague: onJob() });
  const send = (messaging: WecomWorkMessaging) =>
    messaging.transferCustomers({
      variant: 'resigned',
      handoverUserId: 'leaver',
      takeoverUserId: 'colleague',
      externalUserIds: ['lv-001'],
    });

  function expectNoAnswer(error: PlatformError, says: string | RegExp) {
    expect(error.errcode).toBe(-1);
    expect(error.errmsg).toMatch(says);
    expect(error.message).not.toContain(SECRET);
    expect(error.message).not.toContain('access_token');
  }

  it('is a PlatformError(-1) for an answer that is not JSON, from the token or the call', async () => {
    const { standIn, messaging } = await platform(members());
    standIn.fail('garbage');
    expectNoAnswer(await refusalOf(send(messaging)), '/cgi-bin/gettoken: the answer is not JSON');

    standIn.fail(null);
    await send(messaging);
    standIn.fail('garbage');
    expectNoAnswer(await refusalOf(send(messaging)), `${path.resignedTransfer}: the answer is not JSON`);
  });

  it('is a PlatformError(-1) for an HTTP error', async () => {
    const { standIn, messaging } = await platform(members());
    standIn.fail('error');
    expectNoAnswer(await refusalOf(send(messaging)), 'HTTP 500');
  });

  it('is a PlatformError(-1) for JSON of the wrong shape', async () => {
    const { standIn, messaging } = await platform(members());
    standIn.answerNext(path.resignedTransfer, { errcode: 0, errmsg: 'ok', customer: 'lv-001' });
    expectNoAnswer(await refusalOf(send(messaging)), 'unexpected answer shape');

    standIn.answerNext(path.resignedResult, {
      errcode: 0,
      customer: [{ external_userid: 'lv-001', status: 9, takeover_time: 0 }],
    });
    const results = messaging.customerResults({
      variant: 'resigned',
      handoverUserId: 'leaver',
      takeoverUserId: 'colleague',
    });
    expectNoAnswer(await refusalOf(results), 'unexpected answer shape');
  });

  it('is a PlatformError(-1) for a platform that is gone', async () => {
    const { standIn, messaging } = await platform(members());
    await send(messaging);
    await standIn.close();

    expectNoAnswer(await refusalOf(send(messaging)), /: TypeError: (ECONNREFUSED|UND_ERR_SOCKET)$/);
  });

  it('is a PlatformError(-1) for a platform that does not answer in time', async () => {
    const { standIn } = await platform(members());
    const messaging = new WecomWorkMessaging({
      apiBase: standIn.url,
      corpId: CORP_ID,
      secret: SECRET,
      timeoutMs: 300,
    });
    standIn.fail('hang');

    expectNoAnswer(await refusalOf(send(messaging)), 'no answer within 300 ms');
  });

  it('is a PlatformError(-1) for a cursor that comes back again', async () => {
    const { standIn, messaging } = await platform(members());
    const page = { errcode: 0, errmsg: 'ok', group_chat_list: [], next_cursor: 'same' };
    standIn.answerNext(path.chatList, page, page);

    expectNoAnswer(await refusalOf(messaging.groupChatsOf('leaver')), 'the cursor repeats');
  });
});
