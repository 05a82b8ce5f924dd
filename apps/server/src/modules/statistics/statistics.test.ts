import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { turnoverGroupRows } from '@dealer-hr/shared/statistics/rules';
import type {
  DistributionAnswer,
  PolylineAnswer,
  TurnoverAnswer,
  TurnoverRow,
  VacancyAnswer,
  YearAnswer,
} from '@dealer-hr/shared/statistics/contract';
import {
  assignments,
  departments,
  dictionaryItems,
  employees,
  headcountPlans,
  jobTransfers,
  posts,
  resignations,
  stores,
} from '../../db/schema';
import { markStints } from '../../db/stints';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { sheetRecords } from '../../test/sheets';
import { grantPermissions, mainPostOf, userIdOf } from '../../test/users';

// A region of its own with two stores, A (with a sales department) and B, and eight people whose histories
// are chosen so that every figure below can be counted by hand (see each expectation).

const VIEW = [
  'statistics:overview:view',
  'statistics:turnover:view',
  'statistics:vacancy:view',
  'statistics:resign:view',
  'statistics:distribution:view',
];

let t: TestApp;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: admin }));

interface Place {
  departmentId: number;
  storeId: number;
}
const ids = { region: 0, storeA: 0, storeB: 0, nodeA: 0, nodeB: 0, salesA: 0, sales: 0, service: 0 };

async function node(parentId: number, name: string, kind: 'region' | 'store' | 'department') {
  const [parent] = await t.db.select().from(departments).where(eq(departments.id, parentId));
  const [row] = await t.db
    .insert(departments)
    .values({ parentId, name, kind, path: '/', depth: parent!.depth + 1 })
    .returning({ id: departments.id });
  await t.db
    .update(departments)
    .set({ path: `${parent!.path}${row!.id}/` })
    .where(eq(departments.id, row!.id));
  return row!.id;
}

const dictionaryItem = async (typeId: number, offset = 0) =>
  (
    await t.db
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.typeId, typeId))
      .orderBy(dictionaryItems.id)
      .limit(1)
      .offset(offset)
  )[0]!.id;

let personNumber = 0;
async function person(name: string, gender: 'male' | 'female', entryDate: string, left?: string) {
  personNumber += 1;
  const [row] = await t.db
    .insert(employees)
    .values({
      employeeNo: `S${String(personNumber).padStart(6, '0')}`,
      name,
      phone: `1770000${String(personNumber).padStart(4, '0')}`,
      gender,
      idTypeId: await dictionaryItem(DictType.ID_CARD),
      idNumberSealed: `sealed-stat-${personNumber}`,
      idNumberIndex: `index-stat-${personNumber}`,
      idNumberMasked: '1101**********0000',
      status: left ? 'resigned' : 'regular',
      entryDate,
      leftOn: left ?? null,
    })
    .returning({ id: employees.id });
  return row!.id;
}

async function post(
  employeeId: number,
  place: Place,
  postId: number,
  startDate: string,
  endDate: string | null = null,
  kind: 'post' | 'dispatch' = 'post',
) {
  const [row] = await t.db
    .insert(assignments)
    .values({
      employeeId,
      departmentId: place.departmentId,
      storeId: place.storeId,
      postId,
      isMain: kind === 'post',
      kind,
      startDate,
      endDate,
    })
    .returning({ id: assignments.id });
  // Written beside the employment module, so marked as it would mark them.
  await markStints(t.db, [employeeId]);
  return row!.id;
}

async function resigned(employeeId: number, place: Place, lastDay: string, type: 'voluntary' | 'dismissal') {
  await t.db.insert(resignations).values({
    employeeId,
    previousStatus: 'regular',
    storeId: place.storeId,
    departmentId: place.departmentId,
    type,
    reasonId: await dictionaryItem(DictType.LEAVING_REASON, type === 'voluntary' ? 0 : 1),
    destinationId: await dictionaryItem(DictType.LEAVING_DESTINATION),
    appliedOn: lastDay,
    lastDay,
    explanation: '统计测试',
    status: 'completed',
    createdByUserId: await userIdOf(t, 'admin'),
  });
}

async function transferred(
  employeeId: number,
  from: number,
  to: number,
  fromPlace: Place,
  toPlace: Place,
  on: string,
) {
  await t.db.insert(jobTransfers).values({
    employeeId,
    fromAssignmentId: from,
    fromIsMain: true,
    fromDepartmentId: fromPlace.departmentId,
    fromStoreId: fromPlace.storeId,
    fromPostId: ids.sales,
    toDepartmentId: toPlace.departmentId,
    toStoreId: toPlace.storeId,
    toPostId: ids.sales,
    typeId: await dictionaryItem(DictType.TRANSFER_TYPE),
    effectiveDate: on,
    reason: '统计测试',
    status: 'effective',
    newAssignmentId: to,
    createdByUserId: await userIdOf(t, 'admin'),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const [root] = await t.db.select().from(departments).where(eq(departments.depth, 0));
  ids.region = await node(root!.id, '统计测试大区', 'region');
  ids.nodeA = await node(ids.region, '统计测试A店', 'store');
  ids.nodeB = await node(ids.region, '统计测试B店', 'store');
  ids.salesA = await node(ids.nodeA, '统计测试A店销售部', 'department');
  const storeTypeId = await dictionaryItem(DictType.STORE_TYPE);
  const storeRow = async (departmentId: number, code: string, name: string) =>
    (
      await t.db
        .insert(stores)
        .values({ departmentId, code, name, regionDepartmentId: ids.region, storeTypeId })
        .returning({ id: stores.id })
    )[0]!.id;
  ids.storeA = await storeRow(ids.nodeA, 'STAT-A', '统计测试A店');
  ids.storeB = await storeRow(ids.nodeB, 'STAT-B', '统计测试B店');
  const [sales, service] = await t.db.select({ id: posts.id }).from(posts).orderBy(posts.id).limit(2);
  ids.sales = sales!.id;
  ids.service = service!.id;
  const A: Place = { departmentId: ids.nodeA, storeId: ids.storeA };
  const salesA: Place = { departmentId: ids.salesA, storeId: ids.storeA };
  const B: Place = { departmentId: ids.nodeB, storeId: ids.storeB };

  // Alice: at A's sales department since 2025-01-10.
  await post(await person('Alice', 'female', '2025-01-10'), salesA, ids.sales, '2025-01-10');
  // Bob: at A from 2024-06-01, transferred to B from 2026-03-16.
  const bob = await person('Bob', 'male', '2024-06-01');
  const bobA = await post(bob, salesA, ids.sales, '2024-06-01', '2026-03-15');
  await transferred(bob, bobA, await post(bob, B, ids.sales, '2026-03-16'), salesA, B, '2026-03-16');
  // Carol: hired at A 2025-11-01, resigned (voluntary) with 2026-03-20 her last day: a new employee leaving.
  const carol = await person('Carol', 'female', '2025-11-01', '2026-03-20');
  await post(carol, A, ids.service, '2025-11-01', '2026-03-20');
  await resigned(carol, A, '2026-03-20', 'voluntary');
  // Dave: at B since 2023, dismissed with 2026-03-31 his last day.
  const dave = await person('Dave', 'male', '2023-01-01', '2026-03-31');
  await post(dave, B, ids.sales, '2023-01-01', '2026-03-31');
  await resigned(dave, B, '2026-03-31', 'dismissal');
  // Erin: hired at B on 2026-03-05.
  await post(await person('Erin', 'female', '2026-03-05'), B, ids.service, '2026-03-05');
  // Frank: at A since 2024, dispatched to B for March 2026: counted at A only.
  const frank = await person('Frank', 'male', '2024-01-01');
  await post(frank, A, ids.sales, '2024-01-01');
  await post(frank, B, ids.sales, '2026-03-01', '2026-03-31', 'dispatch');
  // Gina: hired at A 2025-05-01, resigned (voluntary) with 2026-02-28 her last day.
  const gina = await person('Gina', 'female', '2025-05-01', '2026-02-28');
  await post(gina, A, ids.service, '2025-05-01', '2026-02-28');
  await resigned(gina, A, '2026-02-28', 'voluntary');
  // Hank: at A from 2025-02-01, transferred to B from 2026-04-01 (his last day at A ends March).
  const hank = await person('Hank', 'male', '2025-02-01');
  const hankA = await post(hank, A, ids.sales, '2025-02-01', '2026-03-31');
  await transferred(hank, hankA, await post(hank, B, ids.sales, '2026-04-01'), A, B, '2026-04-01');

  await t.db.insert(headcountPlans).values([
    { storeId: ids.storeA, postId: ids.sales, planned: 1 },
    { storeId: ids.storeA, postId: ids.service, planned: 2 },
    { storeId: ids.storeB, postId: ids.sales, planned: 3 },
    { storeId: ids.storeB, postId: ids.service, planned: 1 },
  ]);
});
afterAll(() => t.close());

/** The answer, with its groups' columns read back as rows (the web and the sheet read them so). */
const turnover = async (query: string, authorization = admin) => {
  const answer = (await call<TurnoverAnswer>('GET', `statistic/turnover?${query}`, undefined, authorization))
    .data;
  return { ...answer, rows: turnoverGroupRows(answer.periods, answer.groups).flat() };
};
type TurnoverRead = Awaited<ReturnType<typeof turnover>>;

const counts = (row: TurnoverRow) => ({
  start: row.headcount_start,
  end: row.headcount_end,
  hires: row.hires,
  leavers: row.leavers,
  voluntary: row.voluntary_leavers,
  fresh: row.new_leavers,
});

describe('turnover', { timeout: 60_000 }, () => {
  it('counts a month of the region by hand: the transfer is no leaver, the dispatch counts once', async () => {
    const answer = await turnover(`department_id=${ids.region}&start=2026-03&end=2026-03`);
    const [march] = answer.totals;
    // On staff at the end of 28 Feb: Alice, Bob, Carol, Dave, Frank, Hank (Gina left that day).
    // March: Erin hired; Carol (voluntary, 4 months of service) and Dave (dismissed) left.
    expect(counts(march!)).toEqual({ start: 6, end: 5, hires: 1, leavers: 2, voluntary: 1, fresh: 1 });
    expect(march!.rate_end).toBe(0.2857); // 2 / (2 + 5)
    expect(march!.rate_average).toBe(0.3636); // 2 / ((6 + 5) / 2)
    expect(march!.voluntary_rate_end).toBe(0.1667); // 1 / (1 + 5)
    expect(march!.voluntary_rate_average).toBe(0.1818); // 1 / 5.5
    expect(march!.new_employee_rate).toBe(1); // 1 / 1
    expect(answer.department_name).toBe('统计测试大区');
  });

  it('chains months and sums a quarter and a year', async () => {
    const months = await turnover(`department_id=${ids.region}&start=2026-02&end=2026-04`);
    expect(months.totals.map(counts)).toEqual([
      // February: Gina leaves on its last day.
      { start: 7, end: 6, hires: 0, leavers: 1, voluntary: 1, fresh: 1 },
      { start: 6, end: 5, hires: 1, leavers: 2, voluntary: 1, fresh: 1 },
      // April: Hank moves from A to B on the 1st and stays counted.
      { start: 5, end: 5, hires: 0, leavers: 0, voluntary: 0, fresh: 0 },
    ]);
    expect(months.totals[0]!.rate_end).toBe(0.1429); // 1 / 7
    expect(months.totals[0]!.rate_average).toBe(0.1538); // 1 / 6.5

    const quarter = await turnover(
      `department_id=${ids.region}&start=2026-01&end=2026-03&granularity=quarter`,
    );
    expect(quarter.periods).toEqual([{ key: '2026-Q1', from: '2026-01-01', to: '2026-03-31' }]);
    expect(counts(quarter.totals[0]!)).toEqual({
      start: 7,
      end: 5,
      hires: 1,
      leavers: 3,
      voluntary: 2,
      fresh: 2,
    });
    expect(quarter.totals[0]!.rate_end).toBe(0.375); // 3 / (3 + 5)
    expect(quarter.totals[0]!.rate_average).toBe(0.5); // 3 / ((7 + 5) / 2)
    expect(quarter.totals[0]!.new_employee_rate).toBe(2); // 2 new leavers / 1 hire

    const year = await turnover(`department_id=${ids.region}&start=2025-01&end=2025-12&granularity=year`);
    // 2025: Bob, Dave and Frank there at its start; Alice, Gina, Hank and Carol hired; nobody left.
    expect(counts(year.totals[0]!)).toEqual({
      start: 3,
      end: 7,
      hires: 4,
      leavers: 0,
      voluntary: 0,
      fresh: 0,
    });
    expect(year.totals[0]!.rate_end).toBe(0);
    expect(year.totals[0]!.rate_average).toBe(0);
  });

  it('counts each store where the assignment was, and a transfer out as leaving when asked', async () => {
    const byStore = await turnover(`department_id=${ids.region}&start=2026-03&end=2026-03&dimension=store`);
    const store = (answer: TurnoverRead, id: number) => answer.rows.find((row) => row.group_id === id)!;
    // A: Alice, Bob, Carol, Frank, Hank at the start; Carol leaves; Bob moved to B mid-month; Hank is still
    // counted at A on 31 March (he starts at B on 1 April).
    expect(counts(store(byStore, ids.storeA))).toEqual({
      start: 5,
      end: 3,
      hires: 0,
      leavers: 1,
      voluntary: 1,
      fresh: 1,
    });
    expect(store(byStore, ids.storeA).rate_end).toBe(0.25);
    // B: Dave at the start; Erin hired, Bob arrives, Dave leaves; Frank's dispatch is not counted.
    expect(counts(store(byStore, ids.storeB))).toEqual({
      start: 1,
      end: 2,
      hires: 1,
      leavers: 1,
      voluntary: 0,
      fresh: 0,
    });
    expect(store(byStore, ids.storeB).group_name).toBe('统计测试B店');
    // The stores add up to the region.
    expect(counts(byStore.totals[0]!)).toEqual({
      start: 6,
      end: 5,
      hires: 1,
      leavers: 2,
      voluntary: 1,
      fresh: 1,
    });

    const leaving = await turnover(
      `department_id=${ids.region}&start=2026-03&end=2026-03&dimension=store&transfer_out=true`,
    );
    // A also loses Bob (to B on the 16th) and Hank (to B on 1 April, so not in A's end headcount).
    expect(counts(store(leaving, ids.storeA))).toEqual({
      start: 5,
      end: 2,
      hires: 0,
      leavers: 3,
      voluntary: 1,
      fresh: 1,
    });
    expect(store(leaving, ids.storeA).rate_end).toBe(0.6); // 3 / (3 + 2)
    expect(leaving.transfer_out).toBe(true);
  });

  it('groups by post and by department', async () => {
    const byPost = await turnover(`department_id=${ids.region}&start=2026-03&end=2026-03&dimension=post`);
    const service = byPost.rows.find((row) => row.group_id === ids.service)!;
    // Service: Carol at the start, who leaves; Erin hired.
    expect(counts(service)).toEqual({ start: 1, end: 1, hires: 1, leavers: 1, voluntary: 1, fresh: 1 });
    const byDepartment = await turnover(
      `department_id=${ids.nodeA}&start=2026-03&end=2026-03&dimension=department`,
    );
    // Under store A: Alice and Bob in its sales department at the start, Bob gone by the end.
    const sales = byDepartment.rows.find((row) => row.group_id === ids.salesA)!;
    expect(counts(sales)).toEqual({ start: 2, end: 1, hires: 0, leavers: 0, voluntary: 0, fresh: 0 });
  });

  it('refuses a range that ends before it starts, and a node outside the caller’s scope', async () => {
    const refused = await call('GET', `statistic/turnover?start=2026-05&end=2026-03`);
    expect(refused.code).toBe(422);
    expect(JSON.stringify(refused)).toContain('结束月份不能早于开始月份');
    const manager = await t.login('manager');
    await grantPermissions(t, 'manager', VIEW);
    const hidden = await call(
      'GET',
      `statistic/turnover?department_id=${ids.region}`,
      undefined,
      await t.login('manager'),
    );
    expect(hidden.code).toBe(404);
    expect(manager).toBeTruthy();
  });
});

describe('a range’s edges', { timeout: 60_000 }, () => {
  it('counts a stay that ends on the day after the range in all its headcounts, and leaves the next month', async () => {
    // A region of its own: Ivy, hired 2025-06-01 at its one store, dismissed with 1 March 2026 her last day.
    const [root] = await t.db.select().from(departments).where(eq(departments.depth, 0));
    const region = await node(root!.id, '统计边界大区', 'region');
    const storeNode = await node(region, '统计边界店', 'store');
    const [store] = await t.db
      .insert(stores)
      .values({
        departmentId: storeNode,
        code: 'STAT-EDGE',
        name: '统计边界店',
        regionDepartmentId: region,
        storeTypeId: await dictionaryItem(DictType.STORE_TYPE),
      })
      .returning({ id: stores.id });
    const place: Place = { departmentId: storeNode, storeId: store!.id };
    const ivy = await person('Ivy', 'female', '2025-06-01', '2026-03-01');
    await post(ivy, place, ids.sales, '2025-06-01', '2026-03-01');
    await resigned(ivy, place, '2026-03-01', 'dismissal');

    // January and February end the day before her last day: she is on staff throughout. The whole group's
    // figures are counted another way (those staying through the range apart): its row of her store agrees.
    const staying = { start: 1, end: 1, hires: 0, leavers: 0, voluntary: 0, fresh: 0 };
    const winter = await turnover(`department_id=${region}&start=2026-01&end=2026-02`);
    expect(winter.totals.map(counts)).toEqual([staying, staying]);
    const herStore = (answer: TurnoverRead) => answer.rows.filter((row) => row.group_id === store!.id);
    const groupWinter = await turnover(`start=2026-01&end=2026-02&dimension=store`);
    expect(herStore(groupWinter).map(counts)).toEqual([staying, staying]);
    // March holds her last day: a leaver under a year of service.
    const leaving = { start: 1, end: 0, hires: 0, leavers: 1, voluntary: 0, fresh: 1 };
    const march = await turnover(`department_id=${region}&start=2026-03&end=2026-03&dimension=store`);
    expect(counts(march.rows[0]!)).toEqual(leaving);
    const groupMarch = await turnover(`start=2026-03&end=2026-03&dimension=store`);
    expect(herStore(groupMarch).map(counts)).toEqual([leaving]);
    // 2025 holds her hiring day, and she is still there at its end.
    const year = await turnover(`department_id=${region}&start=2025-01&end=2025-12&granularity=year`);
    expect(counts(year.totals[0]!)).toEqual({
      start: 0,
      end: 1,
      hires: 1,
      leavers: 0,
      voluntary: 0,
      fresh: 0,
    });
  });
});

describe('trend, year and distributions', { timeout: 60_000 }, () => {
  it('draws the months of a trend from the same counts', async () => {
    const answer = (
      await call<PolylineAnswer>(
        'GET',
        `statistic/polyline?department_id=${ids.region}&end=2026-04&months=12`,
      )
    ).data;
    expect(answer.points).toHaveLength(12);
    expect(answer.points[0]!.month).toBe('2025-05');
    expect(answer.points.slice(-3)).toEqual([
      { month: '2026-02', headcount: 6, hires: 0, leavers: 1, rate_end: 0.1429, rate_average: 0.1538 },
      { month: '2026-03', headcount: 5, hires: 1, leavers: 2, rate_end: 0.2857, rate_average: 0.3636 },
      { month: '2026-04', headcount: 5, hires: 0, leavers: 0, rate_end: 0, rate_average: 0 },
    ]);
    const year = (await call<YearAnswer>('GET', `statistic/year?department_id=${ids.region}&year=2025`)).data;
    expect(year.hires).toBe(4);
    expect(year.months.filter((month) => month.hires > 0).map((month) => month.month)).toEqual([
      '2025-01',
      '2025-02',
      '2025-05',
      '2025-11',
    ]);
  });

  it('counts the headcount at a date across a transfer and a dispatch', async () => {
    const sexAt = async (departmentId: number, date: string) =>
      (await call<DistributionAnswer>('GET', `statistic/sex?department_id=${departmentId}&date=${date}`))
        .data;
    // 15 March: Bob's last day at A (he starts at B the next day) counts at A; Frank's dispatch does not
    // count at B.
    expect((await sexAt(ids.nodeA, '2026-03-15')).total).toBe(5);
    expect((await sexAt(ids.nodeB, '2026-03-15')).items).toEqual([
      { key: 'male', name: '男', count: 1 },
      { key: 'female', name: '女', count: 1 },
    ]);
    // 20 March: Carol's last day, so she is no longer counted at its end.
    expect((await sexAt(ids.nodeA, '2026-03-20')).total).toBe(3);
    expect((await sexAt(ids.region, '2026-03-15')).total).toBe(7);
    const tenure = (
      await call<DistributionAnswer>('GET', `statistic/tenure?department_id=${ids.region}&date=2026-03-15`)
    ).data;
    // Erin (10 days), Carol (4 months), Alice (14 months)...: bands by completed months.
    expect(Object.fromEntries(tenure.items.map((item) => [item.key, item.count]))).toMatchObject({
      under_3m: 1,
      '3_6m': 1,
      '1_3y': 4,
      '3_5y': 1,
    });
  });
});

describe('vacancy', { timeout: 60_000 }, () => {
  it('never lets an over-filled post fill another', async () => {
    const answer = (await call<VacancyAnswer>('GET', `statistic/vacancy?department_id=${ids.region}`)).data;
    const row = (storeId: number) => answer.rows.find((candidate) => candidate.store_id === storeId)!;
    const cell = (storeId: number, postId: number) => row(storeId).cells.find((c) => c.post_id === postId)!;
    // Today A holds Alice and Frank in sales (planned 1) and nobody in service (planned 2).
    expect(cell(ids.storeA, ids.sales)).toMatchObject({
      planned: 1,
      held: 2,
      vacancy: 0,
      over: 1,
      fill_rate: 1,
    });
    expect(cell(ids.storeA, ids.service)).toMatchObject({ planned: 2, held: 0, vacancy: 2, vacancy_rate: 1 });
    // B holds Bob and Hank in sales (planned 3) and Erin in service (planned 1).
    expect(cell(ids.storeB, ids.sales)).toMatchObject({ planned: 3, held: 2, vacancy: 1 });
    expect(row(ids.storeA)).toMatchObject({ planned: 3, held: 2, vacancy: 2, over: 1 });
    // 7 planned, 5 held, yet 3 vacant: A's extra salesperson fills none of A's service places.
    expect(answer).toMatchObject({
      planned: 7,
      held: 5,
      vacancy: 3,
      vacancy_rate: 0.4286,
      fill_rate: 0.5714,
    });
    const salesColumn = answer.totals[answer.posts.findIndex((p) => p.id === ids.sales)]!;
    expect(salesColumn).toMatchObject({ planned: 4, held: 4, vacancy: 1, over: 1 });
  });

  it('sums the post tree up to the region', async () => {
    const tree = (await call('GET', `statistic/post/tree?department_id=${ids.region}`)).data;
    expect(tree.nodes).toHaveLength(1);
    expect(tree.nodes[0]).toMatchObject({ id: ids.region, headcount: 5, planned: 7, vacancy: 3 });
    const storeA = tree.nodes[0].children.find((child: { id: number }) => child.id === ids.nodeA);
    expect(storeA).toMatchObject({ headcount: 2, planned: 3, vacancy: 2 });
  });
});

describe('kept answers', { timeout: 60_000 }, () => {
  it('answers the same question from memory until a figure could have changed, then counts again', async () => {
    const ask = async () =>
      (await call<VacancyAnswer>('GET', `statistic/vacancy?department_id=${ids.region}`)).data;
    const first = await ask();
    expect((await ask()).planned).toBe(first.planned);
    // A plan changed any way at all (here, a statement of its own) raises the epoch at its commit.
    await t.db
      .update(headcountPlans)
      .set({ planned: 4 })
      .where(and(eq(headcountPlans.storeId, ids.storeA), eq(headcountPlans.postId, ids.service)));
    const after = await ask();
    expect([first.planned, after.planned]).toEqual([7, 9]);
    await t.db
      .update(headcountPlans)
      .set({ planned: 2 })
      .where(and(eq(headcountPlans.storeId, ids.storeA), eq(headcountPlans.postId, ids.service)));
    expect((await ask()).planned).toBe(7);
  });
});

describe('scope', { timeout: 60_000 }, () => {
  it('gives a store manager exactly their store’s rows of HR’s figures', async () => {
    await grantPermissions(t, 'manager', VIEW);
    const manager = await t.login('manager');
    const { storeId } = await mainPostOf(t, 'manager');
    const query = 'start=2025-01&end=2026-11';
    const own = await turnover(query, manager);
    const hr = await turnover(`${query}&dimension=store`);
    const storeRows = hr.rows.filter((row) => row.group_id === storeId);
    expect(own.totals.map(counts)).toEqual(storeRows.map(counts));
    expect(own.totals.some((row) => row.headcount_end > 0)).toBe(true);

    const ownVacancy = (await call<VacancyAnswer>('GET', 'statistic/vacancy', undefined, manager)).data;
    expect(ownVacancy.rows.map((row) => row.store_id)).toEqual([storeId]);
    const hrVacancy = (await call<VacancyAnswer>('GET', 'statistic/vacancy')).data;
    expect(ownVacancy.rows[0]).toEqual(hrVacancy.rows.find((row) => row.store_id === storeId));
  });
});

describe('resign, transfer and prohibited reports', { timeout: 60_000 }, () => {
  it('counts the region’s resignations and transfers of a range', async () => {
    const resign = (
      await call('GET', `statistic/resign?department_id=${ids.region}&start=2026-01&end=2026-03`)
    ).data;
    expect(resign.total).toBe(3);
    expect(
      Object.fromEntries(
        resign.by_type.map((item: { key: string; count: number }) => [item.key, item.count]),
      ),
    ).toMatchObject({ voluntary: 2, dismissal: 1 });
    expect(resign.by_month).toEqual([
      { month: '2026-01', count: 0 },
      { month: '2026-02', count: 1 },
      { month: '2026-03', count: 2 },
    ]);
    // Carol 4 months, Gina 9 months, Dave 3 years and 3 months.
    expect(
      Object.fromEntries(
        resign.by_tenure.map((item: { key: string; count: number }) => [item.key, item.count]),
      ),
    ).toMatchObject({ '3_6m': 1, '6_12m': 1, '3_5y': 1 });

    const transfer = (
      await call('GET', `statistic/transfer?department_id=${ids.region}&start=2026-03&end=2026-04`)
    ).data;
    expect(transfer.total).toBe(2);
    expect(transfer.between_stores).toEqual([
      expect.objectContaining({ from_store_id: ids.storeA, to_store_id: ids.storeB, count: 2 }),
    ]);
  });

  it('exports a figure as a job: the file holds the counts behind each rate', async () => {
    await grantPermissions(t, 'admin', ['statistics:turnover:export']);
    const started = await call<{ id: number }>('POST', 'down/timing/excel/store', {
      kind: 'statistics_turnover',
      query: `department_id=${ids.region}&start=2026-03&end=2026-03&dimension=store`,
    });
    expect(started.code).toBe(200);
    while (await t.app.jobRunner.runNext()) {
      // one job per turn
    }
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/auth/down/timing/excel/download?id=${started.data.id}`,
      headers: { authorization: admin },
    });
    expect(file.statusCode).toBe(200);
    const records = await sheetRecords(file.rawPayload, '离职率分析');
    expect(records[0]).toMatchObject({
      统计周期: '2026-03',
      分组: '统计测试大区',
      期初人数: '6',
      离职人数: '2',
    });
    expect(records.find((record) => record['分组'] === '统计测试A店')).toMatchObject({
      期末人数: '3',
      '离职率(期末口径)%': '25',
    });
  });
});
