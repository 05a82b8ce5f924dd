import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowNode } from '@dealer-hr/shared/approvals/rules';
import { requiredMessage } from '@dealer-hr/shared/rules';
import {
  approvalEvents,
  approvalFlows,
  approvalInstances,
  approvalTasks,
  departments,
  menus,
  messages,
  roleMenus,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { callerOf } from '../../test/api';
import type { TestApp } from '../../test/app';
import {
  FIXTURE_TYPE,
  createFixtureApp,
  fixtureBusiness,
  fixtureRequests,
  submitFixtureRequest,
} from '../../test/approval-fixture';
import { createApprovalEngine } from './engine';
import { engineMessages } from './engine';
import { flowMessages } from '@dealer-hr/shared/approvals/rules';

interface Account {
  id: number;
  authorization: string;
}

let t: TestApp;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: admin }));
let applicant: Account;
let approverB: Account;
let approverC: Account;
let outsider: Account;
/** A store node of the demo tree (any active department would do for named-user flows). */
let storeId: number;
let testFlowId: number;

const PASSWORD = 'Test@2026-pass';
const APPLICANT_PERMS = ['approval:mine:view', 'approval:mine:withdraw'];
const APPROVER_PERMS = [
  'approval:todo:view',
  'approval:todo:approve',
  'approval:todo:reject',
  'approval:done:view',
];

/** A fresh account whose one role (group-wide data scope) grants exactly `permissions`. */
async function account(permissions: readonly string[]): Promise<Account> {
  const suffix = randomUUID().slice(0, 8);
  const [user] = await t.db
    .insert(users)
    .values({
      username: `a-${suffix}`,
      name: `审批测试${suffix}`,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id, username: users.username });
  const granted = await t.db
    .select({ id: menus.id })
    .from(menus)
    .where(inArray(menus.perm, [...permissions]));
  expect(granted).toHaveLength(permissions.length);
  const [role] = await t.db
    .insert(roles)
    .values({ key: `approval-${suffix}`, name: `审批测试角色${suffix}`, dataScope: 'all' })
    .returning({ id: roles.id });
  await t.db.insert(roleMenus).values(granted.map((menu) => ({ roleId: role!.id, menuId: menu.id })));
  await t.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  return { id: user!.id, authorization: await t.login(user!.username, PASSWORD) };
}

const actorOf = (userId: number) => ({ userId, ip: '127.0.0.1', requestId: 'test' });

const node = (overrides: Partial<FlowNode> & Pick<FlowNode, 'name'>): FlowNode => ({
  approver_type: 'users',
  approver_ids: [],
  leader_level: null,
  mode: 'any',
  condition: null,
  ...overrides,
});

/** Makes the group-wide flow of the fixture's type exactly `nodes` (gaps accepted: the tests name their approvers). */
async function useFlow(nodes: FlowNode[]) {
  const answer = await call(
    'PUT',
    'approval/set/update',
    { id: testFlowId, business_type: FIXTURE_TYPE, name: '引擎测试流程', nodes, accept_gaps: true },
    admin,
  );
  expect(answer.code).toBe(200);
}

/** Files a fixture record of `days` for `by` at `departmentId` and answers its approval's id. */
async function submit(days = 1, by = applicant, departmentId = storeId) {
  const instance = await submitFixtureRequest(t.db, {
    applicantUserId: by.id,
    departmentId,
    days,
    title: `引擎测试 ${randomUUID().slice(0, 6)}`,
  });
  return instance.id;
}

const tasksOf = (instanceId: number) =>
  t.db
    .select()
    .from(approvalTasks)
    .where(eq(approvalTasks.instanceId, instanceId))
    .orderBy(approvalTasks.nodeIndex, approvalTasks.approverUserId);

const taskOf = async (instanceId: number, userId: number) =>
  (await tasksOf(instanceId)).find((task) => task.approverUserId === userId && task.status === 'pending')!;

const instanceOf = async (id: number) =>
  (await t.db.select().from(approvalInstances).where(eq(approvalInstances.id, id)))[0]!;

const requestOf = async (instanceId: number) => {
  const instance = await instanceOf(instanceId);
  return (await t.db.select().from(fixtureRequests).where(eq(fixtureRequests.id, instance.businessId)))[0]!;
};

const eventsOf = (instanceId: number) =>
  t.db
    .select()
    .from(approvalEvents)
    .where(eq(approvalEvents.instanceId, instanceId))
    .orderBy(approvalEvents.id);

const messagesOf = (userId: number, kind: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.kind, kind)));

const approve = (task: number, who: Account, comment?: string) =>
  call<{ status: string }>('POST', 'approval/task/approve', { id: task, comment }, who.authorization);

beforeAll(async () => {
  t = await createFixtureApp();
  admin = await t.login();
  applicant = await account(APPLICANT_PERMS);
  approverB = await account(APPROVER_PERMS);
  approverC = await account(APPROVER_PERMS);
  outsider = await account([...APPLICANT_PERMS, ...APPROVER_PERMS]);
  const [store] = await t.db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.kind, 'store'), eq(departments.status, 'active')))
    .limit(1);
  storeId = store!.id;
  const [flow] = await t.db
    .select({ id: approvalFlows.id })
    .from(approvalFlows)
    .where(and(eq(approvalFlows.businessType, FIXTURE_TYPE), isNull(approvalFlows.departmentId)));
  testFlowId = flow!.id;
});

afterAll(async () => {
  await t.close();
});

describe('the approval engine', () => {
  beforeEach(async () => {
    await useFlow([node({ name: '一审', approver_ids: [approverB.id, approverC.id] })]);
  });

  it('any one: the first approval settles the node, the other task is cancelled, the applicant is told', async () => {
    const id = await submit();
    expect((await tasksOf(id)).map((task) => [task.approverUserId, task.status])).toEqual([
      [approverB.id, 'pending'],
      [approverC.id, 'pending'],
    ]);
    expect(await messagesOf(approverB.id, 'approval_task')).toHaveLength(1);

    const answer = await approve((await taskOf(id, approverB.id)).id, approverB, '同意');
    expect(answer.data.status).toBe('approved');
    expect((await tasksOf(id)).map((task) => task.status)).toEqual(['approved', 'cancelled']);
    expect((await requestOf(id)).status).toBe('approved');
    const told = await messagesOf(applicant.id, 'approval_approved');
    expect(told.some((message) => message.link === `/approval/mine?instance=${id}`)).toBe(true);
    expect((await eventsOf(id)).map((event) => event.action)).toEqual(['submit', 'approve', 'complete']);
  });

  it('all: the node waits for every approver', async () => {
    await useFlow([node({ name: '会签', approver_ids: [approverB.id, approverC.id], mode: 'all' })]);
    const id = await submit();
    expect((await approve((await taskOf(id, approverB.id)).id, approverB)).data.status).toBe('pending');
    expect((await instanceOf(id)).currentNode).toBe(0);
    expect((await approve((await taskOf(id, approverC.id)).id, approverC)).data.status).toBe('approved');
  });

  it('moves node by node, telling each next approver', async () => {
    await useFlow([
      node({ name: '一审', approver_ids: [approverB.id] }),
      node({ name: '二审', approver_ids: [approverC.id] }),
    ]);
    const id = await submit();
    expect(await taskOf(id, approverC.id)).toBeUndefined();
    await approve((await taskOf(id, approverB.id)).id, approverB);
    const second = await taskOf(id, approverC.id);
    expect(second.nodeIndex).toBe(1);
    expect((await instanceOf(id)).currentNode).toBe(1);
    expect((await approve(second.id, approverC)).data.status).toBe('approved');
  });

  it("resolves the leader n levels up from the record's department", async () => {
    // The demo's store manager leads their store's node; a department under it has the store two levels up.
    const [manager] = await t.db.select().from(users).where(eq(users.username, 'manager'));
    const [store] = await t.db
      .select()
      .from(departments)
      .where(eq(departments.leaderEmployeeId, manager!.employeeId!));
    const [child] = await t.db
      .select()
      .from(departments)
      .where(and(eq(departments.parentId, store!.id), eq(departments.status, 'active')));
    expect(child).toBeDefined();
    await useFlow([node({ name: '上级负责人', approver_type: 'leader', leader_level: 2 })]);
    const id = await submit(1, applicant, child!.id);
    expect((await tasksOf(id)).map((task) => task.approverUserId)).toEqual([manager!.id]);

    // From the store itself, two levels up is its region, which has no leader with an account: passed over.
    const fromStore = await submit(1, applicant, store!.id);
    expect((await instanceOf(fromStore)).status).toBe('approved');
    const skipped = (await eventsOf(fromStore)).find((event) => event.action === 'skip');
    expect(skipped?.comment).toBe(engineMessages.nobodySkipped);
  });

  it('adds a node only when its condition holds on the form', async () => {
    await useFlow([
      node({ name: '一审', approver_ids: [approverB.id] }),
      node({
        name: '大额复核',
        approver_ids: [approverC.id],
        condition: { field: 'days', op: 'gt', value: 3 },
      }),
    ]);
    const small = await submit(2);
    await approve((await taskOf(small, approverB.id)).id, approverB);
    expect((await instanceOf(small)).status).toBe('approved');
    const skip = (await eventsOf(small)).find((event) => event.action === 'skip');
    expect([skip?.nodeIndex, skip?.comment]).toEqual([1, engineMessages.conditionSkipped]);

    const large = await submit(10);
    await approve((await taskOf(large, approverB.id)).id, approverB);
    expect((await instanceOf(large)).status).toBe('pending');
    expect((await taskOf(large, approverC.id)).nodeIndex).toBe(1);
  });

  it('reject needs a reason, ends the approval and returns the record with the reason', async () => {
    const id = await submit();
    const task = await taskOf(id, approverC.id);
    const bare = await call('POST', 'approval/task/reject', { id: task.id }, approverC.authorization);
    expect(bare.code).toBe(422);
    expect(bare.data).toEqual({ errors: [{ field: 'comment', message: requiredMessage('审批意见') }] });

    const answer = await call<{ status: string }>(
      'POST',
      'approval/task/reject',
      { id: task.id, comment: '材料不全' },
      approverC.authorization,
    );
    expect(answer.data.status).toBe('rejected');
    expect((await tasksOf(id)).map((row) => row.status)).toEqual(['cancelled', 'rejected']);
    expect((await requestOf(id)).status).toBe('rejected');
    const told = await messagesOf(applicant.id, 'approval_rejected');
    expect(told.some((message) => message.content.includes('材料不全'))).toBe(true);
    // Decided is decided.
    const again = await approve((await tasksOf(id))[0]!.id, approverB);
    expect([again.code, again.message]).toEqual([409, engineMessages.taskSettled]);
  });

  it('the applicant may withdraw while it is pending, nobody else, and not after', async () => {
    const id = await submit();
    const stranger = await call('POST', 'approval/task/withdraw', { id }, outsider.authorization);
    expect(stranger.code).toBe(404);
    const answer = await call<{ status: string }>(
      'POST',
      'approval/task/withdraw',
      { id },
      applicant.authorization,
    );
    expect(answer.data.status).toBe('withdrawn');
    expect((await tasksOf(id)).every((task) => task.status === 'cancelled')).toBe(true);
    expect((await requestOf(id)).status).toBe('withdrawn');
    expect((await messagesOf(approverB.id, 'approval_withdrawn')).length).toBeGreaterThan(0);
    const late = await approve((await tasksOf(id))[0]!.id, approverB);
    expect(late.code).toBe(409);
    const twice = await call('POST', 'approval/task/withdraw', { id }, applicant.authorization);
    expect([twice.code, twice.message]).toEqual([409, engineMessages.notPending]);
  });

  it('never gives the applicant a task on their own request; a node of only the applicant is passed over', async () => {
    await useFlow([node({ name: '一审', approver_ids: [applicant.id, approverB.id] })]);
    const id = await submit();
    expect((await tasksOf(id)).map((task) => task.approverUserId)).toEqual([approverB.id]);
    // Even a task made by hand for the applicant cannot approve their own request.
    const [handMade] = await t.db
      .insert(approvalTasks)
      .values({ instanceId: id, nodeIndex: 0, approverUserId: applicant.id })
      .returning();
    await expect(
      createApprovalEngine([fixtureBusiness]).decide(
        t.db,
        actorOf(applicant.id),
        handMade!.id,
        'approve',
        null,
      ),
    ).rejects.toThrow(engineMessages.ownRequest);

    await useFlow([node({ name: '自审', approver_ids: [outsider.id] })]);
    const own = await submit(1, outsider);
    expect((await tasksOf(own)).length).toBe(0);
    expect((await instanceOf(own)).status).toBe('approved');
    expect((await eventsOf(own)).map((event) => event.action)).toEqual(['submit', 'skip', 'complete']);
  });

  it('of parallel decisions on one approval exactly one wins', async () => {
    const id = await submit();
    const b = await taskOf(id, approverB.id);
    const c = await taskOf(id, approverC.id);
    const answers = await Promise.all([
      approve(b.id, approverB),
      approve(b.id, approverB),
      approve(c.id, approverC),
      call('POST', 'approval/task/reject', { id: c.id, comment: '不同意' }, approverC.authorization),
      approve(b.id, approverB),
    ]);
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    const instance = await instanceOf(id);
    expect(['approved', 'rejected']).toContain(instance.status);
    const decided = (await tasksOf(id)).filter(
      (task) => task.status === 'approved' || task.status === 'rejected',
    );
    expect(decided).toHaveLength(1);
    const ends = (await eventsOf(id)).filter((event) => ['approve', 'reject'].includes(event.action));
    expect(ends).toHaveLength(1);
    const told = await t.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.userId, applicant.id),
          inArray(messages.kind, ['approval_approved', 'approval_rejected']),
        ),
      );
    expect(told.filter((message) => message.link === `/approval/mine?instance=${id}`)).toHaveLength(1);
  });

  it('refuses two businesses of one type: one of them would never be heard', () => {
    expect(() => createApprovalEngine([fixtureBusiness, { ...fixtureBusiness }])).toThrow(
      `Approval business ${FIXTURE_TYPE} is registered twice`,
    );
  });

  it('rolls the whole approval back when the business hook fails', async () => {
    const failing = createApprovalEngine([
      {
        ...fixtureBusiness,
        onApproved: async () => {
          throw new Error('business effect failed');
        },
      },
    ]);
    const instance = await submitFixtureRequest(
      t.db,
      { applicantUserId: applicant.id, departmentId: storeId, days: 1, title: '钩子失败' },
      failing,
    );
    const task = await taskOf(instance.id, approverB.id);
    await expect(failing.decide(t.db, actorOf(approverB.id), task.id, 'approve', null)).rejects.toThrow(
      'business effect failed',
    );
    expect((await instanceOf(instance.id)).status).toBe('pending');
    expect((await tasksOf(instance.id)).map((row) => row.status)).toEqual(['pending', 'pending']);
    expect((await eventsOf(instance.id)).map((event) => event.action)).toEqual(['submit']);
    expect((await requestOf(instance.id)).status).toBe('pending');
    const told = await messagesOf(applicant.id, 'approval_approved');
    expect(told.some((message) => message.link === `/approval/mine?instance=${instance.id}`)).toBe(false);
  });

  it('refuses a record no active flow covers, and writes nothing', async () => {
    await t.db.update(approvalFlows).set({ status: 'disabled' }).where(eq(approvalFlows.id, testFlowId));
    try {
      const before = await t.db.select().from(fixtureRequests);
      const refused = submitFixtureRequest(t.db, {
        applicantUserId: applicant.id,
        departmentId: storeId,
        days: 1,
        title: '无流程',
      });
      await expect(refused).rejects.toMatchObject({
        code: 409,
        message: engineMessages.noFlow(FIXTURE_TYPE),
      });
      expect(await t.db.select().from(fixtureRequests)).toHaveLength(before.length);
    } finally {
      await t.db.update(approvalFlows).set({ status: 'active' }).where(eq(approvalFlows.id, testFlowId));
    }
  });

  it('chooses the flow of the nearest department above the record', async () => {
    const [store] = await t.db.select().from(departments).where(eq(departments.id, storeId));
    const [child] = await t.db.select().from(departments).where(eq(departments.parentId, store!.id));
    const created = await call<{ id: number }>(
      'POST',
      'approval/set/store',
      {
        business_type: FIXTURE_TYPE,
        name: '门店专用流程',
        department_id: storeId,
        nodes: [node({ name: '门店审批', approver_ids: [approverC.id] })],
        accept_gaps: true,
      },
      admin,
    );
    expect(created.code).toBe(200);
    try {
      const inStore = await submit(1, applicant, child!.id);
      expect((await tasksOf(inStore)).map((task) => task.approverUserId)).toEqual([approverC.id]);
      const [elsewhere] = await t.db
        .select()
        .from(departments)
        .where(and(eq(departments.kind, 'store'), eq(departments.status, 'active')))
        .offset(1)
        .limit(1);
      const other = await submit(1, applicant, elsewhere!.id);
      expect((await tasksOf(other)).map((task) => task.approverUserId)).toEqual([approverB.id, approverC.id]);
    } finally {
      await t.db
        .update(approvalFlows)
        .set({ status: 'disabled' })
        .where(eq(approvalFlows.id, created.data.id));
    }
  });
});

describe('task lists, counts and the detail', () => {
  it('shows a task in to-do, then in done; the request in my requests; the detail to participants only', async () => {
    await useFlow([node({ name: '一审', approver_ids: [approverB.id] })]);
    const id = await submit();
    const todo = await call<{ data: { id: number; task_id: number; current_node_name: string }[] }>(
      'GET',
      'approval/task/index?scope=todo&limit=50',
      undefined,
      approverB.authorization,
    );
    const row = todo.data.data.find((candidate) => candidate.id === id)!;
    expect(row.current_node_name).toBe('一审');
    const counts = await call<{ todo: number; done: number; mine: number }>(
      'GET',
      'approval/task/count',
      undefined,
      approverB.authorization,
    );
    expect(counts.data.todo).toBe(todo.data.data.length);
    expect(counts.data.mine).toBe(0);

    const detail = await call<{
      actions: { task_id: number | null; can_withdraw: boolean };
      timeline: unknown[];
    }>('GET', `approval/task/detail?id=${id}`, undefined, approverB.authorization);
    expect(detail.data.actions).toEqual({ task_id: row.task_id, can_withdraw: false });
    const mine = await call<{ actions: { can_withdraw: boolean } }>(
      'GET',
      `approval/task/detail?id=${id}`,
      undefined,
      applicant.authorization,
    );
    expect(mine.data.actions.can_withdraw).toBe(true);
    expect((await call('GET', `approval/task/detail?id=${id}`, undefined, outsider.authorization)).code).toBe(
      404,
    );

    await approve(row.task_id, approverB, '同意');
    const done = await call<{ data: { id: number; decision: string; status: string }[] }>(
      'GET',
      'approval/task/index?scope=done',
      undefined,
      approverB.authorization,
    );
    expect(done.data.data[0]).toMatchObject({ id, decision: 'approved', status: 'approved' });
    const own = await call<{ data: { id: number; status: string }[]; total: number }>(
      'GET',
      `approval/task/index?scope=mine&business_type=${FIXTURE_TYPE}&status=approved`,
      undefined,
      applicant.authorization,
    );
    expect(own.data.data.some((candidate) => candidate.id === id)).toBe(true);
    const after = await call<{
      timeline: { action: string; actor: { id: number } | null; comment: string | null }[];
      nodes: { tasks: { status: string; comment: string | null }[] }[];
    }>('GET', `approval/task/detail?id=${id}`, undefined, applicant.authorization);
    expect(after.data.timeline.map((event) => event.action)).toEqual(['submit', 'approve', 'complete']);
    expect(after.data.timeline[1]).toMatchObject({ actor: { id: approverB.id }, comment: '同意' });
    expect(after.data.nodes[0]!.tasks).toEqual([
      expect.objectContaining({ status: 'approved', comment: '同意' }),
    ]);
  });

  it('needs the page of the list asked for', async () => {
    const answer = await call('GET', 'approval/task/index?scope=todo', undefined, applicant.authorization);
    expect(answer.code).toBe(1403);
    const missing = await call('GET', 'approval/task/index', undefined, applicant.authorization);
    expect(missing.code).toBe(422);
  });
});

describe('flow definitions', () => {
  const flow = (overrides: object = {}) => ({
    business_type: 'resignation',
    name: '测试离职流程',
    department_id: storeId,
    nodes: [node({ name: '一审', approver_ids: [approverB.id] })],
    ...overrides,
  });

  it('validates the nodes with field errors in Chinese', async () => {
    const empty = await call('POST', 'approval/set/store', flow({ nodes: [] }), admin);
    expect(empty.data).toEqual({ errors: [{ field: 'nodes', message: flowMessages.nodesRequired }] });
    const nobody = await call('POST', 'approval/set/store', flow({ nodes: [node({ name: '一审' })] }), admin);
    expect(nobody.data).toEqual({
      errors: [{ field: 'nodes.0.approver_ids', message: flowMessages.approversRequired }],
    });
    const field = await call(
      'POST',
      'approval/set/store',
      flow({
        nodes: [
          node({
            name: '一审',
            approver_ids: [approverB.id],
            condition: { field: 'amount', op: 'gt', value: 1 },
          }),
        ],
      }),
      admin,
    );
    expect(field.data).toEqual({
      errors: [{ field: 'nodes.0.condition.field', message: flowMessages.conditionField }],
    });
    const ghost = await call(
      'POST',
      'approval/set/store',
      flow({ nodes: [node({ name: '一审', approver_ids: [2_000_000_000] })] }),
      admin,
    );
    expect(ghost.data).toEqual({
      errors: [{ field: 'nodes.0.approver_ids', message: flowMessages.usersInvalid }],
    });
  });

  it('reports the departments that would find nobody, and saves only once they are accepted', async () => {
    const body = flow({ nodes: [node({ name: '负责人', approver_type: 'leader', leader_level: 1 })] });
    const check = await call<{ node_index: number; count: number; departments: { name: string }[] }[]>(
      'POST',
      'approval/set/check',
      body,
      admin,
    );
    expect(check.code).toBe(200);
    expect(check.data).toHaveLength(1);
    expect(check.data[0]!.count).toBeGreaterThan(0);

    const refused = await call<{ gaps: unknown[] }>('POST', 'approval/set/store', body, admin);
    expect([refused.code, refused.message]).toEqual([422, flowMessages.gaps]);
    expect(refused.data.gaps).toEqual(check.data);
    expect(
      await t.db
        .select()
        .from(approvalFlows)
        .where(and(eq(approvalFlows.businessType, 'resignation'), eq(approvalFlows.departmentId, storeId))),
    ).toHaveLength(0);

    const saved = await call<{ id: number }>(
      'POST',
      'approval/set/store',
      { ...body, accept_gaps: true },
      admin,
    );
    expect(saved.code).toBe(200);
    const twice = await call('POST', 'approval/set/store', { ...body, accept_gaps: true }, admin);
    expect(twice.code).toBe(409);
    expect((await call('DELETE', 'approval/set/destroy', { id: saved.data.id }, admin)).code).toBe(200);
  });

  it('keeps a flow that approvals were submitted to', async () => {
    const answer = await call('DELETE', 'approval/set/destroy', { id: testFlowId }, admin);
    expect([answer.code, answer.message]).toEqual([409, flowMessages.inUse]);
  });

  it('lists the seeded flow of every business type', async () => {
    const list = await call<{ data: { business_type: string; department_id: number | null }[] }>(
      'GET',
      'approval/set/index?limit=50',
      undefined,
      admin,
    );
    const groupWide = list.data.data
      .filter((row) => row.department_id === null)
      .map((row) => row.business_type);
    expect(new Set(groupWide)).toEqual(
      new Set([
        'inductionfirst',
        'posttransfer',
        'resignation',
        'leave',
        'dispatch',
        'prohibited_dismiss',
        'clock_correction',
        'overtime',
      ]),
    );
  });
});

describe('messages', () => {
  it("shows a task message as done, and no longer unread, once the task is not the user's to decide", async () => {
    await useFlow([node({ name: '一审', approver_ids: [approverB.id, approverC.id] })]);
    type Page = { data: { title: string; read: boolean; done: boolean }[]; unread: number };
    const inbox = (user: typeof approverC) =>
      call<Page>('GET', 'msg/select?limit=50', undefined, user.authorization);
    const before = (await inbox(approverC)).data;
    const id = await submit();
    const waiting = (await inbox(approverC)).data;
    expect(waiting.unread).toBe(before.unread + 1);
    expect(waiting.data[0]).toMatchObject({ read: false, done: false });
    expect(
      (await call<Page>('GET', 'msg/select?read=0', undefined, approverC.authorization)).data.data[0],
    ).toMatchObject({ done: false });

    // Approver B settles the node: C's task is cancelled, and C's message says so.
    await approve((await taskOf(id, approverB.id)).id, approverB, '同意');
    const settled = (await inbox(approverC)).data;
    expect(settled.unread).toBe(before.unread);
    expect(settled.data[0]).toMatchObject({ title: waiting.data[0]!.title, read: true, done: true });
    const unreadOnly = await call<Page>('GET', 'msg/select?read=0', undefined, approverC.authorization);
    expect(unreadOnly.data.data.map((message) => message.title)).not.toContain(waiting.data[0]!.title);
  });

  it("lists the user's messages with the unread count and marks them read", async () => {
    const reader = await account(APPLICANT_PERMS);
    await t.db.insert(messages).values([
      { userId: reader.id, kind: 'approval_task', title: '一', content: '甲', link: null },
      { userId: reader.id, kind: 'approval_task', title: '二', content: '乙', link: '/approval/todo' },
      { userId: approverB.id, kind: 'approval_task', title: '别人的', content: '丙', link: null },
    ]);
    const list = await call<{
      data: { id: number; title: string; read: boolean }[];
      total: number;
      unread: number;
    }>('GET', 'msg/select', undefined, reader.authorization);
    expect(list.data.total).toBe(2);
    expect(list.data.unread).toBe(2);
    expect(list.data.data.map((message) => message.title)).toEqual(['二', '一']);

    const [others] = await t.db.select().from(messages).where(eq(messages.userId, approverB.id)).limit(1);
    const one = await call<{ unread: number }>(
      'PUT',
      'msg/put',
      { ids: [list.data.data[0]!.id, others!.id] },
      reader.authorization,
    );
    expect(one.data.unread).toBe(1);
    const [untouched] = await t.db.select().from(messages).where(eq(messages.id, others!.id));
    expect(untouched!.readAt).toBeNull();
    const unreadOnly = await call<{ data: { title: string }[] }>(
      'GET',
      'msg/select?read=0',
      undefined,
      reader.authorization,
    );
    expect(unreadOnly.data.data.map((message) => message.title)).toEqual(['一']);
    expect(
      (await call<{ unread: number }>('PUT', 'msg/put', { all: true }, reader.authorization)).data.unread,
    ).toBe(0);
    const nothing = await call('PUT', 'msg/put', {}, reader.authorization);
    expect(nothing.code).toBe(422);

    const remover = await account(['dashboard:newslist:view', 'dashboard:newslist:delete']);
    const [own] = await t.db
      .insert(messages)
      .values({ userId: remover.id, kind: 'approval_task', title: '删', content: '丁', link: null })
      .returning();
    const removed = await call<{ unread: number }>(
      'DELETE',
      'msg/destroy',
      { ids: [own!.id, others!.id] },
      remover.authorization,
    );
    expect(removed.data.unread).toBe(0);
    expect(await t.db.select().from(messages).where(eq(messages.id, own!.id))).toHaveLength(0);
    expect(await t.db.select().from(messages).where(eq(messages.id, others!.id))).toHaveLength(1);
  });
});
