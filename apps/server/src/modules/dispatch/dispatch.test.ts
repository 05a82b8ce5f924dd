import type { DispatchDetail, DispatchRow } from '@dealer-hr/shared/dispatch/contract';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { dispatchMessages } from '@dealer-hr/shared/dispatch/rules';
import { transferMessages } from '@dealer-hr/shared/transfers/rules';
import type { StaffDetail, StaffRow } from '@dealer-hr/shared/staff/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalFlows,
  approvalInstances,
  assignments,
  departments,
  dictionaryItems,
  dispatches,
  employees,
  posts,
  stores,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPermissions, mainPostOf, userIdOf } from '../../test/users';

const FILER = [
  'staff:dispatch:view',
  'staff:dispatch:create',
  'staff:dispatch:update',
  'staff:dispatch:cancel',
  'staff:list:view',
  'staff:detail:view',
];
const APPROVER = ['approval:todo:view', 'approval:todo:approve', 'approval:todo:reject'];
/** The test clock's day when the file starts; each test moves it only forward. */
const START = '2027-01-04';

let t: TestApp;
let admin: string;
/** The seeded store manager: files for their store and approves first. */
let manager: string;
/** The host store's general manager: approves on the target side and sees who is lent to them. */
let host: string;
let homeStoreId: number;
let hostStore: { id: number; departmentId: number };
let hostDepartment: number;
let salesPost: number;
let people: { id: number; postId: number; startDate: string }[];
const call = callerOf(() => ({ app: t, authorization: admin }));

async function setClock(date: string) {
  const answer = await call('PUT', '/api/test/clock', { date });
  expect(answer.data.today).toBe(date);
  while (await t.app.jobRunner.runNext()) {
    /* the clock's catch-up run, and anything else queued */
  }
}

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.login();
  await grantPermissions(t, 'manager', [...FILER, ...APPROVER]);
  manager = await t.login('manager');
  const place = await mainPostOf(t, 'manager');
  homeStoreId = place.storeId!;
  const [gm] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.code, 'general_manager'));
  [hostStore] = (await t.db
    .select({ id: stores.id, departmentId: stores.departmentId })
    .from(stores)
    .innerJoin(
      assignments,
      and(eq(assignments.storeId, stores.id), eq(assignments.postId, gm!.id), isNull(assignments.endDate)),
    )
    .where(and(ne(stores.id, homeStoreId), eq(stores.status, 'active')))
    .orderBy(asc(stores.id))
    .limit(1)) as [typeof hostStore];
  const [storeNode] = await t.db
    .select({ path: departments.path })
    .from(departments)
    .where(eq(departments.id, hostStore.departmentId));
  [{ id: hostDepartment }] = (await t.db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        sql`${departments.path} like ${storeNode!.path} || '%'`,
        eq(departments.kind, 'department'),
        eq(departments.status, 'active'),
      ),
    )
    .orderBy(asc(departments.id))
    .limit(1)) as [{ id: number }];
  [{ id: salesPost }] = (await t.db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.code, 'sales_consultant'))) as [{ id: number }];
  people = await t.db
    .select({ id: employees.id, postId: assignments.postId, startDate: assignments.startDate })
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
        eq(employees.mainStoreId, homeStoreId),
        eq(employees.status, 'regular'),
        ne(employees.id, place.employeeId),
      ),
    )
    .orderBy(asc(employees.id));
  // The flow the tests control: the home store's manager, then the host store's general manager.
  await t.db
    .update(approvalFlows)
    .set({
      nodes: [
        {
          name: '派出门店审批',
          approver_type: 'users',
          approver_ids: [await userIdOf(t, 'manager')],
          leader_level: null,
          mode: 'any',
          condition: null,
        },
        {
          name: '接收门店总经理审批',
          approver_type: 'post',
          approver_ids: [gm!.id],
          leader_level: null,
          mode: 'any',
          condition: null,
          side: 'target',
        },
      ],
    })
    .where(eq(approvalFlows.businessType, 'dispatch'));
  const [receiving] = await t.db
    .select({ employeeId: assignments.employeeId })
    .from(assignments)
    .where(
      and(
        eq(assignments.storeId, hostStore.id),
        eq(assignments.postId, gm!.id),
        eq(assignments.isMain, true),
        isNull(assignments.endDate),
      ),
    )
    .limit(1);
  await t.db.insert(users).values({
    username: 'host-gm',
    name: '接收门店总经理',
    employeeId: receiving!.employeeId,
    passwordHash: await hashPassword(t.config.ADMIN_PASSWORD),
  });
  await grantPermissions(t, 'host-gm', [
    ...APPROVER,
    'staff:dispatch:view',
    'staff:list:view',
    'staff:list:export',
    'staff:list:reveal-id',
    'staff:detail:view',
  ]);
  host = await t.login('host-gm');
  await setClock(START);
});
afterAll(() => t.close());

let next = 0;
/** A person not used by an earlier test. */
const person = () => {
  const found = people[next++];
  if (!found) throw new Error('the store has run out of people for the tests');
  return found;
};

const body = (who: ReturnType<typeof person>, overrides: Record<string, unknown> = {}) => ({
  employee_id: who.id,
  host_department_id: hostDepartment,
  host_post_id: salesPost,
  start_date: '2027-01-10',
  end_date: '2027-01-20',
  reason: '新店开业支援',
  allowance_note: '每日餐补 50 元',
  ...overrides,
});

/** Filed by HR: the manager, its first approver, may not approve their own request. */
async function filed(payload: Record<string, unknown>, authorization = admin) {
  const answer = await call<DispatchDetail>('POST', 'dispatch/store', payload, authorization);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

const detailOf = async (id: number, authorization = manager) => {
  const answer = await call<DispatchDetail>('GET', `dispatch/detail?id=${id}`, undefined, authorization);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
};

/** The caller's open task on the dispatch, decided through the approval centre. */
async function decide(id: number, authorization: string, decision: 'approve' | 'reject' = 'approve') {
  const { approval } = await detailOf(id, authorization);
  expect(approval?.task_id, 'an open task for the caller').toBeTypeOf('number');
  const answer = await call(
    'POST',
    `approval/task/${decision}`,
    { id: approval!.task_id, comment: '不同意' },
    authorization,
  );
  expect(answer.code, answer.message).toBe(200);
  return detailOf(id);
}

const approved = async (id: number) => {
  await decide(id, manager);
  return decide(id, host);
};

const hostAssignmentsOf = (employeeId: number) =>
  t.db
    .select()
    .from(assignments)
    .where(and(eq(assignments.employeeId, employeeId), eq(assignments.kind, 'dispatch')));

describe('filing', () => {
  it('refuses each reason with its message, and writes nothing', async () => {
    const who = person();
    const refused = async (payload: Record<string, unknown>, field: string, message: string) => {
      const answer = await call('POST', 'dispatch/store', payload, manager);
      expect(answer.code, `${field}: ${answer.message}`).toBe(422);
      expect(fieldErrorsOf(answer)).toContainEqual({
        field,
        message,
      });
    };
    const [homeDepartment] = await t.db
      .select({ id: assignments.departmentId })
      .from(assignments)
      .where(
        and(eq(assignments.employeeId, who.id), eq(assignments.isMain, true), isNull(assignments.endDate)),
      );
    await refused(
      body(who, { host_department_id: homeDepartment!.id }),
      'host_department_id',
      dispatchMessages.sameStore,
    );
    await refused(body(who, { end_date: '2027-01-09' }), 'end_date', dispatchMessages.endBeforeStart);
    await refused(body(who, { end_date: '2028-01-11' }), 'end_date', dispatchMessages.tooLong);
    await refused(body(who, { start_date: '2026-11-01' }), 'start_date', dispatchMessages.startTooEarly);
    const [inactive] = await t.db
      .insert(posts)
      .values({ code: 'retired_dispatch_post', name: '已停用岗位', status: 'disabled' })
      .returning({ id: posts.id });
    await refused(body(who, { host_post_id: inactive!.id }), 'host_post_id', dispatchMessages.postInactive);
    expect(await t.db.select().from(dispatches).where(eq(dispatches.employeeId, who.id))).toEqual([]);
  });

  it('refuses a person not on staff, and a second open dispatch (also when two race)', async () => {
    const resigned = person();
    await t.db.update(employees).set({ status: 'resigned' }).where(eq(employees.id, resigned.id));
    const notOnStaff = await call('POST', 'dispatch/store', body(resigned), manager);
    expect([notOnStaff.code, notOnStaff.message]).toEqual([409, dispatchMessages.notOnStaff]);

    const who = person();
    const answers = await Promise.all([
      call('POST', 'dispatch/store', body(who), manager),
      call('POST', 'dispatch/store', body(who, { reason: '另一份' }), manager),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.code === 409)!.message).toBe(dispatchMessages.inProgress);
  });
});

describe('beside the other movements', () => {
  it('refuses a dispatch while a transfer is open, and a transfer while a dispatch is', async () => {
    const moving = person();
    const [home] = await t.db
      .select()
      .from(assignments)
      .where(
        and(eq(assignments.employeeId, moving.id), eq(assignments.isMain, true), isNull(assignments.endDate)),
      );
    const [adjust] = await t.db
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.typeId, DictType.TRANSFER_TYPE), eq(dictionaryItems.code, 'adjust')));
    const transfer = await call('POST', 'user/job/transfer/store', {
      employee_id: moving.id,
      from_assignment_id: home!.id,
      to_department_id: home!.departmentId,
      to_post_id:
        salesPost === home!.postId
          ? (await t.db.select({ id: posts.id }).from(posts).where(eq(posts.code, 'service_advisor')))[0]!.id
          : salesPost,
      type_id: adjust!.id,
      effective_date: '2027-02-01',
      reason: '岗位调整',
    });
    expect(transfer.code, transfer.message).toBe(200);
    const refused = await call('POST', 'dispatch/store', body(moving), manager);
    expect([refused.code, refused.message]).toEqual([409, dispatchMessages.transferInProgress]);

    const away = person();
    await filed(body(away, { start_date: '2027-02-10', end_date: '2027-02-20' }));
    const [awayHome] = await t.db
      .select()
      .from(assignments)
      .where(
        and(eq(assignments.employeeId, away.id), eq(assignments.isMain, true), isNull(assignments.endDate)),
      );
    const blocked = await call('POST', 'user/job/transfer/store', {
      employee_id: away.id,
      from_assignment_id: awayHome!.id,
      to_department_id: hostDepartment,
      to_post_id: salesPost,
      type_id: adjust!.id,
      effective_date: '2027-03-01',
      reason: '调往接收门店',
    });
    expect([blocked.code, blocked.message]).toEqual([409, transferMessages.dispatchInProgress]);
  });

  it('offers every active store as a host, with its departments, to a filer limited to their own', async () => {
    const hosts = await call<{ id: number; department_id: number }[]>(
      'GET',
      'dispatch/hosts',
      undefined,
      manager,
    );
    expect(hosts.data.map((store) => store.id)).toContain(hostStore.id);
    const tree = await call<{ id: number; depth: number }[]>(
      'GET',
      `dispatch/host/departments?store_id=${hostStore.id}`,
      undefined,
      manager,
    );
    expect(tree.data[0]).toEqual(expect.objectContaining({ id: hostStore.departmentId, depth: 0 }));
    expect(tree.data.map((department) => department.id)).toContain(hostDepartment);
  });
});

describe('the period', () => {
  it('begins and ends by itself: the person shows at the host store meanwhile, counted once', async () => {
    const who = person();
    const { id } = await filed(body(who, { start_date: '2027-01-06', end_date: '2027-01-08' }));
    // The host store's manager reads it, as its approver, before it is theirs.
    const waiting = await approved(id);
    expect(waiting.status).toBe('approved');
    expect(await hostAssignmentsOf(who.id)).toEqual([]);

    const heldAtHost = async () => {
      const [row] = await t.db
        .select({ total: sql<number>`count(*)::int` })
        .from(assignments)
        .where(
          and(
            eq(assignments.storeId, hostStore.id),
            eq(assignments.isMain, true),
            isNull(assignments.endDate),
          ),
        );
      return row!.total;
    };
    const headcountBefore = await heldAtHost();

    await setClock('2027-01-06');
    expect((await detailOf(id)).status).toBe('active');
    const [started] = await hostAssignmentsOf(who.id);
    expect(started).toMatchObject({
      startDate: '2027-01-06',
      endDate: null,
      isMain: false,
      storeId: hostStore.id,
    });
    const [me] = await t.db.select().from(employees).where(eq(employees.id, who.id));
    expect(me!.mainStoreId).toBe(homeStoreId);
    expect(await heldAtHost()).toBe(headcountBefore);
    // The host store's manager now finds the person in their store's list and opens them.
    const list = await call<{ data: StaffRow[] }>(
      'GET',
      `user/index?store_id=${hostStore.id}&limit=100`,
      undefined,
      host,
    );
    const listed = list.data.data.find((row) => row.id === who.id);
    expect(listed?.dispatched_to).not.toBeNull();
    expect(listed?.store_id).toBe(homeStoreId);
    // Their whole ID number stays with their home scope: the host store's export shows it masked.
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/user/export?store_id=${hostStore.id}`,
      headers: { authorization: host },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('员工花名册')!;
    const header = sheet.getRow(1).values as unknown[];
    const numbers = new Map<string, string>();
    sheet.eachRow((row, index) => {
      if (index > 1)
        numbers.set(
          String(row.getCell(header.indexOf('工号')).value),
          String(row.getCell(header.indexOf('证件号码')).value),
        );
    });
    const [away] = await t.db.select().from(employees).where(eq(employees.id, who.id));
    expect(numbers.get(away!.employeeNo)).toBe(away!.idNumberMasked);
    expect([...numbers.values()].some((number) => !number.includes('*'))).toBe(true);
    const profile = await call<StaffDetail>('GET', `user/detail?id=${who.id}`, undefined, host);
    expect(profile.code, profile.message).toBe(200);
    expect(profile.data.assignments.find((row) => row.kind === 'dispatch')?.end_date).toBeNull();

    await setClock('2027-01-09');
    expect((await detailOf(id)).status).toBe('ended');
    const [ended] = await hostAssignmentsOf(who.id);
    expect(ended!.endDate).toBe('2027-01-08');
    const gone = await call('GET', `user/detail?id=${who.id}`, undefined, host);
    expect(gone.code).toBe(404);
    // The person's history keeps the dispatch.
    const history = await call<StaffDetail>('GET', `user/detail?id=${who.id}`);
    expect(history.data.assignments.find((row) => row.kind === 'dispatch')).toMatchObject({
      start_date: '2027-01-06',
      end_date: '2027-01-08',
    });
  });

  it('catches up after a missed run: a period wholly past begins and ends in one run', async () => {
    const who = person();
    const { id } = await filed(body(who, { start_date: '2027-01-12', end_date: '2027-01-13' }));
    await approved(id);
    await setClock('2027-01-15');
    expect((await detailOf(id)).status).toBe('ended');
    const [row] = await hostAssignmentsOf(who.id);
    expect([row!.startDate, row!.endDate]).toEqual(['2027-01-12', '2027-01-13']);
  });

  it('returns early: a past last day ends it at once', async () => {
    const who = person();
    const { id } = await filed(body(who, { start_date: '2027-01-15', end_date: '2027-02-15' }));
    await approved(id);
    expect((await detailOf(id)).status).toBe('active');
    await setClock('2027-01-20');
    const early = await call('POST', 'dispatch/return', { id, last_day: '2027-01-10' }, manager);
    expect(fieldErrorsOf(early)).toContainEqual({
      field: 'last_day',
      message: dispatchMessages.lastDayInvalid('2027-01-19', '2027-02-15'),
    });
    const back = await call<DispatchDetail>(
      'POST',
      'dispatch/return',
      { id, last_day: '2027-01-19' },
      manager,
    );
    expect(back.code, back.message).toBe(200);
    expect([back.data.status, back.data.end_date]).toEqual(['ended', '2027-01-19']);
    const [row] = await hostAssignmentsOf(who.id);
    expect(row!.endDate).toBe('2027-01-19');
  });

  it('extends only when approved again; a rejected extension keeps the end date', async () => {
    const who = person();
    const { id } = await filed(body(who, { start_date: '2027-01-20', end_date: '2027-01-31' }));
    await approved(id);
    const asked = await call<DispatchDetail>('POST', 'dispatch/extend', {
      id,
      end_date: '2027-02-10',
      reason: '开业延期',
    });
    expect(asked.code, asked.message).toBe(200);
    expect([asked.data.end_date, asked.data.extension_end_date]).toEqual(['2027-01-31', '2027-02-10']);
    const twice = await call('POST', 'dispatch/extend', { id, end_date: '2027-02-12', reason: '再延' });
    expect([twice.code, twice.message]).toEqual([409, dispatchMessages.extensionPending]);
    const rejected = await decide(id, manager, 'reject');
    expect([rejected.status, rejected.end_date, rejected.extension_end_date]).toEqual([
      'active',
      '2027-01-31',
      null,
    ]);
    expect(rejected.return_comment).toBe('不同意');

    await call('POST', 'dispatch/extend', { id, end_date: '2027-02-10', reason: '开业延期' });
    const extended = await approved(id);
    expect([extended.status, extended.end_date]).toEqual(['active', '2027-02-10']);
    await setClock('2027-02-01');
    expect((await detailOf(id)).status).toBe('active');
  });

  it('lets an extension lapse when the dispatch ends before it is decided', async () => {
    const who = person();
    const { id } = await filed(body(who, { start_date: '2027-02-01', end_date: '2027-02-02' }));
    await approved(id);
    const asked = await call('POST', 'dispatch/extend', { id, end_date: '2027-02-20', reason: '还需支援' });
    expect(asked.code, asked.message).toBe(200);
    const { approval } = await detailOf(id);
    await setClock('2027-02-03');
    const after = await detailOf(id);
    expect([after.status, after.end_date, after.extension_end_date]).toEqual(['ended', '2027-02-02', null]);
    const [instance] = await t.db
      .select({ status: approvalInstances.status })
      .from(approvalInstances)
      .where(eq(approvalInstances.id, approval!.instance_id));
    expect(instance!.status).toBe('withdrawn');
  });

  it('cancels before it begins, withdrawing its approval; not once begun', async () => {
    const who = person();
    const { id } = await filed(body(who, { start_date: '2027-03-01', end_date: '2027-03-05' }));
    const cancelled = await call<DispatchDetail>(
      'POST',
      'dispatch/cancel',
      { id, reason: '计划变更' },
      manager,
    );
    expect(cancelled.data.status).toBe('cancelled');
    expect(cancelled.data.approval?.status).toBe('withdrawn');
    // The person is free for another.
    const again = await filed(body(who, { start_date: '2027-02-03', end_date: '2027-02-05' }));
    await approved(again.id);
    const late = await call('POST', 'dispatch/cancel', { id: again.id }, manager);
    expect([late.code, late.message]).toEqual([409, dispatchMessages.notCancellable]);
  });
});

describe('list', () => {
  it('filters by host store and status within the caller’s scope', async () => {
    const answer = await call<{ data: DispatchRow[]; total: number }>(
      'GET',
      `dispatch/index?host_store_id=${hostStore.id}&status=ended&limit=50`,
      undefined,
      host,
    );
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.total).toBeGreaterThanOrEqual(3);
    expect(
      answer.data.data.every((row) => row.status === 'ended' && row.host.store_id === hostStore.id),
    ).toBe(true);
    const outside = await call<{ total: number }>(
      'GET',
      `dispatch/index?home_store_id=${hostStore.id}`,
      undefined,
      manager,
    );
    expect(outside.data.total).toBe(0);
  });
});
