import type {
  HandoverDetail,
  HandoverInheritor,
  HandoverItem,
  HandoverOperateAnswer,
} from '@dealer-hr/shared/handover/contract';
import { handoverMessages } from '@dealer-hr/shared/handover/rules';
import type { ResignationDetail, ResignationRow } from '@dealer-hr/shared/resignation/contract';
import { resignationMessages } from '@dealer-hr/shared/resignation/rules';
import type { Page } from '@dealer-hr/shared';
import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignments,
  employees,
  handoverItems,
  jobs,
  localCustomers,
  localGroupChats,
  posts,
  roles,
} from '../../db/schema';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { fileApproved, freeToResign, leavingItems, resignationsApprovedBy } from '../../test/resignations';
import { mainPostOf, userWith } from '../../test/users';

/** The test clock's first day; each test moves it only forward. */
const START = '2027-06-07';

let t: TestApp;
let admin: string;
let manager: string;
let reason: number;
let destination: number;
let storeId: number;
/** Sales consultants of the group, each with customers and chats on the local platform. */
let consultants: { id: number; workUserId: string; storeId: number | null }[];
let salesManager: { id: number; workUserId: string };
let day = START;
/** The leaver of the whole path: in the manager's store, whose sales manager the setting proposes. */
let managersConsultant: { id: number; workUserId: string };
const call = callerOf(() => ({ app: t, authorization: admin }));

const addDay = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Moves the clock on by `days` and runs what that makes due (the handover's sweep among it). */
async function passDays(days: number) {
  day = addDay(day, days);
  const answer = await call('PUT', '/api/test/clock', { date: day });
  expect(answer.data.today).toBe(day);
  await drainJobs();
}

async function drainJobs() {
  while (await t.app.jobRunner.runNext()) {
    /* everything queued and due */
  }
}

const staffOfPost = async (code: string, store?: number) =>
  t.db
    .select({ id: employees.id, workUserId: employees.workUserId, storeId: assignments.storeId })
    .from(employees)
    .innerJoin(
      assignments,
      and(
        eq(assignments.employeeId, employees.id),
        eq(assignments.isMain, true),
        isNull(assignments.endDate),
      ),
    )
    .innerJoin(posts, eq(posts.id, assignments.postId))
    .where(
      and(
        store === undefined ? undefined : eq(assignments.storeId, store),
        eq(posts.code, code),
        eq(employees.status, 'regular'),
        freeToResign(t),
      ),
    )
    .orderBy(asc(employees.id));

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.login();
  manager = await t.login('manager');
  storeId = (await mainPostOf(t, 'manager')).storeId!;
  ({ reason, destination } = await leavingItems(t));
  // Those who follow customers now (a consultant promoted from another post has none).
  const following = new Set(
    (await t.db.selectDistinct({ owner: localCustomers.ownerUserId }).from(localCustomers)).map(
      (row) => row.owner,
    ),
  );
  consultants = (await staffOfPost('sales_consultant'))
    .filter(
      (person) =>
        person.workUserId !== null && person.workUserId !== 'sales' && following.has(person.workUserId),
    )
    .map((person) => ({ ...person, workUserId: person.workUserId! }));
  const [head] = await staffOfPost('sales_manager', storeId);
  salesManager = { id: head!.id, workUserId: head!.workUserId! };
  await resignationsApprovedBy(t, 'manager');
  managersConsultant = consultant(true);
  await passDays(0);
});
afterAll(() => t.close());

const used = new Set<number>();
/** A sales consultant no test has used yet, of the manager's store when asked. */
const consultant = (inManagersStore = false) => {
  const found = consultants.find(
    (person) => !used.has(person.id) && (!inManagersStore || person.storeId === storeId),
  );
  if (!found) throw new Error('the group has run out of sales consultants for the tests');
  used.add(found.id);
  return found;
};

/** A resignation of `who` filed today and approved by the manager. */
const approvedResignation = (who: { id: number }, lastDay = addDay(day, 20)) =>
  fileApproved(call, manager, {
    employee_id: who.id,
    reason_id: reason,
    destination_id: destination,
    applied_on: addDay(day, -5),
    last_day: lastDay,
  });

const list = (kind: 'customer' | 'groupchat', body: Record<string, unknown>, as = admin) =>
  call<Page<HandoverItem>>('POST', `resign/${kind}/list`, body, as);

const platformCustomersOf = async (userId: string) =>
  t.db
    .select()
    .from(localCustomers)
    .where(eq(localCustomers.ownerUserId, userId))
    .orderBy(asc(localCustomers.id));

describe('the handover dialog’s lists', () => {
  it('pages the leaver’s customers and chats as the platform lists them, once, each item not handed over yet', async () => {
    const who = consultant();
    const id = await approvedResignation(who);
    const customers = await platformCustomersOf(who.workUserId);
    const first = await list('customer', { page: 1, limit: 10, userId: who.workUserId, resign_id: id });
    expect(first.code, first.message).toBe(200);
    expect(first.data.total).toBe(customers.length);
    expect(first.data.data.map((row) => row.external_id)).toEqual(
      customers.slice(0, 10).map((row) => row.externalUserId),
    );
    expect(new Set(first.data.data.map((row) => row.state))).toEqual(new Set(['pending']));
    const second = await list('customer', { page: 2, limit: 10, userId: who.workUserId, resign_id: id });
    expect(second.data.data.map((row) => row.external_id)).toEqual(
      customers.slice(10, 20).map((row) => row.externalUserId),
    );
    // Read once: a customer the platform adds later does not move the pages under the dialog.
    await t.db
      .insert(localCustomers)
      .values({ externalUserId: `late-${id}`, name: '后加的客户', ownerUserId: who.workUserId });
    expect(
      (await list('customer', { page: 1, limit: 10, userId: who.workUserId, resign_id: id })).data.total,
    ).toBe(customers.length);
    const chats = await t.db
      .select()
      .from(localGroupChats)
      .where(eq(localGroupChats.ownerUserId, who.workUserId));
    const chatPage = await list('groupchat', { userId: who.workUserId, resign_id: id });
    expect(chatPage.data.total).toBe(chats.length);
    expect(chatPage.data.data[0]).toMatchObject({
      kind: 'group_chat',
      state: 'pending',
      member_count: chats[0]!.memberCount,
    });
  });

  it('refuses another person’s userid, a resignation not approved yet, and bad paging, with the field', async () => {
    const who = consultant();
    const id = await approvedResignation(who);
    const mismatch = await list('customer', {
      page: 1,
      limit: 10,
      userId: salesManager.workUserId,
      resign_id: id,
    });
    expect(fieldErrorsOf(mismatch)).toContainEqual({
      field: 'userId',
      message: handoverMessages.userMismatch,
    });
    const paging = await list('customer', { page: 0, limit: 1000, userId: who.workUserId, resign_id: id });
    expect(
      fieldErrorsOf(paging)
        .map((error) => error.field)
        .sort(),
    ).toEqual(['limit', 'page']);
    const missing = await list('groupchat', { page: 1, limit: 10 });
    expect(
      fieldErrorsOf(missing)
        .map((error) => error.field)
        .sort(),
    ).toEqual(['resign_id', 'userId']);
    const pendingOne = consultant();
    const filed = await call<ResignationDetail>('POST', 'resign/store', {
      employee_id: pendingOne.id,
      type: 'voluntary',
      reason_id: reason,
      destination_id: destination,
      applied_on: day,
      last_day: addDay(day, 20),
      explanation: '个人发展',
    });
    const early = await list('customer', { userId: pendingOne.workUserId, resign_id: filed.data.id });
    expect(early.code).toBe(409);
    expect(early.message).toBe(handoverMessages.notOpen);
    // Outside the caller's scope, as if it did not exist.
    const staffUser = await t.login('staff');
    const hidden = await call(
      'POST',
      'resign/customer/list',
      { userId: who.workUserId, resign_id: id },
      staffUser,
    );
    expect([404, 1403]).toContain(hidden.code);
  });
});

describe('handing over', () => {
  it('takes the resignation from filing to go: customers from two pages and two chats wait, then are taken over; one declines and goes to another colleague', async () => {
    const who = managersConsultant;
    const id = await approvedResignation(who, addDay(day, 2));
    const go = () => call<ResignationDetail>('POST', 'resign/go', { id });
    const refusedGo = await go();
    expect(refusedGo.code).toBe(409);
    expect(refusedGo.message).toBe(resignationMessages.handoverUnsettled);

    // One customer of the first page will decline once.
    const customers = await platformCustomersOf(who.workUserId);
    await t.db.update(localCustomers).set({ refusalsLeft: 1 }).where(eq(localCustomers.id, customers[1]!.id));
    await t.db.update(localCustomers).set({ refusalsLeft: 0 }).where(ne(localCustomers.id, customers[1]!.id));

    const inheritors = await call<HandoverInheritor[]>('GET', `resign/inherit?resign_id=${id}`);
    expect(inheritors.code, inheritors.message).toBe(200);
    // The store's sales manager is proposed, first.
    expect(inheritors.data[0]).toMatchObject({ id: salesManager.id, proposed: true });
    expect(inheritors.data.map((person) => person.id)).not.toContain(who.id);

    const page1 = await list('customer', { page: 1, limit: 10, userId: who.workUserId, resign_id: id });
    const page2 = await list('customer', { page: 2, limit: 10, userId: who.workUserId, resign_id: id });
    const chosen = [...page1.data.data.slice(0, 3), ...page2.data.data.slice(0, 2)].map((row) => row.id);
    const operate = await call<HandoverOperateAnswer>('POST', 'resign/customer/transfer/operate', {
      resign_id: id,
      ids: chosen,
      inheritor_id: salesManager.id,
    });
    expect(operate.code, operate.message).toBe(200);
    expect(operate.data).toMatchObject({ queued: 5 });
    expect(operate.data.progress.customer.queued).toBe(5);
    // Queued in the same transaction as the job that sends them.
    const [queuedJob] = await t.db
      .select({ total: count() })
      .from(jobs)
      .where(and(eq(jobs.kind, 'handover.advance'), eq(jobs.status, 'queued')));
    expect(queuedJob!.total).toBeGreaterThan(0);
    // Moving items cannot be handed again.
    const busy = await call('POST', 'resign/customer/transfer/operate', {
      resign_id: id,
      ids: [chosen[0]],
      inheritor_id: salesManager.id,
    });
    expect(busy.code).toBe(409);
    expect(busy.message).toBe(handoverMessages.itemBusy);

    await drainJobs();
    const sent = await t.db.select().from(handoverItems).where(inArray(handoverItems.id, chosen));
    expect(sent.map((item) => item.state)).toEqual(['waiting', 'waiting', 'waiting', 'waiting', 'waiting']);
    // Sent, not done: the platform still has them with the leaver until the takeover time.
    expect((await platformCustomersOf(who.workUserId)).map((row) => row.externalUserId)).toContain(
      sent[0]!.externalId,
    );

    const chats = await list('groupchat', { userId: who.workUserId, resign_id: id });
    const chatIds = chats.data.data.slice(0, 2).map((row) => row.id);
    const chatOperate = await call<HandoverOperateAnswer>('POST', 'resign/groupchat/transfer/operate', {
      resign_id: id,
      ids: chatIds,
      inheritor_id: salesManager.id,
    });
    expect(chatOperate.code, chatOperate.message).toBe(200);
    await drainJobs();
    const movedChats = await t.db.select().from(handoverItems).where(inArray(handoverItems.id, chatIds));
    expect(movedChats.map((chat) => chat.state)).toEqual(['done', 'done']);
    const owners = await t.db
      .select({ owner: localGroupChats.ownerUserId })
      .from(localGroupChats)
      .where(
        inArray(
          localGroupChats.chatId,
          movedChats.map((chat) => chat.externalId),
        ),
      );
    expect(owners.map((row) => row.owner)).toEqual([salesManager.workUserId, salesManager.workUserId]);

    // The next day the platform has taken them over, but for the one who declined.
    await passDays(1);
    const after = await call<HandoverDetail>(
      'GET',
      `resign/transfer/detail?resign_id=${id}&kind=customer&page=1&limit=10`,
    );
    expect(after.code, after.message).toBe(200);
    const states = new Map(after.data.data.map((row) => [row.external_id, row.state]));
    expect(states.get(customers[1]!.externalUserId)).toBe('refused');
    expect([...states.values()].filter((state) => state === 'done')).toHaveLength(4);
    expect(after.data.progress.customer.done).toBe(4);
    const declined = after.data.data.find((row) => row.state === 'refused')!;
    expect(declined.inheritor_id).toBe(salesManager.id);

    // Handed again, to another colleague.
    const colleague = consultant();
    const retried = await call('POST', 'resign/customer/transfer/operate', {
      resign_id: id,
      ids: [declined.id],
      inheritor_id: colleague.id,
    });
    expect(retried.code, retried.message).toBe(200);
    await drainJobs();
    await passDays(1);
    const [again] = await t.db.select().from(handoverItems).where(eq(handoverItems.id, declined.id));
    expect(again).toMatchObject({ state: 'done', takeoverEmployeeId: colleague.id });
    expect(
      (
        await t.db.select().from(localCustomers).where(eq(localCustomers.externalUserId, again!.externalId))
      )[0]!.ownerUserId,
    ).toBe(colleague.workUserId);

    // The rest of the customers and chats, all at once (more than a platform call takes).
    const rest = await t.db
      .select({ id: handoverItems.id, kind: handoverItems.kind })
      .from(handoverItems)
      .where(and(eq(handoverItems.resignationId, id), eq(handoverItems.state, 'pending')));
    for (const kind of ['customer', 'group_chat'] as const) {
      const ids = rest.filter((item) => item.kind === kind).map((item) => item.id);
      if (ids.length === 0) continue;
      const answer = await call(
        'POST',
        `resign/${kind === 'customer' ? 'customer' : 'groupchat'}/transfer/operate`,
        {
          resign_id: id,
          ids,
          inheritor_id: salesManager.id,
        },
      );
      expect(answer.code, answer.message).toBe(200);
    }
    await drainJobs();
    await passDays(1);
    const row = (
      await call<Page<ResignationRow>>('GET', `resign/index?status=approved&limit=100`)
    ).data.data.find((resignation) => resignation.id === id)!;
    expect(row.user.userid).toBe(who.workUserId);
    expect(row.handover_total).toBe(customers.length + chats.data.total);
    expect(row.handover_done).toBe(row.handover_total);

    const gone = await go();
    expect(gone.code, gone.message).toBe(200);
    expect(gone.data.status).toBe('completed');
    expect(await platformCustomersOf(who.workUserId)).toEqual([]);
  });

  it('refuses the leaver, a colleague without a userid and items of another resignation as inheritors or items', async () => {
    const who = consultant();
    const id = await approvedResignation(who);
    const { data } = await list('customer', { userId: who.workUserId, resign_id: id });
    const operate = (body: Record<string, unknown>) => call('POST', 'resign/customer/transfer/operate', body);
    expect(
      fieldErrorsOf(await operate({ resign_id: id, ids: [data.data[0]!.id], inheritor_id: who.id })),
    ).toContainEqual({
      field: 'inheritor_id',
      message: handoverMessages.inheritorIsLeaver,
    });
    const [noUserId] = await t.db
      .select({ id: employees.id })
      .from(employees)
      .where(
        and(
          isNull(employees.workUserId),
          eq(employees.status, 'regular'),
          eq(employees.mainStoreId, storeId),
        ),
      );
    expect(
      fieldErrorsOf(await operate({ resign_id: id, ids: [data.data[0]!.id], inheritor_id: noUserId!.id })),
    ).toContainEqual({
      field: 'inheritor_id',
      message: handoverMessages.inheritorInvalid,
    });
    const [foreign] = await t.db
      .select({ id: handoverItems.id })
      .from(handoverItems)
      .where(ne(handoverItems.resignationId, id))
      .limit(1);
    expect(
      fieldErrorsOf(await operate({ resign_id: id, ids: [foreign!.id], inheritor_id: salesManager.id })),
    ).toContainEqual({
      field: 'ids',
      message: handoverMessages.itemsGone,
    });
    expect(
      fieldErrorsOf(await operate({ resign_id: id, ids: [], inheritor_id: salesManager.id })),
    ).toContainEqual({
      field: 'ids',
      message: handoverMessages.nothingChosen,
    });
    // Nothing was queued by any of them.
    const moved = await t.db
      .select({ total: count() })
      .from(handoverItems)
      .where(and(eq(handoverItems.resignationId, id), ne(handoverItems.state, 'pending')));
    expect(moved[0]!.total).toBe(0);
  });

  it('needs the retry right to hand a declined customer again', async () => {
    const who = consultant();
    const id = await approvedResignation(who);
    const { data } = await list('customer', { userId: who.workUserId, resign_id: id });
    const item = data.data[0]!;
    await t.db
      .update(handoverItems)
      .set({ state: 'refused', takeoverEmployeeId: salesManager.id, takeoverUserId: salesManager.workUserId })
      .where(eq(handoverItems.id, item.id));
    const transferOnly = await userWith(t, ['staff:resignation-handover:transfer', 'staff:resignation:view']);
    // Its role sees the whole group, so that only the missing right can refuse it.
    const [role] = await t.db.select({ id: roles.id }).from(roles).orderBy(desc(roles.id)).limit(1);
    await t.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.id, role!.id));
    const refused = await call(
      'POST',
      'resign/customer/transfer/operate',
      { resign_id: id, ids: [item.id], inheritor_id: salesManager.id },
      transferOnly,
    );
    expect(refused.code).toBe(409);
    expect(refused.message).toBe(handoverMessages.retryNotAllowed);
  });
});

describe('go without a handover', () => {
  it('goes when the store does not require a handover, or the person has no userid on the platform', async () => {
    const who = consultant();
    const id = await approvedResignation(who, addDay(day, -1));
    const setting = await call('PUT', 'resign/setting', {
      store_id: who.storeId,
      require_handover: false,
      inheritor_rule: 'sales_manager',
      inheritor_id: null,
      notify_customers: true,
      notify_text: '您好，您的顾问已离职。',
    });
    expect(setting.code, setting.message).toBe(200);
    const gone = await call<ResignationDetail>('POST', 'resign/go', { id });
    expect(gone.code, gone.message).toBe(200);
    expect(gone.data.status).toBe('completed');
    await call('PUT', 'resign/setting', {
      store_id: who.storeId,
      require_handover: true,
      inheritor_rule: 'sales_manager',
      inheritor_id: null,
      notify_customers: true,
      notify_text: '您好，您的顾问已离职。',
    });

    // Someone the platform does not know has nothing to hand over.
    const plain = consultant();
    await t.db.update(employees).set({ workUserId: null }).where(eq(employees.id, plain.id));
    const other = await approvedResignation(plain, addDay(day, -1));
    const plainGo = await call<ResignationDetail>('POST', 'resign/go', { id: other });
    expect(plainGo.code, plainGo.message).toBe(200);
  });
});
