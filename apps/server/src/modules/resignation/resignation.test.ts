import { DictType } from '@dealer-hr/shared/dictionary-types';
import type { DispatchDetail } from '@dealer-hr/shared/dispatch/contract';
import type {
  ResignationDetail,
  ResignationRow,
  ResignationSetting,
} from '@dealer-hr/shared/resignation/contract';
import { resignationMessages } from '@dealer-hr/shared/resignation/rules';
import { and, asc, eq, isNull, ne, notExists } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalFlows,
  assignments,
  dictionaryItems,
  employees,
  prohibitedEntries,
  resignations,
  stores,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { resignationsApprovedBy } from '../../test/resignations';
import { mainPostOf, userIdOf } from '../../test/users';

/** The test clock's day when the file starts; each test moves it only forward. */
const START = '2027-05-03';

let t: TestApp;
let admin: string;
let manager: string;
let reason: number;
let destination: number;
let people: { id: number; entryDate: string }[];
const call = callerOf(() => ({ app: t, authorization: admin }));

async function setClock(date: string) {
  const answer = await call('PUT', '/api/test/clock', { date });
  expect(answer.data.today).toBe(date);
  while (await t.app.jobRunner.runNext()) {
    /* the clock's catch-up run, and anything else queued */
  }
}

const itemOf = async (typeId: number, code: string) =>
  (
    await t.db
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.typeId, typeId), eq(dictionaryItems.code, code)))
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.login();
  manager = await t.login('manager');
  const place = await mainPostOf(t, 'manager');
  reason = await itemOf(DictType.LEAVING_REASON, 'career_development');
  destination = await itemOf(DictType.LEAVING_DESTINATION, 'competitor');
  people = await t.db
    .select({ id: employees.id, entryDate: employees.entryDate })
    .from(employees)
    .innerJoin(
      assignments,
      and(
        eq(assignments.employeeId, employees.id),
        eq(assignments.isMain, true),
        isNull(assignments.endDate),
      ),
    )
    .where(
      and(
        eq(employees.mainStoreId, place.storeId!),
        eq(employees.status, 'regular'),
        ne(employees.id, place.employeeId),
        // Not a demo account's person: a test gives one of them an account of its own.
        notExists(t.db.select({ id: users.id }).from(users).where(eq(users.employeeId, employees.id))),
        // Nobody with customers to hand over: the handover's own tests take them (modules/handover).
        isNull(employees.workUserId),
      ),
    )
    .orderBy(asc(employees.id));
  // One approver the tests control: the store manager.
  await resignationsApprovedBy(t, 'manager');
  await setClock(START);
});
afterAll(() => t.close());

let next = 0;
const person = () => {
  const found = people[next++];
  if (!found) throw new Error('the store has run out of people for the tests');
  return found;
};

const body = (who: { id: number }, overrides: Record<string, unknown> = {}) => ({
  employee_id: who.id,
  type: 'voluntary',
  reason_id: reason,
  destination_id: destination,
  applied_on: '2027-05-03',
  last_day: '2027-05-31',
  explanation: '个人发展，已与店长沟通',
  ...overrides,
});

async function filed(payload: Record<string, unknown>) {
  const answer = await call<ResignationDetail>('POST', 'resign/store', payload);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

/** The manager approves through the approval centre. */
async function approved(id: number) {
  const { data } = await call<ResignationDetail>('GET', `resign/detail?id=${id}`, undefined, manager);
  const answer = await call('POST', 'approval/task/approve', { id: data.approval!.task_id }, manager);
  expect(answer.code, answer.message).toBe(200);
  return (await call<ResignationDetail>('GET', `resign/detail?id=${id}`)).data;
}

const statusOf = async (employeeId: number) =>
  (await t.db.select({ status: employees.status }).from(employees).where(eq(employees.id, employeeId)))[0]!
    .status;

describe('filing', () => {
  it('refuses each reason with its message, and writes nothing', async () => {
    const who = person();
    const refused = async (payload: Record<string, unknown>, field: string, message: string) => {
      const answer = await call('POST', 'resign/store', payload);
      expect(answer.code, `${field}: ${answer.message}`).toBe(422);
      expect(fieldErrorsOf(answer)).toContainEqual({ field, message });
    };
    await refused(body(who, { reason_id: destination }), 'reason_id', resignationMessages.reasonInvalid);
    await refused(
      body(who, { destination_id: reason }),
      'destination_id',
      resignationMessages.destinationInvalid,
    );
    await refused(body(who, { applied_on: '2027-05-04' }), 'applied_on', resignationMessages.appliedInFuture);
    await refused(
      body(who, { last_day: '2027-05-02' }),
      'last_day',
      resignationMessages.lastDayBeforeApplied,
    );
    await refused(
      body(who, { applied_on: '2027-03-01', last_day: '2027-03-02' }),
      'last_day',
      resignationMessages.lastDayTooEarly,
    );
    const missing = await call('POST', 'resign/store', body(who, { explanation: '  ' }));
    expect(fieldErrorsOf(missing)).toContainEqual({ field: 'explanation', message: '说明不能为空' });
    expect(await t.db.select().from(resignations).where(eq(resignations.employeeId, who.id))).toEqual([]);
    expect(await statusOf(who.id)).toBe('regular');
  });

  it('makes the person resigning, one resignation at a time (also when two race), and cancel undoes it', async () => {
    const who = person();
    const answers = await Promise.all([
      call('POST', 'resign/store', body(who)),
      call('POST', 'resign/store', body(who, { explanation: '另一份' })),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(await statusOf(who.id)).toBe('resigning');
    // Resigning, they cannot be moved.
    const dispatch = await call('POST', 'dispatch/store', {
      employee_id: who.id,
      host_department_id: 1,
      host_post_id: 1,
      start_date: '2027-05-10',
      end_date: '2027-05-12',
      reason: '支援',
    });
    expect(dispatch.code).toBe(409);
    const { id } = answers.find((answer) => answer.code === 200)!.data as ResignationDetail;
    const cancelled = await call<ResignationDetail>('POST', 'resign/cancel', { id, reason: '员工决定留任' });
    expect(cancelled.data.status).toBe('cancelled');
    expect(cancelled.data.approval?.status).toBe('withdrawn');
    expect(await statusOf(who.id)).toBe('regular');
  });
});

describe('leaving', () => {
  it('completes on a past last day at once: posts end, the account is frozen, sessions end, listed if asked', async () => {
    const who = person();
    await t.db.insert(users).values({
      username: 'leaver',
      name: '离职员工',
      employeeId: who.id,
      passwordHash: await hashPassword(t.config.ADMIN_PASSWORD),
    });
    const leaver = await t.login('leaver');
    expect((await call('POST', 'me', undefined, leaver)).code).toBe(200);

    const { id } = await filed(body(who, { applied_on: '2027-04-20', last_day: '2027-04-30' }));
    const early = await call('POST', 'resign/go', { id });
    expect([early.code, early.message]).toEqual([409, resignationMessages.notApproved]);
    const ready = await approved(id);
    expect([ready.status, ready.actions.go]).toEqual(['approved', true]);

    // Listing the leaver takes its own permission, and a reason.
    const withoutReason = await call('POST', 'resign/go', { id, add_prohibited: true });
    expect(fieldErrorsOf(withoutReason)).toContainEqual({
      field: 'prohibited_reason',
      message: resignationMessages.prohibitedReasonRequired,
    });
    const gone = await call<ResignationDetail>('POST', 'resign/go', {
      id,
      add_prohibited: true,
      prohibited_reason: '离职前私下带走客户资料',
    });
    expect(gone.code, gone.message).toBe(200);
    expect([gone.data.status, gone.data.prohibited_reason]).toEqual(['completed', '离职前私下带走客户资料']);

    const [me] = await t.db.select().from(employees).where(eq(employees.id, who.id));
    expect([me!.status, me!.leftOn]).toEqual(['resigned', '2027-04-30']);
    const open = await t.db
      .select()
      .from(assignments)
      .where(and(eq(assignments.employeeId, who.id), isNull(assignments.endDate)));
    expect(open).toEqual([]);
    // Their live session ends at once, and they cannot sign in again.
    expect((await call('POST', 'me', undefined, leaver)).code).not.toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'leaver', password: t.config.ADMIN_PASSWORD },
    });
    expect(again.json<{ code: number }>().code).not.toBe(200);
    const [listed] = await t.db
      .select()
      .from(prohibitedEntries)
      .where(eq(prohibitedEntries.idNumberIndex, me!.idNumberIndex));
    expect(listed).toMatchObject({ source: 'resignation', disableReason: '离职前私下带走客户资料' });
  });

  it('refuses the prohibited option to someone without its permission', async () => {
    const who = person();
    const { id } = await filed(body(who, { applied_on: '2027-04-20', last_day: '2027-04-30' }));
    await approved(id);
    const refused = await call(
      'POST',
      'resign/go',
      { id, add_prohibited: true, prohibited_reason: '原因' },
      manager,
    );
    // The store manager may not even give `go` (it is HR's), and never the prohibited option.
    expect(refused.code).not.toBe(200);
    expect(await statusOf(who.id)).toBe('resigning');
  });

  it('waits for a last day still to come, and the daily job completes it the day after', async () => {
    const who = person();
    const { id } = await filed(body(who, { last_day: '2027-05-05' }));
    await approved(id);
    const scheduled = await call<ResignationDetail>('POST', 'resign/go', { id });
    expect(scheduled.data.status).toBe('scheduled');
    await setClock('2027-05-05');
    expect(await statusOf(who.id)).toBe('resigning');
    await setClock('2027-05-06');
    expect(await statusOf(who.id)).toBe('resigned');
    const [done] = await t.db.select().from(resignations).where(eq(resignations.id, id));
    expect(done!.status).toBe('completed');
    const last = await t.db
      .select({ endDate: assignments.endDate })
      .from(assignments)
      .where(eq(assignments.employeeId, who.id));
    expect(last.every((row) => row.endDate !== null && row.endDate <= '2027-05-05')).toBe(true);
  });
});

describe('what ends with the employment', () => {
  it('ends a dispatch under way on the last working day', async () => {
    const who = person();
    const managerId = await userIdOf(t, 'manager');
    await t.db
      .update(approvalFlows)
      .set({
        nodes: [
          {
            name: '门店审批',
            approver_type: 'users',
            approver_ids: [managerId],
            leader_level: null,
            mode: 'any',
            condition: null,
          },
        ],
      })
      .where(eq(approvalFlows.businessType, 'dispatch'));
    const [host] = await t.db
      .select({ departmentId: stores.departmentId })
      .from(stores)
      .where(and(ne(stores.id, (await mainPostOf(t, 'manager')).storeId!), eq(stores.status, 'active')))
      .orderBy(asc(stores.id))
      .limit(1);
    const [post] = await t.db
      .select({ postId: assignments.postId })
      .from(assignments)
      .where(
        and(eq(assignments.employeeId, who.id), eq(assignments.isMain, true), isNull(assignments.endDate)),
      );
    const lent = await call<DispatchDetail>('POST', 'dispatch/store', {
      employee_id: who.id,
      host_department_id: host!.departmentId,
      host_post_id: post!.postId,
      start_date: '2027-05-06',
      end_date: '2027-05-20',
      reason: '支援',
    });
    expect(lent.code, lent.message).toBe(200);
    const task = (await call<DispatchDetail>('GET', `dispatch/detail?id=${lent.data.id}`, undefined, manager))
      .data.approval!.task_id;
    await call('POST', 'approval/task/approve', { id: task }, manager);
    expect((await call<DispatchDetail>('GET', `dispatch/detail?id=${lent.data.id}`)).data.status).toBe(
      'active',
    );

    // Not before the dispatch began: that post would end before it started.
    const early = await call(
      'POST',
      'resign/store',
      body(who, { applied_on: '2027-05-04', last_day: '2027-05-05' }),
    );
    expect(fieldErrorsOf(early)).toContainEqual({
      field: 'last_day',
      message: resignationMessages.lastDayBeforePost('2027-05-06'),
    });
    const { id } = await filed(body(who, { applied_on: '2027-05-06', last_day: '2027-05-10' }));
    await approved(id);
    await call('POST', 'resign/go', { id });
    await setClock('2027-05-11');
    const after = (await call<DispatchDetail>('GET', `dispatch/detail?id=${lent.data.id}`)).data;
    expect([after.status, after.end_date]).toEqual(['ended', '2027-05-10']);
    expect(await statusOf(who.id)).toBe('resigned');
  });
});

describe('setting', () => {
  it('answers a store the group’s setting until it has its own, and checks what is saved', async () => {
    const { storeId } = await mainPostOf(t, 'manager');
    const inherited = await call<ResignationSetting>('GET', `resign/setting?store_id=${storeId}`);
    expect(inherited.data).toMatchObject({ store_id: storeId, inherited: true, require_handover: true });
    const base = {
      store_id: storeId,
      require_handover: false,
      inheritor_rule: 'chosen',
      notify_customers: true,
      notify_text: '您好，您的顾问已更换',
    };
    const noInheritor = await call('PUT', 'resign/setting', base);
    expect(fieldErrorsOf(noInheritor)).toContainEqual({
      field: 'inheritor_id',
      message: resignationMessages.inheritorRequired,
    });
    const noText = await call('PUT', 'resign/setting', {
      ...base,
      inheritor_id: people[0]!.id,
      notify_text: '',
    });
    expect(fieldErrorsOf(noText)).toContainEqual({
      field: 'notify_text',
      message: resignationMessages.notifyTextRequired,
    });
    const tooLong = await call('PUT', 'resign/setting', {
      ...base,
      inheritor_id: people[0]!.id,
      notify_text: '长'.repeat(201),
    });
    expect(fieldErrorsOf(tooLong)[0]?.field).toBe('notify_text');
    const saved = await call<ResignationSetting>('PUT', 'resign/setting', {
      ...base,
      inheritor_id: people[0]!.id,
    });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data).toMatchObject({
      inherited: false,
      require_handover: false,
      inheritor_id: people[0]!.id,
    });
    // The group's own stays as it was; the store manager may not change the store's.
    expect((await call<ResignationSetting>('GET', 'resign/setting')).data.require_handover).toBe(true);
    const refused = await call('PUT', 'resign/setting', { ...base, inheritor_id: people[0]!.id }, manager);
    expect(refused.code).toBe(1403);
  });
});

describe('list', () => {
  it('filters by type and status in the caller’s scope', async () => {
    const answer = await call<{ data: ResignationRow[]; total: number }>(
      'GET',
      'resign/index?type=voluntary&status=completed',
      undefined,
      manager,
    );
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.total).toBeGreaterThanOrEqual(2);
    expect(answer.data.data.every((row) => row.type === 'voluntary' && row.status === 'completed')).toBe(
      true,
    );
  });

  it('exports the filtered list as a sheet, in the caller’s scope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/resign/export?status=completed',
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('离职记录')!;
    const { data } = await call<{ total: number }>('GET', 'resign/index?status=completed');
    expect(sheet.rowCount - 1).toBe(data.total);
    expect(sheet.getRow(1).values).toContain('最后工作日');
  });
});
