import { isValidMainlandId } from '@dealer-hr/shared/id-number';
import type { AuditDetail, AuditRow } from '@dealer-hr/shared/audit/contract';
import {
  onboardingStartBody,
  type OnboardingDetail,
  type OnboardingRow,
} from '@dealer-hr/shared/onboarding/contract';
import type { DispatchDetail, DispatchRow } from '@dealer-hr/shared/dispatch/contract';
import type { ResignationDetail, ResignationRow } from '@dealer-hr/shared/resignation/contract';
import type { RotationDetail, RotationRow } from '@dealer-hr/shared/rotation/contract';
import type { StaffRow } from '@dealer-hr/shared/staff/contract';
import type {
  AttendanceGroup,
  AttendanceShift,
  ScheduleRoster,
} from '@dealer-hr/shared/attendance/rules-contract';
import { lieuDaysFor } from '@dealer-hr/shared/attendance/overtime';
import type { OvertimeRequest } from '@dealer-hr/shared/attendance/overtime-contract';
import type { LeaveBalance } from '@dealer-hr/shared/attendance/leave-contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { dayOf } from './core/clock';
import type { Database } from './db/client';
import { rowsOf } from './db/rows';
import { assignments, employees, onboardingEntries, posts, resignations, stores, users } from './db/schema';
import { DEMO_REQUEST_ID } from './demo-personas';
import { installDatabase } from './install';
import { callerOf } from './test/api';
import { createTestApp, emptyDatabase, type TestApp } from './test/app';
import { readUpload } from './test/uploads';

// The test database is a demo install made as `npm start` makes one (test/global-setup.ts), the demo's
// activity included: what these tests read is what a fresh demo shows.

let t: TestApp;
let hr: string;
let manager: string;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: hr }));

beforeAll(async () => {
  t = await createTestApp();
  [hr, manager, admin] = await Promise.all([t.login('hr'), t.login('manager'), t.login('admin')]);
});
afterAll(() => t.close());

const entries = async (query = '', authorization = hr) =>
  (
    await call<{ data: OnboardingRow[]; total: number }>(
      'GET',
      `user/entry/step/index?limit=100${query}`,
      undefined,
      authorization,
    )
  ).data.data;

const detailOf = async (id: number, authorization = hr) =>
  (await call<OnboardingDetail>('GET', `user/entry/step/detail?id=${id}`, undefined, authorization)).data;

const userIdOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

describe('a fresh demo install', () => {
  it('has onboarding entries in every state, started by HR', async () => {
    const rows = await entries();
    const byStatus: Partial<Record<OnboardingRow['status'], OnboardingRow[]>> = {};
    for (const row of rows) (byStatus[row.status] ??= []).push(row);
    expect(Object.fromEntries(Object.entries(byStatus).map(([status, of]) => [status, of.length]))).toEqual({
      draft: 2,
      pending: 2,
      returned: 1,
      approved: 2,
    });
    const [hrName] = await t.db
      .select({ name: employees.name })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(users.username, 'hr'));
    expect(new Set(rows.map((row) => row.created_by))).toEqual(new Set([hrName!.name]));
    // Being filled in: one with the person only, one with the documents too.
    expect(byStatus.draft!.map((row) => row.steps)).toEqual(
      expect.arrayContaining([
        { personal: true, documents: false, contract: false },
        { personal: true, documents: true, contract: false },
      ]),
    );
    for (const row of [...byStatus.pending!, ...byStatus.returned!, ...byStatus.approved!]) {
      expect(row.steps).toEqual({ personal: true, documents: true, contract: true });
      expect(row.submitted_at).not.toBeNull();
    }
    expect(byStatus.returned![0]!.return_comment).toContain('学历证书');
  });

  it('gives every candidate data the forms accept: a real ID number, a phone, an adult of working age', async () => {
    for (const row of await entries()) {
      const entry = await detailOf(row.id);
      const start = onboardingStartBody.safeParse({ ...entry, id_type_id: entry.id_type_id });
      expect(start.success, JSON.stringify(start.error?.issues)).toBe(true);
      expect(isValidMainlandId(entry.id_number), entry.id_number).toBe(true);
      expect(entry.name).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(entry.personal!.birth_date).toBe(
        `${entry.id_number.slice(6, 10)}-${entry.id_number.slice(10, 12)}-${entry.id_number.slice(12, 14)}`,
      );
      expect(entry.personal!.birth_date! < '2008-11-01').toBe(true);
      if (entry.contract) {
        expect(entry.contract.entry_date >= '2026-10-01' && entry.contract.entry_date <= '2026-12-31').toBe(
          true,
        );
        expect(entry.contract.contract_start >= entry.contract.entry_date).toBe(true);
        expect(entry.contract.contract_end > entry.contract.contract_start).toBe(true);
        expect(entry.contract.has_password).toBe(true);
      }
    }
  });

  it('puts the approved candidates on staff, at the store and post they were hired for, with an account', async () => {
    for (const row of await entries('&status=approved')) {
      expect(row.employee_id).not.toBeNull();
      const entry = await detailOf(row.id);
      const staff = await call<{ data: StaffRow[] }>(
        'GET',
        `user/index?keyword=${encodeURIComponent(row.employee_no!)}`,
      );
      expect(staff.data.data).toHaveLength(1);
      expect(staff.data.data[0]).toMatchObject({
        id: row.employee_id,
        name: row.name,
        status: 'probation',
        entry_date: entry.contract!.entry_date,
        store_id: row.store_id,
        department_id: row.department_id,
        post_id: row.post_id,
      });
      const [account] = await t.db.select().from(users).where(eq(users.employeeId, row.employee_id!));
      expect(account).toMatchObject({ username: entry.contract!.username, status: 'active' });
      const held = await t.db.select().from(assignments).where(eq(assignments.employeeId, row.employee_id!));
      expect(held).toMatchObject([{ isMain: true, startDate: entry.contract!.entry_date, endDate: null }]);
    }
  });

  it("leaves the submitted ones waiting for the store manager's approval", async () => {
    const waiting = await entries('&awaiting_me=1', manager);
    expect(waiting.map((row) => row.status)).toEqual(['pending', 'pending']);
    const [store] = await t.db
      .select({ id: stores.id })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .innerJoin(stores, eq(stores.id, employees.mainStoreId))
      .where(eq(users.username, 'manager'));
    for (const row of waiting) {
      expect(row.store_id).toBe(store!.id);
      expect((await detailOf(row.id, manager)).approval).toMatchObject({ status: 'pending' });
    }
    // HR's drafts elsewhere are not the store manager's to see.
    expect(await entries('&status=draft', manager)).toEqual([]);
  });

  it('shows the documents HR uploaded to whoever may see the entry', async () => {
    const [pending] = await entries('&status=pending');
    const entry = await detailOf(pending!.id);
    expect(entry.documents.map((file) => file.purpose)).toEqual(['id_card_front', 'id_card_back']);
    for (const authorization of [hr, manager]) {
      const file = await readUpload(t, authorization, entry.documents[0]!.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('lists in the audit log what HR and the store manager did, under their names', async () => {
    const audit = await call<{ data: AuditRow[]; total: number }>(
      'GET',
      'audit/index?entity=onboarding&limit=100',
      undefined,
      admin,
    );
    const tally: Record<string, number> = {};
    for (const row of audit.data.data) {
      const key = `${row.user?.username} ${row.action}`;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    expect(tally).toEqual({
      'hr create': 7,
      'hr save_personal': 7,
      'hr save_documents': 6,
      'hr save_contract': 5,
      'hr submit': 5,
      'manager approve': 2,
      'manager reject': 1,
    });
    // The hires themselves: the employee and their account, in the name of the one who approved.
    const hires = await call<{ data: AuditRow[] }>(
      'GET',
      `audit/index?user_id=${await userIdOf('manager')}&action=create&limit=100`,
      undefined,
      admin,
    );
    expect(hires.data.data.map((row) => row.entity).sort()).toEqual(['employee', 'employee', 'user', 'user']);
    const detail = await call<AuditDetail>(
      'GET',
      `audit/detail?id=${audit.data.data[0]!.id}`,
      undefined,
      admin,
    );
    expect(detail.data.request_id).toBe(DEMO_REQUEST_ID);
    // Kept as the log keeps every entry: the ID number masked, no password.
    expect(JSON.stringify(audit.data.data)).not.toMatch(/\d{17}[\dX]/);
  });
});

/** What a demo tells: each entry's person, place and state, in order. */
const storyOf = (db: Database) =>
  db
    .select({
      name: onboardingEntries.name,
      phone: onboardingEntries.phone,
      idNumber: onboardingEntries.idNumberMasked,
      status: onboardingEntries.status,
      store: stores.code,
      post: posts.code,
      contract: onboardingEntries.contract,
      returnComment: onboardingEntries.returnComment,
    })
    .from(onboardingEntries)
    .innerJoin(stores, eq(stores.id, onboardingEntries.storeId))
    .innerJoin(posts, eq(posts.id, onboardingEntries.postId))
    .orderBy(asc(onboardingEntries.id));

describe('the demo’s movements', () => {
  it('has a dispatch running now, one that came back, and one waiting for the manager as its host', async () => {
    const list = await call<{ data: DispatchRow[] }>('GET', 'dispatch/index?limit=50');
    expect(list.data.data.map((row) => row.status).sort()).toEqual(['active', 'approving', 'ended']);
    const running = list.data.data.find((row) => row.status === 'active')!;
    expect(running.start_date < '2026-11-01' && running.end_date > '2026-11-01').toBe(true);
    const waiting = list.data.data.find((row) => row.status === 'approving')!;
    const seen = await call<DispatchDetail>('GET', `dispatch/detail?id=${waiting.id}`, undefined, manager);
    expect(seen.data.approval?.task_id).toBeTypeOf('number');
    // The person away shows at the host store in its list, marked where they work now.
    const host = await call<{ data: StaffRow[] }>(
      'GET',
      `user/index?store_id=${running.host.store_id}&limit=100`,
    );
    expect(host.data.data.find((row) => row.id === running.employee_id)?.dispatched_to).toBe(
      running.host.store_name,
    );
  });

  it('has two trainees halfway through their plans, the manager’s with its first stage evaluated', async () => {
    const plans = await call<{ data: RotationRow[] }>('GET', 'rotation/index?status=active');
    expect(plans.data.data).toHaveLength(2);
    expect(plans.data.data.every((plan) => plan.current !== null && plan.next !== null)).toBe(true);
    const mine = await call<{ data: RotationRow[] }>('GET', 'rotation/index', undefined, manager);
    expect(mine.data.data).toHaveLength(1);
    const plan = await call<RotationDetail>(
      'GET',
      `rotation/detail?id=${mine.data.data[0]!.id}`,
      undefined,
      manager,
    );
    expect(plan.data.stages[0]).toMatchObject({ status: 'done', score: 86 });
  });
});

describe('the demo’s resignations', () => {
  it('has a year of departures, one waiting for the manager and two for HR, one of them a handover under way', async () => {
    const list = await call<{ data: ResignationRow[]; total: number }>('GET', 'resign/index?limit=100');
    expect(list.data.total).toBe(list.data.data.length);
    const byStatus = (status: string) => list.data.data.filter((row) => row.status === status);
    // The year's eight departures went through the flow; the earlier leavers are on record without one.
    const performed = await t.db
      .select({ id: resignations.id })
      .from(resignations)
      .where(and(eq(resignations.status, 'completed'), isNotNull(resignations.instanceId)));
    expect(performed).toHaveLength(8);
    const leftWithoutFlow = await t.db
      .select({ id: resignations.id })
      .from(resignations)
      .where(and(eq(resignations.status, 'completed'), isNull(resignations.instanceId)));
    expect(byStatus('completed')).toHaveLength(8 + leftWithoutFlow.length);
    // Everyone who left has their resignation on record.
    const resigned = await t.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.status, 'resigned'));
    expect(byStatus('completed')).toHaveLength(resigned.length);
    expect(byStatus('approved')).toHaveLength(2);
    // The consultants who left handed every customer and chat over; the one leaving now has begun.
    const consultants = list.data.data.filter((row) => row.handover_total > 0);
    expect(consultants.filter((row) => row.status === 'completed')).toHaveLength(3);
    for (const row of consultants.filter((row) => row.status === 'completed'))
      expect(row.handover_done).toBeGreaterThan(0);
    const underWay = consultants.find((row) => row.status === 'approved')!;
    expect(underWay.handover_done).toBeGreaterThan(0);
    expect(underWay.handover_done).toBeLessThan(underWay.handover_total);
    const waiting = byStatus('approving');
    expect(waiting).toHaveLength(1);
    const seen = await call<ResignationDetail>(
      'GET',
      `resign/detail?id=${waiting[0]!.id}`,
      undefined,
      manager,
    );
    expect(seen.data.approval?.task_id).toBeTypeOf('number');
    const left = await t.db
      .select()
      .from(employees)
      .where(eq(employees.id, byStatus('completed')[0]!.employee_id));
    expect(left[0]!.status).toBe('resigned');
    expect(byStatus('completed').filter((row) => row.type === 'voluntary').length).toBeGreaterThan(0);
  });
});

describe('the demo’s workshop', () => {
  it('works by schedule: the 排班 tab shows its mechanics’ whole month, and their days follow it', async () => {
    const groups = await call<AttendanceGroup[]>('GET', 'clock/rules/index');
    const workshop = groups.data.find((group) => group.kind === 'shift')!;
    expect(workshop.name).toBe('售后车间排班');
    const month = dayOf(new Date(), 'Asia/Shanghai').slice(0, 7);
    const roster = await call<ScheduleRoster>(
      'GET',
      `clock/rules/schedule/roster?group_id=${workshop.id}&month=${month}`,
    );
    expect(roster.code, roster.message).toBe(200);
    expect(roster.data.people.length).toBeGreaterThan(0);
    const daysInMonth = new Date(
      Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0),
    ).getUTCDate();
    for (const person of roster.data.people) {
      expect(person.days).toHaveLength(daysInMonth);
      // A rest day a week, and both shifts.
      expect(person.days.filter((day) => day.shift_id === null).length).toBeGreaterThanOrEqual(4);
    }
    // The day table of a mechanic's last fortnight: a rest day where scheduled, the shift's hours otherwise.
    const mechanic = roster.data.people[0]!;
    const scheduled = rowsOf<{ day: string; shift_id: number | null; kind: string; due: string | null }>(
      await t.db.execute(sql`
        select s.day::text as day, s.shift_id, d.kind, to_char(d.due_start at time zone 'Asia/Shanghai', 'HH24:MI') as due
        from attendance_schedules s
        join attendance_days d on d.employee_id = s.employee_id and d.day = s.day
        where s.employee_id = ${mechanic.employee_id} and s.day >= current_date - 14 and s.day < current_date
        order by s.day`),
    );
    const shifts = await call<AttendanceShift[]>('GET', 'clock/rules/shifts/index');
    const startOf = new Map(shifts.data.map((shift) => [shift.id, shift.start]));
    expect(scheduled.length).toBeGreaterThan(10);
    for (const day of scheduled)
      expect([day.kind, day.due]).toEqual(
        day.shift_id === null ? ['restday', null] : ['workday', startOf.get(day.shift_id)],
      );
  });
});

describe('the demo activity', () => {
  // A whole install, migrations and demo, twice over: longer than an ordinary test.
  it('tells the same story on every install, and only once', { timeout: 90_000 }, async () => {
    const { database, drop } = await emptyDatabase();
    try {
      const config = loadConfig({ DATA_DIR: t.config.DATA_DIR });
      const silent = { info: () => {} };
      await installDatabase(database, config, silent, { demo: true });
      const story = await storyOf(database.db);
      expect(story).toEqual(await storyOf(t.db));
      await installDatabase(database, config, silent, { demo: true });
      expect(await storyOf(database.db)).toEqual(story);
    } finally {
      await database.close();
      await drop();
    }
  });
});

describe('the demo’s Sundays at car shows', () => {
  it('asked for as overtime: approved ones in lieu credited, their punches behind them, and `sales`’s waiting', async () => {
    const list = await call<{ data: OvertimeRequest[]; total: number }>(
      'GET',
      'clock/overtime/index?limit=100',
    );
    expect(list.code, list.message).toBe(200);
    const approved = list.data.data.filter((row) => row.status === 'approved');
    expect(approved.length).toBeGreaterThan(2);
    for (const row of approved) {
      // A rest day worked at least as long as asked, made good as the law allows a rest day's overtime.
      expect(row.day_kind).toBe('restday');
      expect(row.punched_hours).toBeGreaterThanOrEqual(row.hours);
      expect(row.lieu_days).toBe(row.compensation === 'lieu' ? lieuDaysFor(row.hours) : 0);
    }
    const inLieu = approved.find((row) => row.compensation === 'lieu')!;
    const earned = rowsOf<{ days: number }>(
      await t.db.execute(sql`
        select days from leave_ledger where overtime_request_id = ${inLieu.id} and kind = 'earn'`),
    );
    expect(earned).toEqual([{ days: inLieu.lieu_days }]);

    const [sales] = await t.db
      .select({ employeeId: users.employeeId })
      .from(users)
      .where(eq(users.username, 'sales'));
    const waiting = list.data.data.find((row) => row.employee_id === sales!.employeeId)!;
    expect(waiting).toMatchObject({ status: 'approving', compensation: 'lieu', day_kind: 'restday' });
    expect(waiting.approval_id).toBeTypeOf('number');
  });
});

describe('the demo’s annual leave carried over', () => {
  it('carried last year’s leftovers by the group’s rule, took some in March and settled them after the deadline', async () => {
    const today = dayOf(new Date(), 'Asia/Shanghai');
    const year = Number(today.slice(0, 4));
    // Installed by the end of March, the carried days are still there to take.
    const pastDeadline = today > `${year}-03-31`;
    const carries = rowsOf<{ employee_id: number; days: number; expires_on: string; settled: number | null }>(
      await t.db.execute(sql`
        select c.employee_id, c.days, c.expires_on::text as expires_on, s.days as settled
        from leave_ledger c left join leave_ledger s on s.settles_id = c.id
        where c.year = ${year} and c.kind = 'carry' and c.days > 0`),
    );
    expect(carries.length).toBeGreaterThan(10);
    for (const carry of carries) {
      // The groups' rule: at most five days, to be taken by the end of March.
      expect(carry.days).toBeGreaterThan(0);
      expect(carry.days).toBeLessThanOrEqual(5);
      expect(carry.expires_on).toBe(`${year}-03-31`);
      // Settled once the deadline passed: what was not taken expired, never more than was carried.
      if (!pastDeadline) expect(carry.settled).toBeNull();
      else {
        expect(carry.settled).not.toBeNull();
        expect(-carry.settled!).toBeLessThanOrEqual(carry.days);
      }
    }
    // Some took carried days in March, so less of theirs expired.
    if (pastDeadline) expect(carries.some((carry) => -carry.settled! < carry.days)).toBe(true);
    // Nothing is left of last year, and no balance of this year is below zero.
    const balances = rowsOf<{ year: number; left: number }>(
      await t.db.execute(sql`
        select year, sum(days)::float8 as left from leave_ledger
        where year in (${year - 1}, ${year}) and type = 'annual' group by employee_id, year`),
    );
    expect(balances.filter((row) => row.year === year - 1).every((row) => row.left === 0)).toBe(true);
    expect(balances.every((row) => row.left >= 0)).toBe(true);
    // The person's balance shows it: carried in, until when, and expired.
    const one = carries[0]!;
    const shown = await call<LeaveBalance[]>(
      'GET',
      `clock/leave/balance/person?employee_id=${one.employee_id}&year=${year}`,
    );
    expect(shown.code, shown.message).toBe(200);
    expect(shown.data.find((row) => row.type === 'annual')).toMatchObject({
      carried_in: one.days,
      carried_until: `${year}-03-31`,
    });
  });
});
