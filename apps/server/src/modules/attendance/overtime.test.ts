import { leaveMessages } from '@dealer-hr/shared/attendance/leave';
import type { LeaveBalance, LeaveRequest } from '@dealer-hr/shared/attendance/leave-contract';
import { overtimeMessages } from '@dealer-hr/shared/attendance/overtime';
import type { OvertimeRequest } from '@dealer-hr/shared/attendance/overtime-contract';
import type { AttendanceGroup, AttendanceShift } from '@dealer-hr/shared/attendance/rules-contract';
import { ErrorCode } from '@dealer-hr/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayCalendar, leaveLedger } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { flowApprovedBy } from '../../test/flows';
import { mainPostOf } from '../../test/users';

// Overtime and the time off in lieu it earns, and the provinces' leave top-ups of a group. The person is put
// in a Monday-to-Friday group of their own, so that 2026-12-12/13 are rest days and 2026-12-14 a working day;
// 2026-12-25 is made a statutory holiday, and the Thursday before it a weekend moved into the holiday.

let t: TestApp;
let staff: string;
let hr: string;
let person: Awaited<ReturnType<typeof mainPostOf>>;
let group: AttendanceGroup;
const call = callerOf(() => ({ app: t, authorization: staff }));

const lieu = async () =>
  (await call<LeaveBalance[]>('GET', 'clock/leave/balance?year=2026')).data.find(
    (row) => row.type === 'lieu',
  )!;

const approve = async (approvalId: number | null) => {
  const detail = await call('GET', `approval/task/detail?id=${approvalId}`, undefined, hr);
  const approved = await call('POST', 'approval/task/approve', { id: detail.data.actions.task_id }, hr);
  expect(approved.code, approved.message).toBe(200);
};

/** Asks as `staff`; the answer's data is the request, or the refusal's field errors. */
const overtime = (body: Record<string, unknown>) =>
  call('POST', 'clock/overtime/store', { reason: '周末车展值班', ...body });

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  [staff, hr] = await Promise.all([t.login('staff'), t.login('hr')]);
  person = await mainPostOf(t, 'staff');
  const admin = await t.login();
  const shift = await call<AttendanceShift>(
    'POST',
    'clock/rules/shifts/store',
    {
      name: '加班测试班',
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
    },
    admin,
  );
  expect(shift.code, shift.message).toBe(200);
  const created = await call<AttendanceGroup>(
    'POST',
    'clock/rules/store',
    {
      name: '加班测试考勤组',
      kind: 'fixed',
      shift_id: shift.data.id,
      workdays: [1, 2, 3, 4, 5],
      targets: [{ target: 'post', id: person.postId }],
      leave_top_ups: { marriage: 7 },
    },
    admin,
  );
  expect(created.code, created.message).toBe(200);
  group = created.data;
  await t.db.insert(holidayCalendar).values([
    { day: '2026-12-25', kind: 'holiday', name: '测试节日', statutory: true },
    // A weekend moved into the holiday: a day off, yet no statutory one.
    { day: '2026-12-24', kind: 'holiday', name: '测试节日', statutory: false },
  ]);
  await Promise.all([flowApprovedBy(t, 'overtime', 'hr'), flowApprovedBy(t, 'leave', 'hr')]);
  const moved = await call('PUT', '/api/test/clock', { date: '2026-12-07', time: '09:00' });
  expect(moved.code, moved.message).toBe(200);
});
afterAll(() => t.close());

describe('overtime', () => {
  let sunday: OvertimeRequest;

  it('on a rest day earns time off in lieu at the approval: a day per 8 hours, in half days', async () => {
    const asked = await overtime({ day: '2026-12-13', hours: 8, compensation: 'lieu' });
    expect(asked.code, asked.message).toBe(200);
    sunday = asked.data as OvertimeRequest;
    expect(sunday).toMatchObject({
      day_kind: 'restday',
      lieu_days: 1,
      status: 'approving',
      punched_hours: null,
    });
    expect(await lieu()).toMatchObject({ granted: 0, left: 0 });
    await approve(sunday.approval_id);
    const balance = await lieu();
    expect(balance).toMatchObject({ granted: 1, left: 1, used: 0 });
    expect(balance.ledger.at(-1)).toMatchObject({ kind: 'earn', days: 1 });

    const saturday = await overtime({ day: '2026-12-12', hours: 6, compensation: 'lieu' });
    expect(saturday.data).toMatchObject({ day_kind: 'restday', lieu_days: 0.5 });
  });

  it('is paid, not given back, on a working day and on a statutory holiday', async () => {
    const workday = await overtime({ day: '2026-12-14', hours: 2, compensation: 'lieu' });
    expect([workday.code, workday.data.errors]).toEqual([
      409,
      [{ field: 'compensation', message: overtimeMessages.lieuOnWorkday }],
    ]);
    const holiday = await overtime({ day: '2026-12-25', hours: 8, compensation: 'lieu' });
    expect(holiday.message).toBe(overtimeMessages.lieuOnHoliday);
    const paid = await overtime({ day: '2026-12-25', hours: 8, compensation: 'pay' });
    expect(paid.data).toMatchObject({ day_kind: 'holiday', compensation: 'pay', lieu_days: 0 });
    // The moved weekend is a rest day: time off in lieu, as on any rest day.
    const moved = await overtime({ day: '2026-12-24', hours: 8, compensation: 'lieu' });
    expect(moved.data).toMatchObject({ day_kind: 'restday', lieu_days: 1 });
  });

  it('refuses too few hours for half a day in lieu, a second request of a day, and days out of reach', async () => {
    const short = await overtime({ day: '2026-12-19', hours: 3, compensation: 'lieu' });
    expect([short.code, short.message]).toEqual([409, overtimeMessages.lieuTooShort]);
    const again = await overtime({ day: '2026-12-13', hours: 2, compensation: 'pay' });
    expect([again.code, again.message]).toEqual([409, overtimeMessages.duplicate]);
    const far = await overtime({ day: '2027-01-16', hours: 4, compensation: 'pay' });
    expect(far.message).toBe(overtimeMessages.tooFarAhead);
    const past = await overtime({ day: '2026-11-01', hours: 4, compensation: 'pay' });
    expect(past.message).toBe(overtimeMessages.tooFarBehind);
    const bad = await overtime({ day: 'soon', hours: 0.3, compensation: 'both', reason: '' });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'compensation',
      'day',
      'hours',
      'reason',
    ]);
  });

  it('cancelled, takes its lieu days back, but not while leave holds them', async () => {
    const leave = await call<LeaveRequest>('POST', 'clock/leave/store', {
      type: 'lieu',
      start_day: '2026-12-15',
      start_half: 'am',
      end_day: '2026-12-15',
      end_half: 'pm',
      reason: '调休',
    });
    expect(leave.code, leave.message).toBe(200);
    const held = await call('PUT', 'clock/overtime/cancel', { id: sunday.id });
    expect([held.code, held.message]).toEqual([409, overtimeMessages.lieuUsed(0)]);
    const withdrawn = await call('PUT', 'clock/leave/cancel', { id: leave.data.id });
    expect(withdrawn.code, withdrawn.message).toBe(200);

    const cancelled = await call<OvertimeRequest>('PUT', 'clock/overtime/cancel', { id: sunday.id });
    expect(cancelled.data.status).toBe('cancelled');
    expect(await lieu()).toMatchObject({ granted: 0, left: 0 });
    const lines = await t.db
      .select({ kind: leaveLedger.kind, days: leaveLedger.days })
      .from(leaveLedger)
      .where(and(eq(leaveLedger.overtimeRequestId, sunday.id)));
    expect(lines).toEqual([
      { kind: 'earn', days: 1 },
      { kind: 'earn', days: -1 },
    ]);
  });

  it('lists the caller’s own, and the team’s for who may read the team’s leave', async () => {
    const mine = await call<{ data: OvertimeRequest[]; total: number }>('GET', 'clock/overtime/index');
    expect(mine.data.data.map((row) => [row.day, row.status])).toEqual([
      ['2026-12-25', 'approving'],
      ['2026-12-24', 'approving'],
      ['2026-12-13', 'cancelled'],
      ['2026-12-12', 'approving'],
    ]);
    const team = await call<{ data: OvertimeRequest[] }>(
      'GET',
      'clock/overtime/index?from=2026-12-12&to=2026-12-12',
      undefined,
      hr,
    );
    expect(team.data.data.map((row) => row.employee_id)).toContain(person.employeeId);
    // Only the employee takes their request back.
    const theirs = await call('PUT', 'clock/overtime/cancel', { id: mine.data.data[0]!.id }, hr);
    expect(theirs.code).not.toBe(200);
  });
});

describe('overtime across the new year', () => {
  const at = async (date: string) => {
    const moved = await call('PUT', '/api/test/clock', { date, time: '09:00' });
    expect(moved.code, moved.message).toBe(200);
  };
  const lieuOf = async (year: number) =>
    (await call<LeaveBalance[]>('GET', `clock/leave/balance?year=${year}`)).data.find(
      (row) => row.type === 'lieu',
    )!;

  it('credits a December Sunday approved in January to the new year, and an old year’s days stay', async () => {
    const december = (await overtime({ day: '2026-12-20', hours: 4, compensation: 'lieu' }))
      .data as OvertimeRequest;
    await approve(december.approval_id);
    const late = (await overtime({ day: '2026-12-27', hours: 8, compensation: 'lieu' }))
      .data as OvertimeRequest;
    await at('2027-01-04');
    try {
      await approve(late.approval_id);
      expect(await lieuOf(2027)).toMatchObject({ granted: 1, left: 1 });
      // Last year's half day ended with its year: it is not taken back any more.
      const old = await call('PUT', 'clock/overtime/cancel', { id: december.id });
      expect([old.code, old.message]).toEqual([409, overtimeMessages.lieuExpired(2026)]);
      const cancelled = await call<OvertimeRequest>('PUT', 'clock/overtime/cancel', { id: late.id });
      expect(cancelled.data.status).toBe('cancelled');
      expect(await lieuOf(2027)).toMatchObject({ granted: 0, left: 0 });
    } finally {
      await at('2026-12-07');
    }
  });
});

describe('provincial top-ups', () => {
  const marriage = (end: string) =>
    call(
      'GET',
      `clock/leave/preview?type=marriage&start_day=2026-12-14&start_half=am&end_day=${end}&end_half=pm`,
    );

  it('lengthen the statutory leave by the days the person’s group adds', async () => {
    expect(group.leave_top_ups).toEqual({ marriage: 7, maternity: 0, paternity: 0, bereavement: 0 });
    // 3 statutory + 7: ten working days pass (the holiday's 24th and 25th not counted), eleven do not.
    expect((await marriage('2026-12-29')).data).toEqual({ days: 10 });
    const over = await marriage('2026-12-30');
    expect([over.code, over.message]).toEqual([409, leaveMessages.overQuota('婚假', 10)]);
  });

  it('are whole days up to 200, set only by who edits the rules', async () => {
    const admin = await t.login();
    const update = (topUps: unknown, as = admin) =>
      call('PUT', 'clock/rules/update', { ...group, targets: group.targets, leave_top_ups: topUps }, as);
    const bad = await update({ marriage: 1.5, maternity: 201 });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'leave_top_ups.marriage',
      'leave_top_ups.maternity',
    ]);
    expect((await update({}, staff)).code).toBe(ErrorCode.FORBIDDEN);
    const cleared = await update({});
    expect(cleared.code, cleared.message).toBe(200);
    expect((await marriage('2026-12-16')).data).toEqual({ days: 3 });
    const over = await marriage('2026-12-17');
    expect(over.message).toBe(leaveMessages.overQuota('婚假', 3));
  });
});
