import type {
  AttendanceDay,
  ClockInAnswer,
  ClockToday,
  MonthlyStatistics,
  MonthState,
} from '@dealer-hr/shared/attendance/clock-contract';
import type {
  AttendanceGroup,
  AttendanceShift,
  ScheduleRoster,
} from '@dealer-hr/shared/attendance/rules-contract';
import { wgs84ToGcj02 } from '@dealer-hr/shared/attendance/geo';
import { ruleLabels, ruleMessages } from '@dealer-hr/shared/attendance/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import type { Page } from '@dealer-hr/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, attendanceBuilds, attendanceDays, clockPunches, employees } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { flowApprovedBy } from '../../test/flows';
import { mainPostOf } from '../../test/users';
import { buildDay, computeDays } from './days.build';
import { ensurePunchPartition } from './punch-partitions';

let t: TestApp;
let admin: string;
let staff: string;
let hr: string;
let person: Awaited<ReturnType<typeof mainPostOf>>;
let group: AttendanceGroup;
const call = callerOf(() => ({ app: t, authorization: admin }));
const zone = 'Asia/Shanghai';

/** Metres along a meridian, in degrees of latitude (the haversine sphere's). */
const METRE = 1 / 111_195.08;
/** A quiet spot far from any demo store, the test's own clock-in point. */
const spot = { latitude: 31.1, longitude: 121.2 };

/** Moves the business clock (TEST_CLOCK) to a day and time in the group's zone. */
const at = async (date: string, time: string) => {
  const moved = await call('PUT', '/api/test/clock', { date, time });
  expect(moved.code, moved.message).toBe(200);
};

const punch = (position = spot, datum = 'wgs84', as = staff) =>
  call<ClockInAnswer>('POST', 'clock/in', { ...position, datum, source: 'web', accuracy: 15 }, as);

const dayOf = async (day: string) => {
  const [row] = await t.db
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, person.employeeId), eq(attendanceDays.day, day)));
  return row;
};

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  [admin, staff, hr] = await Promise.all([t.login(), t.login('staff'), t.login('hr')]);
  person = await mainPostOf(t, 'staff');
  const shift = await call<AttendanceShift>('POST', 'clock/rules/shifts/store', {
    name: '测试早班',
    start: '09:00',
    end: '18:00',
    earliest_in: 120,
    latest_out: 240,
    late_grace: 5,
    serious_late: 30,
    late_absent: 120,
    early_grace: 0,
    half_day_hours: 4,
    absent_hours: 2,
  });
  expect(shift.code, shift.message).toBe(200);
  const created = await call<AttendanceGroup>('POST', 'clock/rules/store', {
    name: '测试门店考勤',
    kind: 'fixed',
    shift_id: shift.data.id,
    workdays: [1, 2, 3, 4, 5],
    // The person's post: the most specific cover, over the demo's group of every store.
    targets: [{ target: 'post', id: person.postId }],
    correction_quota: 2,
    correction_deadline_days: 7,
  });
  expect(created.code, created.message).toBe(200);
  group = created.data;
  const point = await call('POST', 'clock/coordinates/store', {
    store_id: person.storeId,
    name: '测试打卡点',
    ...spot,
    datum: 'wgs84',
    radius: 300,
  });
  expect(point.code, point.message).toBe(200);
  await flowApprovedBy(t, 'clock_correction', 'hr');
});
afterAll(() => t.close());

describe('rules', () => {
  it('keeps a post in one group at a time, and says which group has it', async () => {
    const taken = await call('POST', 'clock/rules/store', {
      name: '另一个考勤组',
      kind: 'free',
      shift_id: group.shift_id,
      workdays: [1, 2, 3],
      targets: [{ target: 'post', id: person.postId }],
    });
    expect(taken.code).toBe(409);
    expect(taken.message).toBe(ruleMessages.targetTaken('测试门店考勤'));
  });

  it('refuses a fixed group without a shift and a threshold out of range, field by field', async () => {
    const answer = await call('POST', 'clock/rules/store', { name: '无班次', kind: 'fixed', workdays: [1] });
    expect(answer.code).toBe(422);
    expect(answer.data.errors).toContainEqual({ field: 'shift_id', message: ruleMessages.shiftRequired });
    const shift = await call('POST', 'clock/rules/shifts/store', {
      name: '坏班次',
      start: '25:00',
      end: '18:00',
      earliest_in: 60,
      latest_out: 60,
      late_grace: 0,
      serious_late: -2,
      late_absent: -1,
      early_grace: 0,
      half_day_hours: 4,
      absent_hours: 2,
    });
    expect(shift.code).toBe(422);
    expect(shift.data.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'serious_late',
      'start',
    ]);
  });
  it('schedules a shift group’s person day by day: a shift makes the day due, none a rest day', async () => {
    const sales = await mainPostOf(t, 'sales');
    const shiftGroup = await call<AttendanceGroup>('POST', 'clock/rules/store', {
      name: '测试排班组',
      kind: 'shift',
      workdays: [],
      targets: [{ target: 'post', id: sales.postId }],
    });
    expect(shiftGroup.code, shiftGroup.message).toBe(200);
    const scheduled = await call('PUT', 'clock/rules/schedule', {
      employee_id: sales.employeeId,
      days: [
        { day: '2026-12-14', shift_id: group.shift_id },
        { day: '2026-12-15', shift_id: null },
      ],
    });
    expect(scheduled.code, scheduled.message).toBe(200);
    expect(
      scheduled.data.map((row: { day: string; shift_name: string | null }) => [row.day, row.shift_name]),
    ).toEqual([
      ['2026-12-14', '测试早班'],
      ['2026-12-15', null],
    ]);
    await computeDays(t.db, [sales.employeeId], '2026-12-14', zone);
    await computeDays(t.db, [sales.employeeId], '2026-12-15', zone);
    const [due, rest] = await Promise.all(
      ['2026-12-14', '2026-12-15'].map(
        async (day) =>
          (
            await t.db
              .select()
              .from(attendanceDays)
              .where(and(eq(attendanceDays.employeeId, sales.employeeId), eq(attendanceDays.day, day)))
          )[0],
      ),
    );
    expect(due).toMatchObject({ kind: 'workday', absent: 1 });
    expect(rest).toMatchObject({ kind: 'restday', status: 'rest' });
    const refused = await call('PUT', 'clock/rules/schedule', {
      employee_id: person.employeeId,
      days: [{ day: '2026-12-14', shift_id: group.shift_id }],
    });
    expect(refused.message).toBe(ruleMessages.notInShiftGroup);

    // The roster: everyone the group's post reaches on the month's first day (a month ahead), with their days.
    const roster = await call<ScheduleRoster>(
      'GET',
      `clock/rules/schedule/roster?group_id=${shiftGroup.data.id}&month=2026-12`,
    );
    expect(roster.code, roster.message).toBe(200);
    expect(roster.data.as_of).toBe('2026-12-01');
    const onPost = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        select distinct a.employee_id as id from assignments a join employees e on e.id = a.employee_id
        where a.post_id = ${sales.postId} and a.is_main and a.start_date <= '2026-12-01'
          and (a.end_date is null or a.end_date >= '2026-12-01')
          and e.entry_date <= '2026-12-01' and (e.left_on is null or e.left_on >= '2026-12-01')`),
    );
    expect(roster.data.people.map((row) => row.employee_id).sort()).toEqual(
      onPost.map((row) => row.id).sort(),
    );
    expect(roster.data.people.find((row) => row.employee_id === sales.employeeId)?.days).toEqual([
      { day: '2026-12-14', shift_id: group.shift_id },
      { day: '2026-12-15', shift_id: null },
    ]);
    const fixed = await call('GET', `clock/rules/schedule/roster?group_id=${group.id}&month=2026-12`);
    expect([fixed.code, fixed.message]).toEqual([409, ruleMessages.notShiftGroup]);
    const unnamed = await call('GET', 'clock/rules/schedule/roster?month=2026-12');
    expect(unnamed.code).toBe(422);
    expect(unnamed.data.errors).toContainEqual({
      field: 'group_id',
      message: selectMessage(ruleLabels.group),
    });
  });
});

describe('clock-in', () => {
  it('takes a punch 1 m inside the fence and refuses one 1 m outside with the distance', async () => {
    await at('2026-12-07', '08:50');
    const outside = await punch({ latitude: spot.latitude + 301 * METRE, longitude: spot.longitude });
    expect(outside.code).toBe(409);
    expect(outside.message).toBe(ruleMessages.outside(301, 300));
    const inside = await punch({ latitude: spot.latitude + 299 * METRE, longitude: spot.longitude });
    expect(inside.code, inside.message).toBe(200);
    expect(inside.data.punch).toMatchObject({
      in_fence: true,
      distance: 299,
      point_name: '测试打卡点',
      source: 'web',
    });
    expect(inside.data.today.punches).toHaveLength(1);
    // Clocked in, not yet out: the day so far.
    expect(inside.data.today.result).toMatchObject({
      day: '2026-12-07',
      first_in: '2026-12-07T00:50:00.000Z',
      missing_out: true,
    });
  });

  it('measures a GCJ-02 position after converting it, and the day comes out normal', async () => {
    await at('2026-12-07', '18:02');
    const read = wgs84ToGcj02(spot);
    const answer = await punch(read, 'gcj02');
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.punch).toMatchObject({ in_fence: true, distance: 0 });
    expect(answer.data.today.result).toMatchObject({
      status: 'normal',
      late_minutes: 0,
      early_minutes: 0,
      absent: 0,
    });
    // Records are never edited: two punches as they came.
    const today = await call<ClockToday>('GET', 'clock/today', undefined, staff);
    expect(today.data.punches.map((row) => row.datum)).toEqual(['wgs84', 'gcj02']);
    expect(today.data.store?.id).toBe(person.storeId);
  });

  it('lists the punches by person and fence result for HR', async () => {
    const list = await call<Page<{ employee_id: number; in_fence: boolean }>>(
      'GET',
      `clock/records?from=2026-12-07&to=2026-12-07&employee_id=${person.employeeId}&in_fence=1`,
    );
    expect(list.code, list.message).toBe(200);
    expect(list.data.total).toBe(2);
    expect(list.data.data.every((row) => row.employee_id === person.employeeId && row.in_fence)).toBe(true);
  });

  it('answers clock-ins arriving together each on its own, refusals among them', async () => {
    await at('2026-12-07', '12:00');
    const far = { latitude: spot.latitude + 0.05, longitude: spot.longitude };
    // Two are written at once and the rest wait for them, to be written together (ClockInDesk).
    const answers = await Promise.all([
      punch(),
      punch(),
      punch(far),
      punch(spot, 'wgs84', admin),
      punch(),
      punch(far),
      punch(),
    ]);
    expect(answers.map((answer) => answer.code)).toEqual([200, 200, 409, 409, 200, 409, 200]);
    expect(answers[2]!.message).toBe(ruleMessages.outside(5560, 300));
    expect(answers[3]!.message).toBe(ruleMessages.noEmployee);
    const taken = answers.filter((answer) => answer.code === 200).map((answer) => answer.data.punch);
    expect(new Set(taken.map((row) => row.id)).size).toBe(4);
    expect(
      taken.every((row) => row.employee_id === person.employeeId && row.point_name === '测试打卡点'),
    ).toBe(true);
    const stored = await t.db
      .select({ id: clockPunches.id })
      .from(clockPunches)
      .where(
        and(
          eq(clockPunches.employeeId, person.employeeId),
          gte(clockPunches.punchedAt, new Date('2026-12-07T04:00:00Z')),
          lt(clockPunches.punchedAt, new Date('2026-12-07T04:01:00Z')),
        ),
      );
    expect(stored.map((row) => row.id).sort()).toEqual(taken.map((row) => row.id).sort());
    // The day is computed with every punch: the last one written sees them all, and the day stays as it was.
    const last = answers.at(-1)!.data.today;
    expect(last.punches.map((row) => row.id)).toEqual(expect.arrayContaining(taken.map((row) => row.id)));
    expect(await dayOf('2026-12-07')).toMatchObject({
      status: 'normal',
      firstIn: new Date('2026-12-07T00:50:00.000Z'),
      lastOut: new Date('2026-12-07T10:02:00.000Z'),
    });
  });

  it('counts a late arrival past the grace and an early leave', async () => {
    await at('2026-12-08', '09:06');
    expect((await punch()).code).toBe(200);
    await at('2026-12-08', '17:59');
    const answer = await punch();
    expect(answer.data.today.result).toMatchObject({
      status: 'abnormal',
      late_minutes: 6,
      serious_late: false,
      early_minutes: 1,
      abnormal: ['late', 'early'],
    });
  });

  it('takes out-of-fence punches as 外勤 once the group allows them', async () => {
    const allowed = await call('PUT', 'clock/rules/update', {
      ...group,
      allow_outside: true,
      targets: group.targets.map(({ target, id }) => ({ target, id })),
    });
    expect(allowed.code, allowed.message).toBe(200);
    await at('2026-12-09', '08:58');
    const far = await punch({ latitude: spot.latitude + 0.05, longitude: spot.longitude });
    expect(far.code, far.message).toBe(200);
    expect(far.data.punch.in_fence).toBe(false);
    expect(far.data.today.result?.outside).toBe(1);
  });
  it('gives a punch before the group’s boundary hour to the day before (a night’s work ends after midnight)', async () => {
    const later = await call<AttendanceGroup>('PUT', 'clock/rules/update', {
      ...group,
      allow_outside: true,
      day_boundary_hour: 4,
      targets: group.targets.map(({ target, id }) => ({ target, id })),
    });
    expect(later.code, later.message).toBe(200);
    await at('2026-12-10', '02:00');
    const late = await punch();
    expect(late.code, late.message).toBe(200);
    expect(late.data.today.day).toBe('2026-12-09');
    // 02:00 in Beijing, seconds after the clock was set.
    expect(late.data.today.punches.map((row) => row.punched_at.slice(0, 16))).toContain('2026-12-09T18:00');
  });
});

describe('the day table', () => {
  it('builds a day for everyone employed, in batches that resume after a stop, and only once', async () => {
    const day = '2026-12-10';
    // A run that stopped after the first batch: its bookmark says how far it got.
    const [first] = rowsOf<{ id: number }>(await t.db.execute(sql`select min(id) as id from employees`));
    await t.db.insert(attendanceBuilds).values({ day, lastEmployeeId: first!.id });
    const resumed = await buildDay(t.db, day, zone);
    expect(resumed.people).toBeGreaterThan(0);
    // The first person was left to the stopped run: not built again.
    const [skipped] = await t.db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, first!.id), eq(attendanceDays.day, day)));
    expect(skipped).toBeUndefined();
    expect(await dayOf(day)).toMatchObject({
      status: 'abnormal',
      absent: 1,
      missingIn: true,
      missingOut: true,
    });
    expect(await buildDay(t.db, day, zone)).toEqual({ day, people: 0, skipped: 'built' });
  });

  it('makes a statutory holiday a day off and a make-up Saturday a working day', async () => {
    await computeDays(t.db, [person.employeeId], '2026-10-01', zone);
    expect(await dayOf('2026-10-01')).toMatchObject({ kind: 'holiday', status: 'rest', absent: 0 });
    await computeDays(t.db, [person.employeeId], '2026-10-10', zone);
    expect(await dayOf('2026-10-10')).toMatchObject({ kind: 'workday' });
  });

  it('never makes the joining day abnormal, though the next day without a punch is absent', async () => {
    const [before] = await t.db
      .select({ entryDate: employees.entryDate })
      .from(employees)
      .where(eq(employees.id, person.employeeId));
    const [main] = await t.db
      .select({ startDate: assignments.startDate })
      .from(assignments)
      .where(eq(assignments.id, person.assignmentId));
    // As if the person joined on Monday 2026-12-14.
    await t.db.update(employees).set({ entryDate: '2026-12-14' }).where(eq(employees.id, person.employeeId));
    await t.db
      .update(assignments)
      .set({ startDate: '2026-12-14' })
      .where(eq(assignments.id, person.assignmentId));
    try {
      await computeDays(t.db, [person.employeeId], '2026-12-14', zone);
      await computeDays(t.db, [person.employeeId], '2026-12-15', zone);
      expect(await dayOf('2026-12-14')).toMatchObject({ status: 'normal', absent: 0, missingIn: false });
      expect(await dayOf('2026-12-15')).toMatchObject({ status: 'abnormal', absent: 1 });
      // Before joining there is no day at all.
      await computeDays(t.db, [person.employeeId], '2026-12-11', zone);
      expect(await dayOf('2026-12-11')).toBeUndefined();
    } finally {
      await t.db
        .update(employees)
        .set({ entryDate: before!.entryDate })
        .where(eq(employees.id, person.employeeId));
      await t.db
        .update(assignments)
        .set({ startDate: main!.startDate })
        .where(eq(assignments.id, person.assignmentId));
    }
  });

  it('moves punches the default partition caught into their month when it is created', async () => {
    await t.db.insert(clockPunches).values({
      punchedAt: new Date('2031-03-31T16:30:00Z'), // 00:30 on 1 April in Beijing
      employeeId: person.employeeId,
      inFence: true,
      source: 'device',
    });
    expect(await ensurePunchPartition(t.db, '2031-04', zone)).toBe(true);
    const [held] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from clock_punches_203104`),
    );
    expect(held!.n).toBe(1);
    const [left] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from clock_punches_default where punched_at >= '2031-01-01'`,
      ),
    );
    expect(left!.n).toBe(0);
    expect(await ensurePunchPartition(t.db, '2031-04', zone)).toBe(false);
  });
});

describe('abnormal days and corrections', () => {
  it('approves a correction through its flow and the day is computed again', async () => {
    // 2026-12-11: clocked in only.
    await at('2026-12-11', '08:55');
    expect((await punch()).code).toBe(200);
    await at('2026-12-12', '10:00');
    await computeDays(t.db, [person.employeeId], '2026-12-11', zone);
    const abnormal = await call<Page<AttendanceDay>>(
      'GET',
      'clock/abnormal?mine=1&from=2026-12-11&to=2026-12-11',
      undefined,
      staff,
    );
    expect(abnormal.data.data[0]).toMatchObject({
      day: '2026-12-11',
      missing_out: true,
      abnormal: ['missing', 'absent'],
    });

    const explained = await call(
      'PUT',
      'clock/abnormal/explain',
      { day: '2026-12-11', explanation: '忘记打卡' },
      staff,
    );
    expect(explained.code, explained.message).toBe(200);
    const asked = await call<{ id: number; approval_id: number }>(
      'POST',
      'clock/abnormal/correction',
      { day: '2026-12-11', side: 'out', punch_at: '2026-12-11T18:05:00+08:00', reason: '下班忘记打卡' },
      staff,
    );
    expect(asked.code, asked.message).toBe(200);
    const again = await call(
      'POST',
      'clock/abnormal/correction',
      { day: '2026-12-11', side: 'out', punch_at: '2026-12-11T18:06:00+08:00', reason: '重复' },
      staff,
    );
    expect(again.message).toBe(ruleMessages.correctionPending);

    const detail = await call('GET', `approval/task/detail?id=${asked.data.approval_id}`, undefined, hr);
    const approved = await call('POST', 'approval/task/approve', { id: detail.data.actions.task_id }, hr);
    expect(approved.code, approved.message).toBe(200);
    expect(await dayOf('2026-12-11')).toMatchObject({ status: 'normal', missingOut: false, absent: 0 });
    const [written] = await t.db
      .select()
      .from(clockPunches)
      .where(
        and(
          eq(clockPunches.employeeId, person.employeeId),
          eq(clockPunches.source, 'correction'),
          gte(clockPunches.punchedAt, new Date('2026-12-11T00:00:00+08:00')),
        ),
      );
    expect(written?.punchedAt.toISOString()).toBe('2026-12-11T10:05:00.000Z');
  });

  it('refuses a correction past the deadline', async () => {
    await computeDays(t.db, [person.employeeId], '2026-12-01', zone);
    await at('2026-12-20', '10:00');
    const late = await call(
      'POST',
      'clock/abnormal/correction',
      { day: '2026-12-01', side: 'in', punch_at: '2026-12-01T09:00:00+08:00', reason: '补' },
      staff,
    );
    expect(late.message).toBe(ruleMessages.correctionDeadline(7));
  });
});

describe('the monthly sheet', () => {
  it('sums the days of the month and closes it against changes until reopened', async () => {
    const sheet = await call<Page<MonthlyStatistics> & { month: MonthState }>(
      'GET',
      `clock/statistics?month=2026-12&store_id=${person.storeId}&keyword=${encodeURIComponent((await mainName()) ?? '')}`,
    );
    expect(sheet.code, sheet.message).toBe(200);
    const row = sheet.data.data.find((each) => each.employee_id === person.employeeId)!;
    expect(row).toMatchObject({
      late_count: 1,
      late_minutes: 6,
      early_count: 1,
      early_minutes: 1,
      outside: 1,
      corrections: 1,
    });
    expect(sheet.data.month.locked).toBe(false);

    const early = await call('PUT', 'clock/statistics/lock', { month: '2026-12' });
    expect(early.message).toBe(ruleMessages.monthNotOver);
    await at('2027-01-04', '10:00');
    const locked = await call<MonthState>('PUT', 'clock/statistics/lock', { month: '2026-12' });
    expect(locked.data).toMatchObject({ month: '2026-12', locked: true });
    const refused = await call(
      'PUT',
      'clock/abnormal/explain',
      { day: '2026-12-08', explanation: '堵车' },
      staff,
    );
    expect(refused.message).toBe(ruleMessages.monthLocked('2026-12'));
    expect(await buildDay(t.db, '2026-12-31', zone)).toMatchObject({ skipped: 'locked' });
    const reopened = await call<MonthState>('PUT', 'clock/statistics/unlock', { month: '2026-12' });
    expect(reopened.data.locked).toBe(false);
    expect(
      (await call('PUT', 'clock/abnormal/explain', { day: '2026-12-08', explanation: '堵车' }, staff)).code,
    ).toBe(200);
  });
});

const mainName = async () =>
  (await t.db.select({ name: employees.name }).from(employees).where(eq(employees.id, person.employeeId)))[0]
    ?.name;
