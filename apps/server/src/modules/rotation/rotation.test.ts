import type { RotationDetail, RotationRow } from '@dealer-hr/shared/rotation/contract';
import { rotationMessages } from '@dealer-hr/shared/rotation/rules';
import type { StaffDetail } from '@dealer-hr/shared/staff/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, departments, employees, posts, rotationPlans, stores } from '../../db/schema';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPermissions, mainPostOf } from '../../test/users';

/** The test clock's day when the file starts; each test moves it only forward. */
const START = '2027-03-01';

let t: TestApp;
let admin: string;
let manager: string;
let homeStore: { id: number; departmentId: number };
let otherStore: { id: number; departmentId: number };
let salesPost: number;
let servicePost: number;
let people: { id: number }[];
const call = callerOf(() => ({ app: t, authorization: admin }));

async function setClock(date: string) {
  const answer = await call('PUT', '/api/test/clock', { date });
  expect(answer.data.today).toBe(date);
  while (await t.app.jobRunner.runNext()) {
    /* the clock's catch-up run, and anything else queued */
  }
}

/** The first active department below a store's node. */
async function departmentIn(storeDepartmentId: number) {
  const [node] = await t.db
    .select({ path: departments.path })
    .from(departments)
    .where(eq(departments.id, storeDepartmentId));
  const [found] = await t.db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        sql`${departments.path} like ${node!.path} || '%'`,
        eq(departments.kind, 'department'),
        eq(departments.status, 'active'),
      ),
    )
    .orderBy(asc(departments.id))
    .limit(1);
  return found!.id;
}

let homeDepartment: number;
let otherDepartment: number;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.login();
  await grantPermissions(t, 'manager', [
    'staff:rotation:view',
    'staff:rotation:create',
    'staff:rotation:update',
  ]);
  manager = await t.login('manager');
  const place = await mainPostOf(t, 'manager');
  homeStore = (
    await t.db
      .select({ id: stores.id, departmentId: stores.departmentId })
      .from(stores)
      .where(eq(stores.id, place.storeId!))
  )[0]!;
  otherStore = (
    await t.db
      .select({ id: stores.id, departmentId: stores.departmentId })
      .from(stores)
      .where(and(ne(stores.id, homeStore.id), eq(stores.status, 'active')))
      .orderBy(asc(stores.id))
      .limit(1)
  )[0]!;
  homeDepartment = await departmentIn(homeStore.departmentId);
  otherDepartment = await departmentIn(otherStore.departmentId);
  [{ id: salesPost }] = (await t.db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.code, 'sales_consultant'))) as [{ id: number }];
  [{ id: servicePost }] = (await t.db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.code, 'service_advisor'))) as [{ id: number }];
  people = await t.db
    .select({ id: employees.id })
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
        eq(employees.mainStoreId, homeStore.id),
        eq(employees.status, 'regular'),
        ne(employees.id, place.employeeId),
        ne(assignments.postId, salesPost),
        ne(assignments.postId, servicePost),
      ),
    )
    .orderBy(asc(employees.id));
  await setClock(START);
});
afterAll(() => t.close());

let next = 0;
const person = () => {
  const found = people[next++];
  if (!found) throw new Error('the store has run out of people for the tests');
  return found;
};

const stage = (department: number, post: number, start: string, end: string, extra = {}) => ({
  department_id: department,
  post_id: post,
  start_date: start,
  end_date: end,
  ...extra,
});

async function planned(payload: Record<string, unknown>, authorization = admin) {
  const answer = await call<RotationDetail>('POST', 'rotation/store', payload, authorization);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

const detailOf = async (id: number) => (await call<RotationDetail>('GET', `rotation/detail?id=${id}`)).data;

const rotationPostsOf = (employeeId: number) =>
  t.db
    .select()
    .from(assignments)
    .where(and(eq(assignments.employeeId, employeeId), eq(assignments.kind, 'rotation')))
    .orderBy(asc(assignments.startDate));

describe('making a plan', () => {
  it('refuses each reason on its stage field, and writes nothing', async () => {
    const who = person();
    const refused = async (stages: unknown[], field: string, message: string, authorization = admin) => {
      const answer = await call(
        'POST',
        'rotation/store',
        { employee_id: who.id, title: '管培生轮岗', stages },
        authorization,
      );
      expect(answer.code, `${field}: ${answer.message}`).toBe(422);
      expect(fieldErrorsOf(answer)).toContainEqual({ field, message });
    };
    await refused([], 'stages', rotationMessages.stagesRequired);
    await refused(
      [stage(homeDepartment, salesPost, '2027-03-10', '2027-03-09')],
      'stages.0.end_date',
      rotationMessages.endBeforeStart,
    );
    await refused(
      [
        stage(homeDepartment, salesPost, '2027-03-10', '2027-03-31'),
        stage(homeDepartment, servicePost, '2027-03-31', '2027-04-30'),
      ],
      'stages.1.start_date',
      rotationMessages.overlap,
    );
    await refused(
      [stage(homeDepartment, salesPost, '2027-01-01', '2027-03-31')],
      'stages.0.start_date',
      rotationMessages.startTooEarly,
    );
    await refused(
      [stage(homeDepartment, salesPost, '2027-03-10', '2027-03-31', { mentor_id: who.id })],
      'stages.0.mentor_id',
      rotationMessages.mentorInvalid,
    );
    // The store manager plans inside their own store only.
    await refused(
      [stage(otherDepartment, salesPost, '2027-03-10', '2027-03-31')],
      'stages.0.department_id',
      rotationMessages.outsideScope,
      manager,
    );
    expect(await t.db.select().from(rotationPlans).where(eq(rotationPlans.employeeId, who.id))).toEqual([]);
  });

  it('allows one plan in progress per person, also when two are made at once', async () => {
    const who = person();
    const body = {
      employee_id: who.id,
      title: '管培生轮岗',
      stages: [stage(homeDepartment, salesPost, '2027-03-10', '2027-03-31')],
    };
    const answers = await Promise.all([
      call('POST', 'rotation/store', body),
      call('POST', 'rotation/store', body),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.code === 409)!.message).toBe(rotationMessages.inProgress);
  });
});

describe('stages over time', () => {
  it('begins and ends each stage by itself as a part-time post, and completes the plan', async () => {
    const who = person();
    const mentor = person();
    const plan = await planned({
      employee_id: who.id,
      title: '2027 管培生轮岗',
      stages: [
        stage(homeDepartment, salesPost, '2027-03-02', '2027-03-04', { mentor_id: mentor.id }),
        stage(otherDepartment, servicePost, '2027-03-05', '2027-03-06'),
      ],
    });
    expect(plan.stages.map((row) => row.status)).toEqual(['upcoming', 'upcoming']);
    expect(plan.next?.department_id).toBe(homeDepartment);

    await setClock('2027-03-02');
    const first = await detailOf(plan.id);
    expect(first.current?.seq).toBe(1);
    expect(first.current?.mentor_id).toBe(mentor.id);
    const [begun] = await rotationPostsOf(who.id);
    expect(begun).toMatchObject({ startDate: '2027-03-02', endDate: null, isMain: false, postId: salesPost });

    await setClock('2027-03-05');
    const second = await detailOf(plan.id);
    expect(second.stages.map((row) => row.status)).toEqual(['done', 'current']);
    expect([second.done_count, second.current?.store_id]).toEqual([1, otherStore.id]);

    await setClock('2027-03-08');
    const done = await detailOf(plan.id);
    expect([done.status, done.done_count, done.current, done.next]).toEqual(['completed', 2, null, null]);
    const held = await rotationPostsOf(who.id);
    expect(held.map((row) => [row.startDate, row.endDate])).toEqual([
      ['2027-03-02', '2027-03-04'],
      ['2027-03-05', '2027-03-06'],
    ]);
    // The main post was never touched, and the person's history shows both stages.
    const [me] = await t.db.select().from(employees).where(eq(employees.id, who.id));
    expect(me!.mainStoreId).toBe(homeStore.id);
    const history = await call<StaffDetail>('GET', `user/detail?id=${who.id}`);
    expect(history.data.assignments.filter((row) => row.kind === 'rotation')).toHaveLength(2);
  });

  it('moves the main post to each stage when the plan replaces it, and leaves it at the last', async () => {
    const who = person();
    const plan = await planned({
      employee_id: who.id,
      title: '店长储备轮岗',
      replaces_main: true,
      stages: [
        stage(otherDepartment, salesPost, '2027-03-09', '2027-03-10'),
        stage(homeDepartment, servicePost, '2027-03-11', '2027-03-12'),
      ],
    });
    await setClock('2027-03-09');
    let [me] = await t.db.select().from(employees).where(eq(employees.id, who.id));
    expect([me!.mainStoreId, me!.mainPostId]).toEqual([otherStore.id, salesPost]);
    await setClock('2027-03-14');
    [me] = await t.db.select().from(employees).where(eq(employees.id, who.id));
    expect([me!.mainStoreId, me!.mainPostId]).toEqual([homeStore.id, servicePost]);
    expect((await detailOf(plan.id)).status).toBe('completed');
    const mains = await t.db
      .select()
      .from(assignments)
      .where(and(eq(assignments.employeeId, who.id), eq(assignments.isMain, true)))
      .orderBy(asc(assignments.startDate));
    // No gap and no overlap: each main post ends the day before the next begins.
    expect(mains.slice(-3).map((row) => [row.startDate, row.endDate])).toEqual([
      [mains.at(-3)!.startDate, '2027-03-08'],
      ['2027-03-09', '2027-03-10'],
      ['2027-03-11', null],
    ]);
  });

  it('changes only the stages to come, evaluates a begun stage, and stops the plan', async () => {
    const who = person();
    const plan = await planned({
      employee_id: who.id,
      title: '管培生轮岗',
      stages: [
        stage(homeDepartment, salesPost, '2027-03-14', '2027-03-20'),
        stage(homeDepartment, servicePost, '2027-03-21', '2027-03-31'),
      ],
    });
    expect(plan.current?.seq).toBe(1);
    const [current, upcoming] = plan.stages;

    const early = await call('PUT', 'rotation/edit', {
      id: plan.id,
      title: '管培生轮岗',
      stages: [stage(otherDepartment, servicePost, '2027-03-14', '2027-03-31')],
    });
    expect(fieldErrorsOf(early)).toContainEqual({
      field: 'stages.0.start_date',
      message: rotationMessages.newStageInPast,
    });
    const edited = await call<RotationDetail>('PUT', 'rotation/edit', {
      id: plan.id,
      title: '管培生轮岗（调整）',
      stages: [stage(otherDepartment, servicePost, '2027-03-22', '2027-04-10')],
    });
    expect(edited.code, edited.message).toBe(200);
    expect(
      edited.data.stages.map((row) => [row.id === current!.id, row.department_id, row.start_date]),
    ).toEqual([
      [true, homeDepartment, '2027-03-14'],
      [false, otherDepartment, '2027-03-22'],
    ]);
    expect(edited.data.stages.some((row) => row.id === upcoming!.id)).toBe(false);

    const notYet = await call('POST', 'rotation/evaluate', {
      stage_id: edited.data.stages[1]!.id,
      score: 90,
      comment: '好',
    });
    expect([notYet.code, notYet.message]).toEqual([409, rotationMessages.notEvaluable]);
    const outOfRange = await call('POST', 'rotation/evaluate', {
      stage_id: current!.id,
      score: 101,
      comment: '好',
    });
    expect(fieldErrorsOf(outOfRange)).toContainEqual({
      field: 'score',
      message: rotationMessages.scoreInvalid,
    });
    const evaluated = await call<RotationDetail>(
      'POST',
      'rotation/evaluate',
      { stage_id: current!.id, score: 88, comment: '客户接待熟练，需加强金融方案讲解' },
      manager,
    );
    expect(evaluated.code, evaluated.message).toBe(200);
    expect(evaluated.data.stages[0]).toMatchObject({ score: 88, evaluated_by: expect.any(String) });

    const stopped = await call<RotationDetail>('POST', 'rotation/cancel', {
      id: plan.id,
      reason: '员工调岗',
    });
    expect(stopped.data.status).toBe('cancelled');
    expect(stopped.data.stages.map((row) => row.status)).toEqual(['done', 'cancelled']);
    const [post] = await rotationPostsOf(who.id);
    expect(post!.endDate).toBe('2027-03-14');
    const again = await call('POST', 'rotation/cancel', { id: plan.id });
    expect([again.code, again.message]).toEqual([409, rotationMessages.notActive]);
  });
});

describe('who may change a plan', () => {
  it('lets a store holding only a stage read and evaluate it, and only the person’s own scope change it', async () => {
    // A person of another store rotates through the manager's store.
    const [outsider] = await t.db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.mainStoreId, otherStore.id), eq(employees.status, 'regular')))
      .orderBy(asc(employees.id))
      .limit(1);
    const plan = await planned({
      employee_id: outsider!.id,
      title: '跨店轮岗',
      stages: [
        stage(homeDepartment, servicePost, '2027-03-14', '2027-03-20'),
        stage(otherDepartment, salesPost, '2027-03-21', '2027-03-31'),
      ],
    });
    const seen = await call<RotationDetail>('GET', `rotation/detail?id=${plan.id}`, undefined, manager);
    expect(seen.code, seen.message).toBe(200);
    expect(seen.data.actions).toEqual({ edit: false, cancel: false, evaluate: true });
    const evaluated = await call(
      'POST',
      'rotation/evaluate',
      { stage_id: plan.stages[0]!.id, score: 80, comment: '适应较快' },
      manager,
    );
    expect(evaluated.code, evaluated.message).toBe(200);
    const edited = await call(
      'PUT',
      'rotation/edit',
      {
        id: plan.id,
        title: '跨店轮岗',
        stages: [stage(homeDepartment, salesPost, '2027-03-21', '2027-04-30')],
      },
      manager,
    );
    expect(edited.code).toBe(404);
    expect((await detailOf(plan.id)).stages[1]!.department_id).toBe(otherDepartment);
  });
});

describe('list', () => {
  it('filters by store and status, with the progress of each plan', async () => {
    const answer = await call<{ data: RotationRow[]; total: number }>(
      'GET',
      `rotation/index?store_id=${otherStore.id}&status=completed`,
    );
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.total).toBe(2);
    expect(answer.data.data.every((row) => row.done_count === row.stage_count)).toBe(true);
    const managers = await call<{ data: RotationRow[] }>(
      'GET',
      'rotation/index?limit=50',
      undefined,
      manager,
    );
    expect(managers.data.data.length).toBeGreaterThanOrEqual(4);
  });
});
