import { dispatchStoreBody } from '@dealer-hr/shared/dispatch/contract';
import { rotationEvaluateBody, rotationStoreBody } from '@dealer-hr/shared/rotation/contract';
import { and, asc, count, eq, isNull, ne, notExists, notInArray } from 'drizzle-orm';
import { addDays, type AdjustableClock, todayOf } from './core/clock';
import type { Database } from './db/client';
import {
  assignments,
  dispatches,
  employees,
  jobTransfers,
  posts,
  rotationPlans,
  rotationStages,
  stores,
  users,
} from './db/schema';
import { DEMO_TODAY } from './db/seed/demo';
import { stores as storeSeeds } from './db/seed/data/organisation';
import { accountOf, approveAsApprovers, departmentFor, personaOf, type Persona } from './demo-personas';
import { startOfDay } from './lib/day-range';
import type { Sealer } from './lib/sealed-values';
import type { ApprovalEngine } from './modules/approvals';
import { fileDispatch, settleDueDispatches } from './modules/dispatch';
import { evaluateStage, fileRotation, settleDueRotations } from './modules/rotation';

// The demo group's dispatches and rotation plans, performed as its transfers are (demo-transfers.ts): HR files
// each on its day through the module's service, the approvers the flow names decide, and the daily jobs begin
// and end what has come due. On DEMO_TODAY a technician is away at a sister store, one came back in the
// summer, one is on their way into the demo manager's store (waiting for the manager), and two trainees are
// halfway through their plans: one of them in the manager's store, whose first stage the manager evaluated.

interface Context {
  sealer: Sealer;
  approvals: ApprovalEngine;
  clock: AdjustableClock;
  timeZone: string;
}

interface Cast {
  tx: Database;
  hr: Persona;
  managed: number;
  /** People already in a story: each person is in one at most. */
  taken: Set<number>;
}

/** Someone on staff with the post at a store (or outside it), in no story yet, never a demo account's person. */
async function someone(cast: Cast, postCode: string, where: { store?: number; notStore?: number }) {
  const { tx } = cast;
  const personas = (await tx.select({ id: users.employeeId }).from(users)).flatMap((row) =>
    row.id === null ? [] : [row.id],
  );
  const [person] = await tx
    .select({ id: employees.id, storeId: assignments.storeId, startDate: assignments.startDate })
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
        eq(employees.status, 'regular'),
        eq(posts.code, postCode),
        where.store === undefined ? undefined : eq(assignments.storeId, where.store),
        where.notStore === undefined ? undefined : ne(assignments.storeId, where.notStore),
        notInArray(employees.id, [...personas, ...cast.taken, 0]),
        // Not moved by a demo transfer: their history stays simple to read.
        notExists(
          tx
            .select({ id: jobTransfers.id })
            .from(jobTransfers)
            .where(eq(jobTransfers.employeeId, employees.id)),
        ),
      ),
    )
    .orderBy(asc(employees.id))
    .limit(1);
  if (!person) throw new Error(`the demo has nobody left who is a ${postCode}`);
  cast.taken.add(person.id);
  return person;
}

/** A store of the same region as `storeId`, other than it and the manager's. */
async function sisterStore(cast: Cast, storeId: number) {
  const rows = await cast.tx.select({ id: stores.id, code: stores.code }).from(stores);
  const code = rows.find((row) => row.id === storeId)!.code;
  const region = storeSeeds.find((seed) => seed.code === code)!.regionCode;
  const sister = storeSeeds.find(
    (seed) =>
      seed.regionCode === region &&
      seed.code !== code &&
      rows.some((row) => row.code === seed.code && row.id !== cast.managed),
  )!;
  return rows.find((row) => row.code === sister.code)!;
}

const storeCodeOf = async (tx: Database, id: number) =>
  (await tx.select({ code: stores.code }).from(stores).where(eq(stores.id, id)))[0]!.code;

/** The demo's dispatches and rotation plans; answers how many ended in each status. */
export async function demoMovements(tx: Database, { sealer, approvals, clock, timeZone }: Context) {
  const today = todayOf(clock, timeZone);
  const at = (day: string) => clock.set(startOfDay(day, timeZone));
  const hr = await personaOf(tx, (await accountOf(tx, 'hr')).id);
  const manager = await accountOf(tx, 'manager');
  const cast: Cast = { tx, hr, managed: manager.storeId!, taken: new Set() };

  // Dispatches: [filed, first day, last day, post, into the manager's store, approved].
  const dispatchStories = [
    [-100, -90, -61, 'mechanic', false, true, '售后旺季，支援兄弟门店保养工位'],
    [-27, -20, 40, 'mechanic', false, true, '新店开业，支援售后车间'],
    [-2, 7, 36, 'service_advisor', true, false, '本店服务顾问休产假，借调顶岗'],
  ] as const;
  for (const [filed, first, last, post, into, approved, reason] of dispatchStories) {
    at(addDays(DEMO_TODAY, filed));
    await settleDueDispatches(tx, approvals, today());
    const person = await someone(cast, post, { notStore: cast.managed });
    const host = into
      ? { id: cast.managed, code: await storeCodeOf(tx, cast.managed) }
      : await sisterStore(cast, person.storeId!);
    const body = dispatchStoreBody.parse({
      employee_id: person.id,
      host_department_id: await departmentFor(tx, host.code, post, 1),
      host_post_id: (await tx.select({ id: posts.id }).from(posts).where(eq(posts.code, post)))[0]!.id,
      start_date: addDays(DEMO_TODAY, first),
      end_date: addDays(DEMO_TODAY, last),
      reason,
      allowance_note: '每日餐补 50 元，住宿由接收门店安排',
    });
    hr.assertMay('staff:dispatch:create');
    const id = await fileDispatch(tx, sealer, approvals, today, hr.scope, hr.actor, body);
    at(addDays(DEMO_TODAY, filed + 1));
    // The one into the manager's store waits for the manager, as its receiving store.
    const [{ instanceId }] = (await tx
      .select({ instanceId: dispatches.instanceId })
      .from(dispatches)
      .where(eq(dispatches.id, id))) as [{ instanceId: number }];
    await approveAsApprovers(tx, approvals, instanceId, approved ? undefined : manager.id);
  }

  // Rotation plans: a new consultant learning the store's other desks (part-time stages, in the manager's
  // store), and a future store manager whose main post moves through the management posts of their store.
  at(addDays(DEMO_TODAY, -45));
  const trainee = await someone(cast, 'sales_consultant', { store: cast.managed });
  const managedCode = await storeCodeOf(tx, cast.managed);
  const mentor = await someone(cast, 'service_advisor', { store: cast.managed });
  const postId = async (code: string) =>
    (await tx.select({ id: posts.id }).from(posts).where(eq(posts.code, code)))[0]!.id;
  const stage = async (code: string, storeCode: string, first: number, last: number, mentorId?: number) => ({
    department_id: await departmentFor(tx, storeCode, code, 1),
    post_id: await postId(code),
    start_date: addDays(DEMO_TODAY, first),
    end_date: addDays(DEMO_TODAY, last),
    mentor_id: mentorId ?? null,
  });
  hr.assertMay('staff:rotation:create');
  const newcomer = await fileRotation(
    tx,
    sealer,
    today,
    hr.scope,
    hr.actor,
    rotationStoreBody.parse({
      employee_id: trainee.id,
      title: '新员工岗位轮训',
      note: '熟悉展厅接待、售后服务与金融业务，结束后回销售顾问岗位',
      stages: [
        await stage('showroom_receptionist', managedCode, -40, -11),
        await stage('service_advisor', managedCode, -10, 19, mentor.id),
        await stage('finance_specialist', managedCode, 20, 49),
      ],
    }),
  );
  const future = await someone(cast, 'sales_manager', { notStore: cast.managed });
  const futureCode = await storeCodeOf(tx, future.storeId!);
  at(addDays(DEMO_TODAY, -30));
  await fileRotation(
    tx,
    sealer,
    today,
    hr.scope,
    hr.actor,
    rotationStoreBody.parse({
      employee_id: future.id,
      title: '储备店长轮岗',
      replaces_main: true,
      note: '店长储备计划：依次主持售后、销售与市场工作，结束后定岗',
      stages: [
        await stage('aftersales_manager', futureCode, -25, 4),
        await stage('sales_director', futureCode, 5, 64),
        await stage('marketing_specialist', futureCode, 65, 94),
      ],
    }),
  );

  at(DEMO_TODAY);
  await settleDueDispatches(tx, approvals, today());
  await settleDueRotations(tx, today());
  // The manager evaluated the trainee's first stage when it ended.
  const evaluator = await personaOf(tx, manager.id);
  evaluator.assertMay('staff:rotation:update');
  const [first] = await tx
    .select({ id: rotationStages.id })
    .from(rotationStages)
    .where(and(eq(rotationStages.planId, newcomer), eq(rotationStages.seq, 1)));
  await evaluateStage(
    tx,
    evaluator.scope,
    evaluator.actor,
    rotationEvaluateBody.parse({
      stage_id: first!.id,
      score: 86,
      comment: '接待流程规范，客户登记完整；需加强试驾邀约',
    }),
  );

  const [dispatchCounts, planCounts] = await Promise.all([
    tx.select({ status: dispatches.status, total: count() }).from(dispatches).groupBy(dispatches.status),
    tx
      .select({ status: rotationPlans.status, total: count() })
      .from(rotationPlans)
      .groupBy(rotationPlans.status),
  ]);
  return Object.fromEntries([
    ...dispatchCounts.map(({ status, total }) => [`dispatch_${status}`, total]),
    ...planCounts.map(({ status, total }) => [`rotation_${status}`, total]),
  ]);
}
