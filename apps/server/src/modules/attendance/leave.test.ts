import { annualLeaveFor, leaveMessages } from '@dealer-hr/shared/attendance/leave';
import type { LeaveBalance, LeaveRequest } from '@dealer-hr/shared/attendance/leave-contract';
import type { ClockToday } from '@dealer-hr/shared/attendance/clock-contract';
import type { AttendanceGroup } from '@dealer-hr/shared/attendance/rules-contract';
import { ErrorCode } from '@dealer-hr/shared';
import { and, eq } from 'drizzle-orm';
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

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  [staff, hr] = await Promise.all([t.login('staff'), t.login('hr')]);
  person = await mainPostOf(t, 'staff');
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
  it('expires what is left of an earlier year once, and waits for a request of that year still in approval', async () => {
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

    expect(await expireLeave(t.db, '2026-01-01')).toBe(1);
    expect(await leftOf('annual')).toMatchObject({ left: 0, granted: 5, used: 2, expired: 3 });
    expect((await leftOf('annual')).ledger.at(-1)).toMatchObject({ kind: 'expire', days: -3 });
    expect((await leftOf('lieu')).left).toBe(1);
    expect(await expireLeave(t.db, '2026-01-02')).toBe(0);

    await t.db.update(leaveRequests).set({ status: 'rejected' }).where(eq(leaveRequests.id, waiting!.id));
    expect(await expireLeave(t.db, '2026-01-03')).toBe(1);
    expect((await leftOf('lieu')).left).toBe(0);
    // This year's balance is not touched.
    expect((await annual(2026)).left).toBeGreaterThan(0);
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
