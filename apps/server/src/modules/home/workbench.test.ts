import { and, eq, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TurnoverAnswer, WorkbenchAnswer } from '@dealer-hr/shared/statistics/contract';
import { approvalInstances, approvalTasks, headcountPlans, messages, users } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPermissions } from '../../test/users';

let t: TestApp;
let hr: string;
const call = callerOf(() => ({ app: t, authorization: hr }));
const workbenchOf = async (authorization: string) =>
  (await call<WorkbenchAnswer>('GET', 'home/index/workbench', undefined, authorization)).data;

beforeAll(async () => {
  t = await createTestApp();
  hr = await t.login('hr');
});
afterAll(() => t.close());

describe('the workbench', { timeout: 60_000 }, () => {
  it('gives HR the group’s month, its trend and the to-dos of the pages they open', async () => {
    const answer = await workbenchOf(hr);
    expect(answer.scope.all).toBe(true);
    expect(answer.people).not.toBeNull();
    expect(answer.people!.trend).toHaveLength(12);
    expect(answer.people!.month).toBe(answer.today.slice(0, 7));
    // The month's figures are the turnover page's for the month so far.
    const month = (
      await call<TurnoverAnswer>(
        'GET',
        `statistic/turnover?start=${answer.people!.month}&end=${answer.people!.month}`,
      )
    ).data.totals[0]!;
    expect(answer.people!.hires).toBe(month.hires);
    expect(answer.people!.leavers).toBe(month.leavers);
    expect(answer.people!.headcount).toBeGreaterThan(0);
    expect(answer.tasks.map((task) => task.key)).toEqual(
      expect.arrayContaining(['approvals_waiting', 'onboarding_in_progress', 'resignations_in_progress']),
    );
    expect(answer.tasks.find((task) => task.key === 'resignations_in_progress')!.path).toBe(
      '/staff/resignation',
    );
    // HR reads the whole group: no one store's attendance of today.
    expect(answer.attendance_today).toBeNull();
  });

  it('counts the figures again once a plan changed, and keeps them until then', async () => {
    const before = (await workbenchOf(hr)).people!;
    expect((await workbenchOf(hr)).people).toEqual(before);
    const [plan] = await t.db.select().from(headcountPlans).limit(1);
    const thisPlan = and(eq(headcountPlans.storeId, plan!.storeId), eq(headcountPlans.postId, plan!.postId));
    await t.db
      .update(headcountPlans)
      .set({ planned: plan!.planned + 5 })
      .where(thisPlan);
    expect((await workbenchOf(hr)).people!.planned).toBe(before.planned + 5);
    await t.db.update(headcountPlans).set({ planned: plan!.planned }).where(thisPlan);
    expect((await workbenchOf(hr)).people!.planned).toBe(before.planned);
  });

  it('gives a store manager their store only, with today’s attendance', async () => {
    await grantPermissions(t, 'manager', ['statistics:overview:view', 'attendance:records:view']);
    const manager = await t.login('manager');
    const answer = await workbenchOf(manager);
    expect(answer.scope.all).toBe(false);
    expect(answer.scope.names).toHaveLength(1);
    const own = (
      await call<TurnoverAnswer>(
        'GET',
        `statistic/turnover?start=${answer.today.slice(0, 7)}&end=${answer.today.slice(0, 7)}`,
        undefined,
        manager,
      )
    ).data.totals[0]!;
    const group = (await workbenchOf(hr)).people!;
    expect(answer.people!.hires).toBe(own.hires);
    expect(answer.people!.headcount).toBeLessThan(group.headcount);
    const today = answer.attendance_today!;
    expect(today.due).toBeGreaterThanOrEqual(today.present + today.on_leave);
    expect(today.present + today.absent + today.not_yet + today.on_leave).toBeGreaterThanOrEqual(today.due);
  });

  it('gives a staff member their own day and requests, and no one else’s figures', async () => {
    const staff = await t.login('staff');
    const answer = await workbenchOf(staff);
    expect(answer.people).toBeNull();
    expect(answer.me).not.toBeNull();
    expect(answer.me!.requests_open).toBeGreaterThanOrEqual(0);
    expect(answer.tasks.map((task) => task.key)).not.toContain('onboarding_in_progress');
  });

  it('counts unread messages as the navbar’s badge does: a task already decided is not unread', async () => {
    const [hrUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
    // An approval with no task pending for hr: its task message is done, whatever its read mark says.
    const [decided] = await t.db
      .select({ id: approvalInstances.id })
      .from(approvalInstances)
      .where(
        notExists(
          t.db
            .select({ id: approvalTasks.id })
            .from(approvalTasks)
            .where(
              and(
                eq(approvalTasks.instanceId, approvalInstances.id),
                eq(approvalTasks.approverUserId, hrUser!.id),
                eq(approvalTasks.status, 'pending'),
              ),
            ),
        ),
      )
      .limit(1);
    const [message] = await t.db
      .insert(messages)
      .values({
        userId: hrUser!.id,
        kind: 'approval_task',
        title: '待审批',
        content: '一条已经处理的审批',
        instanceId: decided!.id,
      })
      .returning({ id: messages.id });
    try {
      const badge = (await call<{ unread: number }>('GET', 'msg/select?limit=10')).data.unread;
      expect((await workbenchOf(hr)).me!.messages_unread).toBe(badge);
    } finally {
      await t.db.delete(messages).where(eq(messages.id, message!.id));
    }
  });
});
