import { DictType } from '@dealer-hr/shared/dictionary-types';
import type { TransferDetail, TransferRow, TransferTarget } from '@dealer-hr/shared/transfers/contract';
import { transferMessages } from '@dealer-hr/shared/transfers/rules';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalFlows,
  approvalTasks,
  assignments,
  auditLogs,
  departments,
  dictionaryItems,
  employees,
  exclusionRules,
  jobs,
  jobTransfers,
  posts,
  stores,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { PDF, readUpload, uploadAs } from '../../test/uploads';
import { createTestApp, type TestApp } from '../../test/app';
import { can, loadAccess } from '../../core/access';
import { loadScope } from '../../core/scope';
import { grantPermissions, mainPostOf, userIdOf } from '../../test/users';

const FILER = [
  'staff:transfer:view',
  'staff:transfer:create',
  'staff:transfer:update',
  'staff:transfer:cancel',
  'staff:transfer:export',
];
const APPROVER = [
  'processapproval:posttransfer:view',
  'processapproval:posttransfer:approve',
  'processapproval:posttransfer:reject',
];
/** The test clock's day when the file starts; each test moves it only forward. */
const START = '2026-12-01';

let t: TestApp;
let admin: string;
/** The seeded store manager: the first approver of every transfer here, and a filer limited to their store. */
let manager: string;
let managerStore: { id: number; departmentId: number };
let otherStore: { id: number; departmentId: number; name: string };
let adjust: number;
let salesPost: number;
let people: { id: number; assignmentId: number; departmentId: number; postId: number; startDate: string }[];
const call = callerOf(() => ({ app: t, authorization: admin }));

async function setClock(date: string) {
  const answer = await call('PUT', '/api/test/clock', { date });
  expect(answer.data.today).toBe(date);
  // The clock's catch-up run, and anything else queued, is done before the test reads.
  while (await t.app.jobRunner.runNext()) {
    /* next */
  }
}

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.login();
  await grantPermissions(t, 'manager', [...FILER, ...APPROVER]);
  manager = await t.login('manager');
  const place = await mainPostOf(t, 'manager');
  managerStore = { id: place.storeId!, departmentId: place.departmentId };
  const [gm] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.code, 'general_manager'));
  // Another store with a general manager in post (who approves what comes to it).
  [otherStore] = (await t.db
    .select({ id: stores.id, departmentId: stores.departmentId, name: stores.name })
    .from(stores)
    .innerJoin(
      assignments,
      and(eq(assignments.storeId, stores.id), eq(assignments.postId, gm!.id), isNull(assignments.endDate)),
    )
    .where(and(ne(stores.id, managerStore.id), eq(stores.status, 'active')))
    .orderBy(asc(stores.id))
    .limit(1)) as [typeof otherStore];
  [{ id: adjust }] = (await t.db
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.typeId, DictType.TRANSFER_TYPE), eq(dictionaryItems.code, 'adjust')))) as [
    { id: number },
  ];
  [{ id: salesPost }] = (await t.db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.code, 'sales_consultant'))) as [{ id: number }];
  // The people of the manager's store on staff, each with their main post (never the manager).
  people = (
    await t.db
      .select({
        id: employees.id,
        assignmentId: assignments.id,
        departmentId: assignments.departmentId,
        postId: assignments.postId,
        startDate: assignments.startDate,
      })
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
          eq(employees.mainStoreId, managerStore.id),
          eq(employees.status, 'regular'),
          ne(employees.id, place.employeeId),
        ),
      )
      .orderBy(asc(employees.id))
  ).filter((person) => person.postId !== salesPost);
  // One approver the tests control: the manager, then (for a move to another store) that store's manager.
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
        {
          name: '调入门店总经理审批',
          approver_type: 'post',
          approver_ids: [gm!.id],
          leader_level: null,
          mode: 'any',
          condition: { field: 'store_changes', op: 'eq', value: 1 },
          side: 'target',
        },
      ],
    })
    .where(eq(approvalFlows.businessType, 'posttransfer'));
  // The other store's general manager signs in to approve what comes to their store.
  const [receiving] = await t.db
    .select({ employeeId: assignments.employeeId })
    .from(assignments)
    .where(
      and(
        eq(assignments.storeId, otherStore.id),
        eq(assignments.postId, gm!.id),
        eq(assignments.isMain, true),
        isNull(assignments.endDate),
      ),
    )
    .limit(1);
  await t.db.insert(users).values({
    username: 'receiving-gm',
    name: '调入门店总经理',
    employeeId: receiving!.employeeId,
    passwordHash: await hashPassword(t.config.ADMIN_PASSWORD),
  });
  await grantPermissions(t, 'receiving-gm', APPROVER);
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

/** The sales department of a store (a department node below it). */
async function departmentIn(storeDepartmentId: number) {
  const [store] = await t.db
    .select({ path: departments.path })
    .from(departments)
    .where(eq(departments.id, storeDepartmentId));
  const [found] = await t.db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        sql`${departments.path} like ${store!.path} || '%'`,
        eq(departments.kind, 'department'),
        eq(departments.status, 'active'),
      ),
    )
    .orderBy(asc(departments.id))
    .limit(1);
  return found!.id;
}

const body = (who: ReturnType<typeof person>, overrides: Record<string, unknown> = {}) => ({
  employee_id: who.id,
  from_assignment_id: who.assignmentId,
  to_department_id: who.departmentId,
  to_post_id: salesPost,
  type_id: adjust,
  effective_date: START,
  reason: '门店业务调整',
  ...overrides,
});

async function filed(payload: Record<string, unknown>, authorization = admin) {
  const answer = await call<TransferDetail>('POST', 'user/job/transfer/store', payload, authorization);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

async function approve(id: number, authorization = manager) {
  const answer = await call<TransferDetail>('POST', 'user/job/transfer/approve', { id }, authorization);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

const assignmentsOf = (employeeId: number) =>
  t.db
    .select()
    .from(assignments)
    .where(eq(assignments.employeeId, employeeId))
    .orderBy(asc(assignments.startDate), asc(assignments.id));

describe('filing', () => {
  it('refuses each reason with its message', async () => {
    const who = person();
    const refused = async (payload: Record<string, unknown>, field: string, message: string) =>
      expect(fieldErrorsOf(await call('POST', 'user/job/transfer/store', payload))).toContainEqual({
        field,
        message,
      });

    await refused(body(who, { to_post_id: who.postId }), 'to_post_id', transferMessages.samePlace);
    await refused(
      body(who, { effective_date: who.startDate }),
      'effective_date',
      transferMessages.effectiveBeforeStart(who.startDate),
    );
    await refused(
      body(who, { effective_date: '2026-01-01' }),
      'effective_date',
      transferMessages.effectiveTooEarly,
    );
    const [gender] = await t.db
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.typeId, DictType.REGION))
      .limit(1);
    await refused(body(who, { type_id: gender!.id }), 'type_id', transferMessages.typeInvalid);
    const [inactive] = await t.db
      .insert(posts)
      .values({ code: 'retired_post', name: '已停用岗位', status: 'disabled' })
      .returning({ id: posts.id });
    await refused(body(who, { to_post_id: inactive!.id }), 'to_post_id', transferMessages.postInactive);
    const [other] = await t.db
      .select({ id: assignments.id })
      .from(assignments)
      .where(and(ne(assignments.employeeId, who.id), isNull(assignments.endDate)))
      .limit(1);
    await refused(
      body(who, { from_assignment_id: other!.id }),
      'from_assignment_id',
      transferMessages.assignmentNotFound,
    );
    // The manager may not send someone outside their store.
    const outside = await departmentIn(otherStore.departmentId);
    const answer = await call(
      'POST',
      'user/job/transfer/store',
      body(who, { to_department_id: outside }),
      manager,
    );
    expect(fieldErrorsOf(answer)).toContainEqual({
      field: 'to_department_id',
      message: transferMessages.outsideScope,
    });
    // Nothing was written by any of them.
    expect(await t.db.select().from(jobTransfers).where(eq(jobTransfers.employeeId, who.id))).toEqual([]);
  });

  it('refuses a person who is not on staff, and a second open transfer (also when two race)', async () => {
    const resigned = person();
    await t.db.update(employees).set({ status: 'resigned' }).where(eq(employees.id, resigned.id));
    const notOnStaff = await call('POST', 'user/job/transfer/store', body(resigned));
    expect([notOnStaff.code, notOnStaff.message]).toEqual([409, transferMessages.notOnStaff]);

    const who = person();
    const answers = await Promise.all([
      call('POST', 'user/job/transfer/store', body(who)),
      call('POST', 'user/job/transfer/store', body(who, { reason: '另一份' })),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.code === 409)!.message).toBe(transferMessages.inProgress);
    const again = await call('POST', 'user/job/transfer/store', body(who, { reason: '第三份' }));
    expect([again.code, again.message]).toEqual([409, transferMessages.inProgress]);
  });

  it('refuses a target the mutual-exclusion rules forbid', async () => {
    const who = person();
    await t.db.insert(exclusionRules).values({
      name: '测试互斥：原岗位与销售顾问',
      kind: 'posts',
      firstPostId: who.postId,
      secondPostId: salesPost,
    });
    // Keeping the old post as part-time would make the person hold both.
    const answer = await call('POST', 'user/job/transfer/store', body(who, { keep_part_time: true }));
    expect(answer.code).toBe(409);
    expect(answer.message).toContain('测试互斥：原岗位与销售顾问');
    // Leaving it is allowed.
    const allowed = await filed(body(who));
    expect(allowed.status).toBe('approving');
  });

  it('shows the target headcount: planned, held, and held after the move', async () => {
    const who = person();
    const target = await call<TransferTarget>(
      'GET',
      `user/job/transfer/target?department_id=${who.departmentId}&post_id=${salesPost}&employee_id=${who.id}`,
    );
    const [held] = await t.db
      .select({ total: sql<number>`count(*)::int` })
      .from(assignments)
      .where(
        and(
          eq(assignments.storeId, managerStore.id),
          eq(assignments.postId, salesPost),
          eq(assignments.isMain, true),
          isNull(assignments.endDate),
        ),
      );
    expect(target.data).toMatchObject({
      store_id: managerStore.id,
      held: held!.total,
      held_after: held!.total + 1,
    });
    expect(target.data.planned).toBeGreaterThan(0);
  });
});

describe('approval and effect', () => {
  it('applies a transfer dated today at the final approval, exact to the day, and headcount follows', async () => {
    const who = person();
    const target = () =>
      call<TransferTarget>(
        'GET',
        `user/job/transfer/target?department_id=${who.departmentId}&post_id=${salesPost}`,
      );
    const before = (await target()).data.held;
    const transfer = await filed(body(who));
    expect(transfer.status).toBe('approving');
    const approved = await approve(transfer.id);
    expect(approved.status).toBe('effective');
    const history = await assignmentsOf(who.id);
    expect(history.find((row) => row.id === who.assignmentId)!.endDate).toBe('2026-11-30');
    expect(history.at(-1)).toMatchObject({
      postId: salesPost,
      isMain: true,
      startDate: START,
      endDate: null,
    });
    const [employee] = await t.db.select().from(employees).where(eq(employees.id, who.id));
    expect(employee!.mainPostId).toBe(salesPost);
    expect((await target()).data.held).toBe(before + 1);
    const audits = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'job_transfer'), eq(auditLogs.entityId, String(transfer.id))));
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'approve', 'apply']));
  });

  it('waits for a later date, applies it when the day comes, and catches up after a missed run', async () => {
    const first = person();
    const second = person();
    const early = await filed(body(first, { effective_date: '2026-12-05' }));
    const later = await filed(body(second, { effective_date: '2026-12-08' }));
    expect((await approve(early.id)).status).toBe('pending');
    expect((await approve(later.id)).status).toBe('pending');
    expect((await assignmentsOf(first.id)).at(-1)!.endDate).toBeNull();

    await setClock('2026-12-04');
    expect((await call<TransferDetail>('GET', `user/job/transfer/detail?id=${early.id}`)).data.status).toBe(
      'pending',
    );

    // Nobody ran the server on the 5th to the 9th: the next start applies both, each on its own date.
    await setClock('2026-12-10');
    for (const [transfer, who, day, dayBefore] of [
      [early, first, '2026-12-05', '2026-12-04'],
      [later, second, '2026-12-08', '2026-12-07'],
    ] as const) {
      expect(
        (await call<TransferDetail>('GET', `user/job/transfer/detail?id=${transfer.id}`)).data.status,
      ).toBe('effective');
      const history = await assignmentsOf(who.id);
      expect(history.find((row) => row.id === who.assignmentId)!.endDate).toBe(dayBefore);
      expect(history.at(-1)).toMatchObject({ postId: salesPost, startDate: day, endDate: null });
    }
    // A second run applies nothing twice.
    const rows = await t.db
      .select()
      .from(assignments)
      .where(inArray(assignments.employeeId, [first.id, second.id]));
    await t.app.jobRunner.catchUp();
    while (await t.app.jobRunner.runNext()) {
      /* next */
    }
    expect(
      await t.db
        .select()
        .from(assignments)
        .where(inArray(assignments.employeeId, [first.id, second.id])),
    ).toHaveLength(rows.length);
    const [last] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'transfers.apply-due'))
      .orderBy(sql`${jobs.id} desc`)
      .limit(1);
    expect(last!.result).toEqual({ applied: 0, cancelled: 0 });
  });

  it('is cancelled before its date, and the day then changes nothing', async () => {
    const who = person();
    const transfer = await filed(body(who, { effective_date: '2026-12-20' }));
    await approve(transfer.id);
    const cancelled = await call<TransferDetail>('POST', 'user/job/transfer/cancel', {
      id: transfer.id,
      reason: '业务调整取消',
    });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancel_reason: '业务调整取消' });
    await setClock('2026-12-21');
    expect((await assignmentsOf(who.id)).at(-1)!.id).toBe(who.assignmentId);
    const again = await call('POST', 'user/job/transfer/cancel', { id: transfer.id });
    expect([again.code, again.message]).toEqual([409, transferMessages.notCancellable]);
  });

  it('cancelling a transfer in approval withdraws its approval', async () => {
    const who = person();
    const transfer = await filed(body(who, { effective_date: '2026-12-28' }));
    await call('POST', 'user/job/transfer/cancel', { id: transfer.id });
    const tasks = await t.db
      .select({ status: approvalTasks.status })
      .from(approvalTasks)
      .where(eq(approvalTasks.instanceId, transfer.approval!.instance_id));
    expect(tasks.map((task) => task.status)).toEqual(['cancelled']);
    const late = await call('POST', 'user/job/transfer/approve', { id: transfer.id }, manager);
    expect([late.code, late.message]).toEqual([409, transferMessages.noTask]);
  });

  it('goes back to its filer when rejected, and is filed again once changed', async () => {
    const who = person();
    const transfer = await filed(body(who, { effective_date: '2026-12-25' }));
    const rejected = await call<TransferDetail>(
      'POST',
      'user/job/transfer/reject',
      { id: transfer.id, comment: '请改到下月初' },
      manager,
    );
    expect(rejected.data).toMatchObject({ status: 'returned', return_comment: '请改到下月初' });
    const edited = await call<TransferDetail>('PUT', 'user/job/transfer/edit', {
      id: transfer.id,
      ...body(who, { effective_date: '2027-01-01' }),
    });
    expect(edited.data).toMatchObject({
      status: 'approving',
      effective_date: '2027-01-01',
      return_comment: null,
    });
    expect(edited.data.approval!.instance_id).not.toBe(transfer.approval!.instance_id);
  });

  it('moves a person into a store their approver cannot see; the new store approves too', async () => {
    const who = person();
    const outside = await departmentIn(otherStore.departmentId);
    const transfer = await filed(body(who, { to_department_id: outside, effective_date: '2026-12-21' }));
    // The manager approves the move out of their store; the other store's general manager is asked next.
    expect((await approve(transfer.id)).status).toBe('approving');
    const [task] = await t.db
      .select({ username: users.username })
      .from(approvalTasks)
      .innerJoin(users, eq(users.id, approvalTasks.approverUserId))
      .where(
        and(
          eq(approvalTasks.instanceId, transfer.approval!.instance_id),
          eq(approvalTasks.status, 'pending'),
        ),
      );
    expect(task!.username).toBe('receiving-gm');
    const receiving = await t.login('receiving-gm');
    const approved = await approve(transfer.id, receiving);
    expect(approved).toMatchObject({ status: 'effective', to: { store_id: otherStore.id } });
    const [employee] = await t.db
      .select({ storeId: employees.mainStoreId })
      .from(employees)
      .where(eq(employees.id, who.id));
    expect(employee!.storeId).toBe(otherStore.id);
    // The person left the manager's store; the transfer stays theirs to read (it left from there).
    const roster = await call<{ data: { id: number }[] }>(
      'GET',
      `user/index?page=1&limit=100`,
      undefined,
      manager,
    );
    expect(roster.data.data.map((row) => row.id)).not.toContain(who.id);
    const detail = await call<TransferDetail>(
      'GET',
      `user/job/transfer/detail?id=${transfer.id}`,
      undefined,
      manager,
    );
    expect(detail.code).toBe(200);
  });
});

describe('attachments', () => {
  it('takes the filer’s own uploads only, and shows them to the approver', async () => {
    const upload = async (authorization: string) =>
      (await uploadAs(t, authorization, { name: '调令.pdf', type: 'application/pdf', bytes: PDF }, 'other'))
        .data.id as number;
    const who = person();
    const foreign = await upload(manager);
    const refused = await call('POST', 'user/job/transfer/store', body(who, { attachment_ids: [foreign] }));
    expect(fieldErrorsOf(refused)).toContainEqual({
      field: 'attachment_ids',
      message: transferMessages.attachmentInvalid,
    });
    const own = await upload(admin);
    const transfer = await filed(body(who, { attachment_ids: [own], effective_date: '2027-01-05' }));
    expect(transfer.attachments.map((file) => [file.id, file.file_name])).toEqual([[own, '调令.pdf']]);
    expect((await readUpload(t, manager, own)).statusCode).toBe(200);
  });
});

describe('the person’s own account', () => {
  it('follows the new placement: its data scope and the roles its post gives', async () => {
    const staff = await mainPostOf(t, 'staff');
    const userId = await userIdOf(t, 'staff');
    const [gm] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.code, 'general_manager'));
    const before = await loadAccess(t.db, userId);
    expect(can(before, 'processapproval:posttransfer:approve')).toBe(false);
    const transfer = await filed({
      employee_id: staff.employeeId,
      from_assignment_id: staff.assignmentId,
      to_department_id: otherStore.departmentId,
      to_post_id: gm!.id,
      type_id: adjust,
      // The clock stands at 2026-12-21 by now: it takes effect at the final approval.
      effective_date: '2026-12-21',
      reason: '提拔为门店总经理',
    });
    while (
      (await call<TransferDetail>('GET', `user/job/transfer/detail?id=${transfer.id}`)).data.status ===
      'approving'
    ) {
      const [task] = await t.db
        .select({ username: users.username })
        .from(approvalTasks)
        .innerJoin(users, eq(users.id, approvalTasks.approverUserId))
        .where(
          and(
            eq(approvalTasks.instanceId, transfer.approval!.instance_id),
            eq(approvalTasks.status, 'pending'),
          ),
        );
      await approve(transfer.id, task!.username === 'manager' ? manager : await t.login(task!.username));
    }
    const [store] = await t.db
      .select({ path: departments.path })
      .from(departments)
      .where(eq(departments.id, otherStore.departmentId));
    expect(await loadScope(t.db, userId)).toEqual({
      all: false,
      rootIds: [otherStore.departmentId],
      paths: [store!.path],
    });
    expect(can(await loadAccess(t.db, userId), 'processapproval:posttransfer:approve')).toBe(true);
  });
});

describe('list and export', () => {
  it('filters by status, type, store and effective dates, in the caller’s scope', async () => {
    const list = (query: string, authorization = admin) =>
      call<{ data: TransferRow[]; total: number }>(
        'GET',
        `user/job/transfer/index?page=1&limit=100&${query}`,
        undefined,
        authorization,
      );
    const effective = await list('status=effective');
    expect(effective.data.total).toBeGreaterThan(0);
    expect(effective.data.data.every((row) => row.status === 'effective')).toBe(true);
    const dated = await list('from=2026-12-05&to=2026-12-08');
    const days = dated.data.data.map((row) => row.effective_date);
    expect(days).toEqual(expect.arrayContaining(['2026-12-05', '2026-12-08']));
    expect(days.every((day) => day >= '2026-12-05' && day <= '2026-12-08')).toBe(true);
    const incoming = await list(`to_store_id=${otherStore.id}&type_id=${adjust}`);
    expect(incoming.data.data.every((row) => row.to.store_id === otherStore.id)).toBe(true);
    expect(incoming.data.total).toBeGreaterThan(0);
    // The other store's manager sees the transfer into their store and nothing of the manager's own.
    const awaiting = await list('awaiting_me=1', manager);
    expect(awaiting.data.data.every((row) => row.status === 'approving')).toBe(true);
    const mine = await list('', manager);
    expect(
      mine.data.data.every(
        (row) => row.from.store_id === managerStore.id || row.to.store_id === managerStore.id,
      ),
    ).toBe(true);
  });

  it('exports what the list shows', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user/job/transfer/export?status=effective',
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const list = await call<{ total: number }>('GET', 'user/job/transfer/index?status=effective');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.actualRowCount - 1).toBe(list.data.total);
    expect(sheet.getRow(2).getCell(11).text).toBe('已生效');
  });
});
