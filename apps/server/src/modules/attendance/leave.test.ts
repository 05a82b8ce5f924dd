import { annualLeaveFor, leaveMessages } from '@dealer-hr/shared/attendance/leave';
import type { LeaveBalance, LeaveRequest } from '@dealer-hr/shared/attendance/leave-contract';
import type { ClockToday } from '@dealer-hr/shared/attendance/clock-contract';
import type { AttendanceGroup } from '@dealer-hr/shared/attendance/rules-contract';
import { ErrorCode } from '@dealer-hr/shared';
import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceDays, employees, leaveLedger, leaveRequests } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { flowApprovedBy } from '../../test/flows';
import { mainPostOf } from '../../test/users';
import { expireLeave } from './leave-expiry';

let t: TestApp;
let staff: string;
let hr: string;
let person: Awaited<ReturnType<typeof mainPostOf>>;
const call = callerOf(() => ({ app: t, authorization: staff }));

const at = async (date: string, time: string) => {
  const moved = await call('PUT', '/api/test/clock', { date, time });
  expect(moved.code, moved.message).toBe(200);
};

/** The staff member clocks in at their store's first point on `day` at `time`. */
const punchAt = async (day: string, time: string) => {
  await at(day, time);
  const point = (await call<ClockToday>('GET', 'clock/today')).data.points[0]!;
  const punched = await call('POST', 'clock/in', {
    latitude: point.latitude,
    longitude: point.longitude,
    datum: 'wgs84',
    source: 'web',
  });
  expect(punched.code, punched.message).toBe(200);
};

const annual = async (year = 2026) =>
  (await call<LeaveBalance[]>('GET', `clock/leave/balance?year=${year}`)).data.find(
    (row) => row.type === 'annual',
  )!;

const approve = async (request: LeaveRequest) => {
  const detail = await call('GET', `approval/task/detail?id=${request.approval_id}`, undefined, hr);
  const approved = await call('POST', 'approval/task/approve', { id: detail.data.actions.task_id }, hr);
  expect(approved.code, approved.message).toBe(200);
};

const dayOf = async (day: string) =>
  (
    await t.db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, person.employeeId), eq(attendanceDays.day, day)))
  )[0];

/** The person's group, changed by `change` for the test's length. */
const withGroup = async (change: Partial<AttendanceGroup>, test: () => Promise<void>) => {
  const admin = await t.login();
  const name = (await call<ClockToday>('GET', 'clock/today')).data.group!.name;
  const group = (await call<AttendanceGroup[]>('GET', 'clock/rules/index', undefined, admin)).data.find(
    (each) => each.name === name,
  )!;
  const changed = await call('PUT', 'clock/rules/update', { ...group, ...change }, admin);
  expect(changed.code, changed.message).toBe(200);
  try {
    await test();
  } finally {
    expect((await call('PUT', 'clock/rules/update', group, admin)).code).toBe(200);
  }
};

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  [staff, hr] = await Promise.all([t.login('staff'), t.login('hr')]);
  person = await mainPostOf(t, 'staff');
  // The demo's story of the person's leave (last year's annual leave carried over and settled, leave taken)
  // would be in every balance below: the tests start from none.
  await t.db.delete(leaveLedger).where(eq(leaveLedger.employeeId, person.employeeId));
  await t.db.delete(leaveRequests).where(eq(leaveRequests.employeeId, person.employeeId));
  await flowApprovedBy(t, 'leave', 'hr');
  await at('2026-12-07', '09:00');
});
afterAll(() => t.close());

describe('balances', () => {
  it('grants the year’s statutory annual leave once, from the years since joining', async () => {
    const [joined] = await t.db
      .select({ entryDate: employees.entryDate })
      .from(employees)
      .where(eq(employees.id, person.employeeId));
    const first = await annual();
    expect(first).toMatchObject({ granted: annualLeaveFor(2026, joined!.entryDate), used: 0, pending: 0 });
    expect(first.ledger.map((row) => row.kind)).toEqual(['grant']);
    await annual();
    const grants = await t.db
      .select()
      .from(leaveLedger)
      .where(
        and(
          eq(leaveLedger.employeeId, person.employeeId),
          eq(leaveLedger.kind, 'grant'),
          eq(leaveLedger.year, 2026),
        ),
      );
    expect(grants).toHaveLength(1);
  });
});

describe('a half day of annual leave', () => {
  let request: LeaveRequest;

  it('takes 0.5 day, waits in approval, and is deducted at the approval', async () => {
    const before = await annual();
    const asked = await call<LeaveRequest>('POST', 'clock/leave/store', {
      type: 'annual',
      start_day: '2026-12-08',
      start_half: 'am',
      end_day: '2026-12-08',
      end_half: 'am',
      reason: '上午去车管所办事',
    });
    expect(asked.code, asked.message).toBe(200);
    request = asked.data;
    expect(request).toMatchObject({ days: 0.5, status: 'approving' });
    expect(await annual()).toMatchObject({ pending: 0.5, left: before.left });
    const overlap = await call('POST', 'clock/leave/store', {
      type: 'personal',
      start_day: '2026-12-08',
      start_half: 'am',
      end_day: '2026-12-08',
      end_half: 'pm',
      reason: '重叠',
    });
    expect(overlap.message).toBe(leaveMessages.overlaps);
    const tooMuch = await call('POST', 'clock/leave/store', {
      type: 'annual',
      start_day: '2026-12-14',
      start_half: 'am',
      end_day: '2026-12-31',
      end_half: 'pm',
      reason: '超过余额',
    });
    expect(tooMuch.code).toBe(409);
    await approve(request);
    expect(await annual()).toMatchObject({ pending: 0, left: before.left - 0.5, used: 0.5 });
  });

  it('makes the morning due no punch: one clock-out alone is half a day absent', async () => {
    await punchAt('2026-12-08', '17:35');
    expect(await dayOf('2026-12-08')).toMatchObject({
      leave: 'am',
      leaveType: 'annual',
      missingIn: true,
      absent: 0.5,
      status: 'abnormal',
    });
    // The month's sheet counts the half day by its type.
    const sheet = await call<{
      data: { employee_id: number; leave_days: number; leave_by_type: Record<string, number> }[];
    }>('GET', `clock/statistics?month=2026-12&store_id=${person.storeId}&limit=100`, undefined, hr);
    expect(sheet.data.data.find((row) => row.employee_id === person.employeeId)).toMatchObject({
      leave_days: 0.5,
      leave_by_type: { annual: 0.5, sick: 0 },
    });
  });

  it('cancelled, gives the half day back and the day is computed without it', async () => {
    await at('2026-12-09', '09:00');
    const left = (await annual()).left;
    const cancelled = await call<LeaveRequest>('PUT', 'clock/leave/cancel', { id: request.id });
    expect(cancelled.data.status).toBe('cancelled');
    const balance = await annual();
    expect(balance.left).toBe(left + 0.5);
    expect(balance.ledger.map((row) => row.kind)).toEqual(['grant', 'use', 'restore']);
    expect(await dayOf('2026-12-08')).toMatchObject({ leave: 'none', leaveType: null });
  });

  it('lists the caller’s own requests only, without the right to see others', async () => {
    const mine = await call<{ data: LeaveRequest[]; total: number }>('GET', 'clock/leave/index');
    expect(mine.data.data.every((row) => row.employee_id === person.employeeId)).toBe(true);
    expect(mine.data.data.map((row) => row.status)).toContain('cancelled');
  });
});

describe('leave by the hour', () => {
  let shift: { start: string; end: string };
  const hours = (type: string, day: string, from: string, to: string) => ({
    type,
    unit: 'hour',
    start_day: day,
    start_time: from,
    end_time: to,
    reason: '去医院复查',
  });
  const plus = (time: string, minutes: number) => {
    const [h, m] = time.split(':').map(Number) as [number, number];
    const total = h * 60 + m + minutes;
    return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  };

  beforeAll(async () => {
    await at('2026-12-09', '09:00');
    shift = (await call<ClockToday>('GET', 'clock/today')).data.group!.shift!;
  });

  it('refuses types the group keeps by the day, windows off the shift and times off the half hour', async () => {
    const marriage = await call(
      'POST',
      'clock/leave/store',
      hours('marriage', '2026-12-10', shift.start, plus(shift.start, 120)),
    );
    expect([marriage.code, marriage.message]).toEqual([409, leaveMessages.notHourly('婚假')]);
    // Annual leave goes by the day unless the group says otherwise.
    const annualHours = await call(
      'POST',
      'clock/leave/store',
      hours('annual', '2026-12-10', shift.start, plus(shift.start, 120)),
    );
    expect(annualHours.code).toBe(409);
    const early = await call(
      'POST',
      'clock/leave/store',
      hours('personal', '2026-12-10', plus(shift.start, -120), shift.start),
    );
    expect(early.code).toBe(409);
    expect(early.data.errors[0].field).toBe('start_time');
    const odd = await call(
      'POST',
      'clock/leave/store',
      hours('personal', '2026-12-10', plus(shift.start, 15), plus(shift.start, 135)),
    );
    expect([odd.code, odd.data.errors[0].field]).toEqual([422, 'start_time']);
    const long = await call(
      'POST',
      'clock/leave/store',
      hours('personal', '2026-12-10', shift.start, plus(shift.start, 540)),
    );
    expect([long.code, long.message]).toEqual([422, leaveMessages.hourLength]);
    const restDay = await call(
      'POST',
      'clock/leave/store',
      hours('personal', '2026-12-13', shift.start, plus(shift.start, 120)),
    );
    expect([restDay.code, restDay.message]).toEqual([409, leaveMessages.hoursNotWorkday]);
  });

  it('takes the first two hours of a day as a quarter of a day, and the clock-in is due at their end', async () => {
    const from = shift.start;
    const to = plus(shift.start, 120);
    const preview = await call(
      'GET',
      `clock/leave/preview?type=personal&unit=hour&start_day=2026-12-10&start_time=${from}&end_time=${to}`,
    );
    expect(preview.data).toEqual({ days: 0.25 });
    const asked = await call<LeaveRequest>(
      'POST',
      'clock/leave/store',
      hours('personal', '2026-12-10', from, to),
    );
    expect(asked.code, asked.message).toBe(200);
    expect(asked.data).toMatchObject({ unit: 'hour', start_time: from, end_time: to, hours: 2, days: 0.25 });
    // The morning of that day clashes with it, the afternoon does not, nor does a later window.
    const morning = await call('POST', 'clock/leave/store', {
      type: 'sick',
      start_day: '2026-12-10',
      start_half: 'am',
      end_day: '2026-12-10',
      end_half: 'am',
      reason: '重叠',
    });
    expect(morning.message).toBe(leaveMessages.overlaps);
    const within = await call(
      'POST',
      'clock/leave/store',
      hours('sick', '2026-12-10', plus(from, 60), plus(from, 180)),
    );
    expect(within.message).toBe(leaveMessages.overlaps);
    // Half days part at the middle of the shift, as the day table reads them: the afternoon is free.
    const afternoon = await call<LeaveRequest>('POST', 'clock/leave/store', {
      type: 'sick',
      start_day: '2026-12-10',
      start_half: 'pm',
      end_day: '2026-12-10',
      end_half: 'pm',
      reason: '下午复查',
    });
    expect(afternoon.code, afternoon.message).toBe(200);
    expect((await call('PUT', 'clock/leave/cancel', { id: afternoon.data.id })).code).toBe(200);
    // ...and the morning runs to that middle, past noon: the hour before it is the morning's.
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    const middle = plus(shift.start, (minutes(shift.end) - minutes(shift.start)) / 2);
    const morning15 = await call<LeaveRequest>('POST', 'clock/leave/store', {
      type: 'personal',
      start_day: '2026-12-15',
      start_half: 'am',
      end_day: '2026-12-15',
      end_half: 'am',
      reason: '上午办事',
    });
    expect(morning15.code, morning15.message).toBe(200);
    const beforeMiddle = await call(
      'POST',
      'clock/leave/store',
      hours('sick', '2026-12-15', plus(middle, -60), middle),
    );
    expect(beforeMiddle.message).toBe(leaveMessages.overlaps);
    expect((await call('PUT', 'clock/leave/cancel', { id: morning15.data.id })).code).toBe(200);
    // The approver reads the window and its hours.
    const detail = await call<{ facts: { key: string; value: unknown }[] }>(
      'GET',
      `approval/task/detail?id=${asked.data.approval_id}`,
      undefined,
      hr,
    );
    expect(detail.data.facts.filter((each) => each.key.startsWith('leave_'))).toMatchObject([
      { key: 'leave_type', value: 'personal' },
      { key: 'leave_time', value: `${from}-${to}` },
      { key: 'leave_hours', value: 2 },
    ]);
    await approve(asked.data);

    await punchAt('2026-12-10', plus(from, 118));
    await punchAt('2026-12-10', plus(shift.end, 2));
    expect(await dayOf('2026-12-10')).toMatchObject({
      leave: 'hours',
      leaveMinutes: 120,
      leaveType: 'personal',
      lateMinutes: 0,
      absent: 0,
      status: 'leave',
    });
    const sheet = await call<{
      data: { employee_id: number; leave_by_type: Record<string, number> }[];
    }>('GET', `clock/statistics?month=2026-12&store_id=${person.storeId}&limit=100`, undefined, hr);
    expect(sheet.data.data.find((row) => row.employee_id === person.employeeId)?.leave_by_type.personal).toBe(
      0.25,
    );
  });

  it('takes annual leave by the hour once the group allows it, an eighth of a day an hour', async () => {
    const admin = await t.login();
    const name = (await call<ClockToday>('GET', 'clock/today')).data.group!.name;
    const group = (await call<AttendanceGroup[]>('GET', 'clock/rules/index', undefined, admin)).data.find(
      (each) => each.name === name,
    )!;
    expect(group.hourly_leave_types).toEqual(['personal', 'sick', 'lieu']);
    const options = async () =>
      (await call<{ hourly_leave_types: string[] }>('GET', 'clock/leave/options')).data.hourly_leave_types;
    expect(await options()).toEqual(['personal', 'sick', 'lieu']);
    const update = (types: unknown) =>
      call('PUT', 'clock/rules/update', { ...group, hourly_leave_types: types }, admin);
    const wrong = await update(['marriage']);
    expect([wrong.code, wrong.data.errors[0].field]).toEqual([422, 'hourly_leave_types.0']);
    expect((await update([...group.hourly_leave_types, 'annual'])).code).toBe(200);
    expect(await options()).toContain('annual');
    try {
      const before = await annual();
      const asked = await call<LeaveRequest>(
        'POST',
        'clock/leave/store',
        hours('annual', '2026-12-14', shift.start, plus(shift.start, 60)),
      );
      expect(asked.code, asked.message).toBe(200);
      expect(asked.data).toMatchObject({ hours: 1, days: 0.125 });
      expect(await annual()).toMatchObject({ pending: before.pending + 0.125, left: before.left });
      await call('PUT', 'clock/leave/cancel', { id: asked.data.id });
    } finally {
      expect((await update(group.hourly_leave_types)).code).toBe(200);
    }
  });

  it('cancelled, leaves the day due from the shift’s start again', async () => {
    await at('2026-12-11', '09:00');
    const mine = await call<{ data: LeaveRequest[] }>('GET', 'clock/leave/index?type=personal');
    const request = mine.data.data.find((row) => row.unit === 'hour' && row.status === 'approved')!;
    const cancelled = await call<LeaveRequest>('PUT', 'clock/leave/cancel', { id: request.id });
    expect(cancelled.data.status).toBe('cancelled');
    expect(await dayOf('2026-12-10')).toMatchObject({
      leave: 'none',
      leaveMinutes: 0,
      lateMinutes: 118,
      status: 'abnormal',
    });
  });
});

describe('adjustments', () => {
  it('lets HR add days to a person’s balance with a reason, never below zero, and only with the right', async () => {
    const [named] = await t.db
      .select({ name: employees.name })
      .from(employees)
      .where(eq(employees.id, person.employeeId));
    const found = await call<{ id: number }[]>(
      'GET',
      `clock/leave/people?keyword=${encodeURIComponent(named!.name)}`,
      undefined,
      hr,
    );
    expect(found.data.map((row) => row.id)).toContain(person.employeeId);
    const before = (
      await call<LeaveBalance[]>(
        'GET',
        `clock/leave/balance/person?employee_id=${person.employeeId}&year=2026`,
        undefined,
        hr,
      )
    ).data.find((row) => row.type === 'annual')!;
    expect(before).toEqual(await annual());

    const added = await call<LeaveBalance>(
      'POST',
      'clock/leave/adjust',
      { employee_id: person.employeeId, year: 2026, type: 'annual', days: 2.5, note: '2025 年结转' },
      hr,
    );
    expect(added.code, added.message).toBe(200);
    expect(added.data).toMatchObject({ granted: before.granted + 2.5, left: before.left + 2.5 });
    expect(added.data.ledger.at(-1)).toMatchObject({ kind: 'adjust', days: 2.5, note: '2025 年结转' });
    expect((await annual()).left).toBe(before.left + 2.5);

    const tooMuch = await call(
      'POST',
      'clock/leave/adjust',
      { employee_id: person.employeeId, year: 2026, type: 'annual', days: -(before.left + 3), note: '清零' },
      hr,
    );
    expect([tooMuch.code, tooMuch.message]).toEqual([
      409,
      leaveMessages.adjustBelowZero('年假', before.left + 2.5),
    ]);
    const wrong = await call(
      'POST',
      'clock/leave/adjust',
      { employee_id: person.employeeId, year: 2026, type: 'sick', days: 0.3, note: '' },
      hr,
    );
    expect(wrong.code).toBe(422);
    expect(wrong.data.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'days',
      'note',
      'type',
    ]);
    // The employee may read their own balance, not change it.
    const own = await call('POST', 'clock/leave/adjust', {
      employee_id: person.employeeId,
      year: 2026,
      type: 'annual',
      days: 5,
      note: '自己加',
    });
    expect(own.code).toBe(ErrorCode.FORBIDDEN);
    const ledger = await t.db
      .select({ kind: leaveLedger.kind, days: leaveLedger.days })
      .from(leaveLedger)
      .where(and(eq(leaveLedger.employeeId, person.employeeId), eq(leaveLedger.kind, 'adjust')));
    expect(ledger).toEqual([{ kind: 'adjust', days: 2.5 }]);
  });
});

describe('expiry', () => {
  it('expires what is left of an earlier year once, and waits for a request of that year still in approval', async () =>
    // A group that carries nothing over (the demo's carries five days).
    withGroup({ annual_carry_days: 0 }, async () => {
      await t.db.insert(leaveLedger).values([
        {
          employeeId: person.employeeId,
          year: 2025,
          type: 'annual',
          kind: 'grant',
          days: 5,
          note: '2025 年法定年假',
        },
        { employeeId: person.employeeId, year: 2025, type: 'annual', kind: 'use', days: -2 },
        { employeeId: person.employeeId, year: 2025, type: 'lieu', kind: 'adjust', days: 1, note: '加班' },
      ]);
      const [waiting] = await t.db
        .insert(leaveRequests)
        .values({
          employeeId: person.employeeId,
          type: 'lieu',
          startDay: '2025-12-30',
          startHalf: 'am',
          endDay: '2025-12-30',
          endHalf: 'pm',
          days: 1,
          reason: '调休',
          status: 'approving',
        })
        .returning();
      const leftOf = async (type: 'annual' | 'lieu') =>
        (await call<LeaveBalance[]>('GET', 'clock/leave/balance?year=2025')).data.find(
          (row) => row.type === type,
        )!;

      expect(await expireLeave(t.db, '2026-01-01')).toEqual({ expired: 1, carried: 0, settled: 0 });
      expect(await leftOf('annual')).toMatchObject({ left: 0, granted: 5, used: 2, expired: 3 });
      expect((await leftOf('annual')).ledger.at(-1)).toMatchObject({ kind: 'expire', days: -3 });
      expect((await leftOf('lieu')).left).toBe(1);
      expect((await expireLeave(t.db, '2026-01-02')).expired).toBe(0);

      await t.db.update(leaveRequests).set({ status: 'rejected' }).where(eq(leaveRequests.id, waiting!.id));
      expect((await expireLeave(t.db, '2026-01-03')).expired).toBe(1);
      expect((await leftOf('lieu')).left).toBe(0);
      // This year's balance is not touched.
      expect((await annual(2026)).left).toBeGreaterThan(0);
    }));
});

describe('carry-over (结转)', () => {
  const ledgerLine = (year: number, kind: 'grant' | 'use', days: number) => ({
    employeeId: person.employeeId,
    year,
    type: 'annual' as const,
    kind,
    days,
  });
  /** The balances the earlier tests left (read, so granted) ended on `today`, so that a run counts only the test's. */
  const endEarlierTests = (today: string) => expireLeave(t.db, today);
  /** An annual leave request of the person's, written as its approval would have left it. */
  const annualRequest = async (
    startDay: string,
    endDay: string,
    days: number,
    status: 'approved' | 'approving',
  ) =>
    (
      await t.db
        .insert(leaveRequests)
        .values({
          employeeId: person.employeeId,
          type: 'annual',
          startDay,
          startHalf: 'am',
          endDay,
          endHalf: 'pm',
          days,
          reason: '年假',
          status,
        })
        .returning()
    )[0]!;
  /** An approved annual leave of `days` working days from `startDay`, taken from that year's balance. */
  const approvedLeave = async (startDay: string, endDay: string, days: number) => {
    const request = await annualRequest(startDay, endDay, days, 'approved');
    await t.db
      .insert(leaveLedger)
      .values({ ...ledgerLine(Number(startDay.slice(0, 4)), 'use', -days), requestId: request.id });
  };

  it('refuses a rule outside its range, with the field', async () => {
    const admin = await t.login();
    const [group] = (await call<AttendanceGroup[]>('GET', 'clock/rules/index', undefined, admin)).data;
    const wrong = await call(
      'PUT',
      'clock/rules/update',
      { ...group, annual_carry_days: 16, annual_carry_months: 0 },
      admin,
    );
    expect(wrong.code).toBe(422);
    expect(wrong.data.errors).toEqual([
      { field: 'annual_carry_days', message: '年假结转上限（天）须为 0-15 的整数' },
      { field: 'annual_carry_months', message: '结转年假有效期（月）须为 1-12 的整数' },
    ]);
  });

  it('carries last year’s annual leave up to the group’s days, to be taken by its deadline; the rest expires', async () => {
    await withGroup({ annual_carry_days: 5, annual_carry_months: 3 }, async () => {
      await endEarlierTests('2028-01-01');
      await t.db.insert(leaveLedger).values([ledgerLine(2027, 'grant', 8)]);
      await approvedLeave('2027-06-07', '2027-06-07', 1);
      expect(await expireLeave(t.db, '2028-01-01')).toEqual({ expired: 1, carried: 1, settled: 0 });
      expect(await annual(2027)).toMatchObject({ left: 0, used: 1, expired: 2, carried_out: 5 });
      const carriedIn = await annual(2028);
      expect(carriedIn).toMatchObject({
        carried_in: 5,
        carried_until: '2028-03-31',
        expired: 0,
        carried_out: 0,
      });
      expect(carriedIn.left).toBe(carriedIn.granted + 5);
      expect(carriedIn.ledger.find((row) => row.kind === 'carry')).toMatchObject({
        days: 5,
        note: '2027 年结转，2028-03-31 前有效',
      });

      // Two days taken before the deadline count against the carried days; one after it does not.
      await approvedLeave('2028-02-14', '2028-02-15', 2);
      await approvedLeave('2028-05-08', '2028-05-08', 1);
      expect((await expireLeave(t.db, '2028-03-31')).settled).toBe(0);
      expect((await expireLeave(t.db, '2028-04-01')).settled).toBe(1);
      const settled = await annual(2028);
      expect(settled).toMatchObject({ expired: 3, used: 3, left: settled.granted - 1 });
      expect(settled.ledger.at(-1)).toMatchObject({
        kind: 'expire',
        days: -3,
        note: '2027 年结转的年假未在 2028-03-31 前休完，余下部分过期',
      });
      // Settled once.
      expect(await expireLeave(t.db, '2028-04-02')).toEqual({ expired: 0, carried: 0, settled: 0 });
    });
  });

  it('carries all of a smaller leftover, and settles it at nothing when it was all taken in time', async () => {
    await withGroup({ annual_carry_days: 5, annual_carry_months: 1 }, async () => {
      await endEarlierTests('2030-01-02');
      await t.db.insert(leaveLedger).values([ledgerLine(2029, 'grant', 3)]);
      expect(await expireLeave(t.db, '2030-01-02')).toEqual({ expired: 1, carried: 1, settled: 0 });
      expect(await annual(2029)).toMatchObject({ left: 0, expired: 0, carried_out: 3 });
      expect(await annual(2030)).toMatchObject({ carried_in: 3, carried_until: '2030-01-31' });
      await approvedLeave('2030-01-14', '2030-01-16', 3);
      expect((await expireLeave(t.db, '2030-02-01')).settled).toBe(1);
      const after = await annual(2030);
      expect(after).toMatchObject({ expired: 0, used: 3, left: after.granted });
      expect(after.ledger.at(-1)).toMatchObject({
        kind: 'expire',
        days: 0,
        note: '2029 年结转的年假已在 2030-01-31 前休完',
      });
    });
  });

  it('carries nothing of a year before last, nor without a rule', async () => {
    await endEarlierTests('2033-01-01');
    await t.db.insert(leaveLedger).values([ledgerLine(2031, 'grant', 4)]);
    await withGroup({ annual_carry_days: 5 }, async () => {
      // Two years on, the leftover of 2031 only expires.
      expect(await expireLeave(t.db, '2033-01-01')).toEqual({ expired: 1, carried: 0, settled: 0 });
    });
    expect(await annual(2031)).toMatchObject({ left: 0, expired: 4, carried_out: 0 });
    expect((await annual(2032)).carried_in).toBe(0);
    await t.db.insert(leaveLedger).values([ledgerLine(2034, 'grant', 4)]);
    await withGroup({ annual_carry_days: 0 }, async () => {
      await endEarlierTests('2035-01-01');
    });
    expect(await annual(2034)).toMatchObject({ left: 0, expired: 4, carried_out: 0 });
  });

  it('settles carried days before carrying, so that what lapsed is not carried on again', async () => {
    await withGroup({ annual_carry_days: 5, annual_carry_months: 12 }, async () => {
      await endEarlierTests('2037-01-01');
      await t.db.insert(leaveLedger).values([ledgerLine(2036, 'grant', 8)]);
      await t.db.insert(leaveLedger).values([ledgerLine(2037, 'grant', 2)]);
      expect(await expireLeave(t.db, '2037-01-01')).toMatchObject({ carried: 1 });
      expect(await annual(2037)).toMatchObject({ carried_in: 5, carried_until: '2037-12-31', left: 7 });
      // A year on, none of it taken: the five lapse, and only the year's own two go on.
      expect(await expireLeave(t.db, '2038-01-01')).toEqual({ expired: 1, carried: 1, settled: 1 });
      expect(await annual(2037)).toMatchObject({ left: 0, expired: 5, carried_out: 2 });
      expect(await annual(2038)).toMatchObject({ carried_in: 2 });
    });
  });

  it('carries a balance that comes back later only as far as the rule’s days were not carried already', async () => {
    await withGroup({ annual_carry_days: 5, annual_carry_months: 3 }, async () => {
      await endEarlierTests('2040-01-01');
      await t.db.insert(leaveLedger).values([ledgerLine(2039, 'grant', 9)]);
      expect(await expireLeave(t.db, '2040-01-01')).toMatchObject({ carried: 1 });
      // A leave of last year cancelled in January gives two days back to that year.
      await t.db.insert(leaveLedger).values([{ ...ledgerLine(2039, 'grant', 0), kind: 'restore', days: 2 }]);
      expect(await expireLeave(t.db, '2040-01-02')).toEqual({ expired: 1, carried: 0, settled: 0 });
      expect(await annual(2039)).toMatchObject({ left: 0, carried_out: 5, expired: 6 });
      expect((await annual(2040)).carried_in).toBe(5);
    });
  });

  it('waits for leave in approval by the deadline, and never expires days a request in approval holds', async () => {
    await withGroup({ annual_carry_days: 5, annual_carry_months: 3 }, async () => {
      await endEarlierTests('2042-01-01');
      await t.db.insert(leaveLedger).values([ledgerLine(2041, 'grant', 5), ledgerLine(2042, 'grant', 2)]);
      await expireLeave(t.db, '2042-01-01');
      const asking = (startDay: string, days: number) => annualRequest(startDay, startDay, days, 'approving');
      const inMarch = await asking('2042-03-16', 1);
      expect((await expireLeave(t.db, '2042-04-01')).settled).toBe(0);
      await t.db.update(leaveRequests).set({ status: 'withdrawn' }).where(eq(leaveRequests.id, inMarch.id));
      // Six of the seven days are held by a request for May: only one of the five carried may lapse.
      await asking('2042-05-11', 6);
      expect((await expireLeave(t.db, '2042-04-02')).settled).toBe(1);
      expect(await annual(2042)).toMatchObject({ expired: 1, left: 6, pending: 6 });
    });
  });

  it('does not count carried days that lapse before a request starts', async () => {
    // The year's days all held but one carried day, to be taken by 2026-12-10.
    const before = await annual(2026);
    const [hold] = await t.db
      .insert(leaveLedger)
      .values([
        {
          ...ledgerLine(2026, 'grant', 0),
          kind: 'adjust',
          days: -(before.left - before.pending),
          note: '测试',
        },
        { ...ledgerLine(2026, 'grant', 0), kind: 'carry', days: 1, expiresOn: '2026-12-10' },
      ])
      .returning();
    try {
      const ask = (day: string) =>
        call<LeaveRequest>('POST', 'clock/leave/store', {
          type: 'annual',
          start_day: day,
          start_half: 'am',
          end_day: day,
          end_half: 'pm',
          reason: '年假',
        });
      const late = await ask('2026-12-14');
      expect([late.code, late.message]).toEqual([409, leaveMessages.overBalance('年假', 0)]);
      const inTime = await ask('2026-12-09');
      expect(inTime.code, inTime.message).toBe(200);
      await call('PUT', 'clock/leave/cancel', { id: inTime.data.id });
    } finally {
      await t.db
        .delete(leaveLedger)
        .where(and(eq(leaveLedger.employeeId, person.employeeId), gte(leaveLedger.id, hold!.id)));
    }
  });
});

describe('a day of two kinds of leave', () => {
  it('counts a morning of personal leave and an afternoon of sick leave each under its own type', async () => {
    const sheetRow = async () =>
      (
        await call<{
          data: { employee_id: number; leave_days: number; leave_by_type: Record<string, number> }[];
        }>('GET', `clock/statistics?month=2026-12&store_id=${person.storeId}&limit=100`, undefined, hr)
      ).data.data.find((row) => row.employee_id === person.employeeId)!;
    const before = await sheetRow();
    await at('2026-12-14', '09:00');
    for (const [type, half] of [
      ['personal', 'am'],
      ['sick', 'pm'],
    ] as const) {
      const asked = await call<LeaveRequest>('POST', 'clock/leave/store', {
        type,
        start_day: '2026-12-16',
        start_half: half,
        end_day: '2026-12-16',
        end_half: half,
        reason: type === 'sick' ? '下午看病' : '上午办事',
      });
      expect(asked.code, asked.message).toBe(200);
      await approve(asked.data);
    }
    await punchAt('2026-12-16', '18:05');

    expect(await dayOf('2026-12-16')).toMatchObject({
      leave: 'full',
      leaveType: 'personal',
      leaveDays: { personal: 0.5, sick: 0.5 },
      absent: 0,
    });
    const after = await sheetRow();
    expect(after.leave_days - before.leave_days).toBe(1);
    expect(after.leave_by_type.personal! - before.leave_by_type.personal!).toBe(0.5);
    expect(after.leave_by_type.sick! - before.leave_by_type.sick!).toBe(0.5);
  });
});
