import { asc, eq, isNull, sql } from 'drizzle-orm';
import { dayKindOf } from '@dealer-hr/shared/attendance/day';
import { annualLeaveFor, daysOfLeaveMinutes } from '@dealer-hr/shared/attendance/leave';
import { lieuDaysFor } from '@dealer-hr/shared/attendance/overtime';
import type { CalendarKind } from '@dealer-hr/shared/attendance/rules';
import { addDays, type Clock, type Today } from './core/clock';
import type { Database } from './db/client';
import { rowsOf } from './db/rows';
import { columnList, unnestRows, type UnnestColumn } from './db/unnest';
import {
  attendanceBuilds,
  attendanceGroups,
  attendanceGroupTargets,
  attendanceShifts,
  clockPoints,
  type clockPunches,
  departments,
  employees,
  holidayCalendar,
  leaveLedger,
  leaveRequests,
  overtimeRequests,
  posts,
  stores,
  users,
} from './db/schema';
import { createRng, randomInt, type Rng } from './db/seed/data/people';
import { startOfDay } from './lib/day-range';
import type { ApprovalEngine } from './modules/approvals';
import {
  addMonths,
  balancesOf,
  computeDays,
  ensurePunchPartitions,
  creditLieu,
  lieuYearOf,
  expireLeave,
  explainDay,
  grantAnnualLeave,
  requestCorrection,
  requestOvertime,
} from './modules/attendance';
import { approveAsApprovers, personaOf } from './demo-personas';

// The demo group's attendance: the rules its stores and head office work by, and three months of punches as
// phones would have sent them (mostly on time, some late, a few forgetting to clock out, the odd absence),
// up to yesterday, the day table the product computes from them, and the demo accounts' explanations and a
// correction that went through its approval. Punches end yesterday, whatever day the demo is installed on,
// so the records, the abnormal days and this month's sheet all have something true to show.

/** Metres along a meridian, in degrees of latitude. */
const METRE = 1 / 111_195.08;
/** The demo's whole staff in one batch per day: fewer round trips on the embedded database. */
const BATCH = 1000;

interface Worker {
  id: number;
  entryDate: string;
  leftOn: string | null;
  storeId: number | null;
  departmentId: number | null;
  postId: number | null;
  isSales: boolean;
}

type Punch = typeof clockPunches.$inferInsert;

const punchColumns: UnnestColumn<Punch>[] = [
  { name: 'punched_at', type: 'timestamptz', value: (row) => row.punchedAt },
  { name: 'employee_id', type: 'int', value: (row) => row.employeeId },
  { name: 'store_id', type: 'int', value: (row) => row.storeId ?? null },
  { name: 'department_id', type: 'int', value: (row) => row.departmentId ?? null },
  { name: 'point_id', type: 'int', value: (row) => row.pointId ?? null },
  { name: 'distance', type: 'int', value: (row) => row.distance ?? null },
  { name: 'in_fence', type: 'bool', value: (row) => row.inFence },
  { name: 'latitude', type: 'float8', value: (row) => row.latitude ?? null },
  { name: 'longitude', type: 'float8', value: (row) => row.longitude ?? null },
  { name: 'datum', type: 'text', value: (row) => row.datum ?? null },
  { name: 'accuracy', type: 'float8', value: (row) => row.accuracy ?? null },
  { name: 'source', type: 'text', value: (row) => row.source },
];

/** Shifts and groups: head office Monday to Friday 09:00-18:00; the stores six days 08:30-17:30, 外勤 allowed. */
/** The group's policy: up to five days of annual leave carried into the next year, to be taken by March's end. */
const CARRY_RULE = { annualCarryDays: 5, annualCarryMonths: 3 };

async function seedRules(tx: Database) {
  const thresholds = {
    earliestIn: 120,
    latestOut: 360,
    lateGrace: 5,
    seriousLate: 30,
    lateAbsent: 120,
    earlyGrace: 0,
    halfDayHours: 4,
    absentHours: 2,
  };
  const [office, store, early, late] = await tx
    .insert(attendanceShifts)
    .values([
      { name: '标准班', startMinute: 540, endMinute: 1080, ...thresholds },
      { name: '门店班', startMinute: 510, endMinute: 1050, ...thresholds },
      { name: '早班', startMinute: 480, endMinute: 1020, ...thresholds },
      { name: '晚班', startMinute: 660, endMinute: 1200, ...thresholds },
    ])
    .returning();
  const [root] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(isNull(departments.parentId))
    .orderBy(asc(departments.id))
    .limit(1);
  const [headOffice, stores_, workshop] = await tx
    .insert(attendanceGroups)
    .values([
      { name: '总部考勤', kind: 'fixed', shiftId: office!.id, workdays: [1, 2, 3, 4, 5], ...CARRY_RULE },
      {
        name: '门店考勤',
        kind: 'fixed',
        shiftId: store!.id,
        workdays: [1, 2, 3, 4, 5, 6],
        ...CARRY_RULE,
        // Sales consultants meet customers away from the showroom.
        allowOutside: true,
      },
      // The workshops open seven days a week, from 8:00 to 20:00: their mechanics work by schedule.
      { name: '售后车间排班', kind: 'shift', shiftId: null, workdays: [], ...CARRY_RULE },
    ])
    .returning();
  const [mechanic] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.code, WORKSHOP_POST));
  const storeRows = await tx.select({ id: stores.id }).from(stores);
  await tx
    .insert(attendanceGroupTargets)
    .values([
      { groupId: headOffice!.id, target: 'department', targetId: root!.id },
      ...storeRows.map((row) => ({ groupId: stores_!.id, target: 'store' as const, targetId: row.id })),
      { groupId: workshop!.id, target: 'post', targetId: mechanic!.id },
    ]);
  return { office: office!, store: store!, workshop: { early: early!, late: late!, postId: mechanic!.id } };
}

/** The post whose people work by schedule in the demo (the group `售后车间排班`). */
const WORKSHOP_POST = 'mechanic';

type Shifts = Awaited<ReturnType<typeof seedRules>>;
type Shift = Shifts['store'];

/**
 * A mechanic's shift on a day: the early and the late shift a week each in turn (half the workshop on each),
 * and one rest day a week, on a weekday that differs from person to person; null on the rest day.
 */
function workshopShift(workerId: number, day: string, { workshop }: Shifts): Shift | null {
  const date = new Date(`${day}T00:00:00Z`);
  if ((date.getUTCDay() || 7) === (workerId % 7) + 1) return null;
  // Weeks counted from Monday 1970-01-05 (day 0 of the epoch is a Thursday).
  const week = Math.floor((date.getTime() / 86_400_000 + 3) / 7);
  return (week + workerId) % 2 === 0 ? workshop.early : workshop.late;
}

/** The mechanics' schedule from `first` to the end of next month: the days worked and the rest days. */
async function scheduleWorkshop(
  tx: Database,
  shifts: Shifts,
  workers: readonly Worker[],
  first: string,
  last: string,
) {
  const rows: { employeeId: number; day: string; shiftId: number | null }[] = [];
  for (const worker of workers.filter((each) => each.postId === shifts.workshop.postId))
    for (let day = first; day <= last; day = addDays(day, 1))
      if (worker.entryDate <= day && (worker.leftOn === null || worker.leftOn >= day))
        rows.push({ employeeId: worker.id, day, shiftId: workshopShift(worker.id, day, shifts)?.id ?? null });
  if (rows.length > 0)
    await tx.execute(
      sql`insert into attendance_schedules ${columnList(scheduleColumns)} ${unnestRows(rows, scheduleColumns)}`,
    );
  return rows.length;
}

const scheduleColumns: UnnestColumn<{ employeeId: number; day: string; shiftId: number | null }>[] = [
  { name: 'employee_id', type: 'int', value: (row) => row.employeeId },
  { name: 'day', type: 'date', value: (row) => row.day },
  { name: 'shift_id', type: 'int', value: (row) => row.shiftId },
];

/** A store's week: Monday to Saturday, so Sunday is the rest day its sales people give to car shows. */
const STORE_WEEK = [1, 2, 3, 4, 5, 6];

/**
 * Leave taken in the demo's months, already approved: every sixtieth person took one to three working days
 * (annual leave drawn from their balance, or personal or sick leave) once, and another in sixty left two hours
 * early one day (personal or sick leave by the hour). Answers the person-days away and the minute each of
 * those left.
 */
async function demoLeaves(
  tx: Database,
  rng: Rng,
  workers: readonly Worker[],
  first: string,
  last: string,
  calendar: ReadonlyMap<string, CalendarKind>,
  shifts: Shifts,
  /** The days already on leave (`<employee>:<day>`), added to. */
  { away, timeZone }: { away: Set<string>; timeZone: string },
) {
  const leftEarly = new Map<string, number>();
  const span = Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000);
  for (const [index, worker] of workers.entries()) {
    if (index % 60 === 37 && worker.postId !== shifts.workshop.postId) {
      const week = worker.storeId === null ? [1, 2, 3, 4, 5] : STORE_WEEK;
      let day = addDays(first, randomInt(rng, 0, Math.max(span - 3, 0)));
      while (dayKindOf(day, week, calendar.get(day)) !== 'workday') day = addDays(day, 1);
      if (day < worker.entryDate || day > last || (worker.leftOn !== null && day >= worker.leftOn)) continue;
      if (away.has(`${worker.id}:${day}`)) continue;
      const end = (worker.storeId === null ? shifts.office : shifts.store).endMinute;
      const type = Math.floor(index / 60) % 2 === 0 ? 'sick' : 'personal';
      await tx.insert(leaveRequests).values({
        employeeId: worker.id,
        type,
        unit: 'hour',
        startDay: day,
        startHalf: 'am',
        endDay: day,
        endHalf: 'pm',
        startMinute: end - 120,
        endMinute: end,
        days: daysOfLeaveMinutes(120),
        reason: type === 'sick' ? '下午去医院复查' : '接孩子放学',
        status: 'approved',
      });
      leftEarly.set(`${worker.id}:${day}`, end - 120);
      continue;
    }
    if (index % 60 !== 7) continue;
    const week = worker.storeId === null ? [1, 2, 3, 4, 5] : STORE_WEEK;
    let start = addDays(first, randomInt(rng, 0, Math.max(span - 10, 0)));
    while (dayKindOf(start, week, calendar.get(start)) !== 'workday') start = addDays(start, 1);
    const days = workdaysFrom(start, randomInt(rng, 1, 3), week, calendar);
    const end = days.at(-1)!;
    if (start < worker.entryDate || end > last || (worker.leftOn !== null && end > worker.leftOn)) continue;
    const type = (['annual', 'personal', 'sick'] as const)[index % 3]!;
    if (type === 'annual') {
      const [balance] = await balancesOf(tx, worker.id, Number(start.slice(0, 4)));
      if (!balance || balance.left < days.length) continue;
    }
    // Nobody takes two leaves of a day (last year's carried days taken in March may fall in these months).
    if (days.some((day) => away.has(`${worker.id}:${day}`))) continue;
    await approvedLeave(tx, {
      employeeId: worker.id,
      type,
      days,
      reason: type === 'sick' ? '感冒发烧，医院开具病假条' : type === 'annual' ? '家庭出游' : '家中有事',
      timeZone,
    });
    for (const day of days) away.add(`${worker.id}:${day}`);
  }
  return { leftEarly };
}

/** `count` working days of `week` from `start` on (the holiday calendar decides a day where it names one). */
function workdaysFrom(
  start: string,
  count: number,
  week: readonly number[],
  calendar: ReadonlyMap<string, CalendarKind>,
) {
  const days: string[] = [];
  for (let day = start; days.length < count; day = addDays(day, 1))
    if (dayKindOf(day, week, calendar.get(day)) === 'workday') days.push(day);
  return days;
}

/**
 * An approved whole-day leave over `days` (working days, in order), asked and approved two days before it
 * starts; annual leave is taken from its year's balance then.
 */
async function approvedLeave(
  tx: Database,
  leave: {
    employeeId: number;
    type: 'annual' | 'personal' | 'sick';
    days: readonly string[];
    reason: string;
    timeZone: string;
  },
) {
  const { employeeId, type, days, timeZone } = leave;
  const start = days[0]!;
  const end = days.at(-1)!;
  const approvedAt = new Date(startOfDay(addDays(start, -2), timeZone).getTime() + 10 * 3_600_000);
  const [request] = await tx
    .insert(leaveRequests)
    .values({
      employeeId,
      type,
      startDay: start,
      startHalf: 'am',
      endDay: end,
      endHalf: 'pm',
      days: days.length,
      reason: leave.reason,
      status: 'approved',
      createdAt: approvedAt,
      updatedAt: approvedAt,
    })
    .returning({ id: leaveRequests.id });
  if (type === 'annual')
    await tx.insert(leaveLedger).values({
      employeeId,
      year: Number(start.slice(0, 4)),
      type,
      kind: 'use',
      days: -days.length,
      requestId: request!.id,
      note: `${start} 至 ${end}`,
      createdAt: approvedAt,
    });
}

/**
 * Last year's annual leave and what became of it. Everyone employed last year was granted theirs and a third
 * took some in November; on 1 January the year-end job carried what was left on by the group's rule (up to
 * five days, to be taken by the end of March) and expired the rest; one in four of those who carried days
 * took one or two of them in March, and after the deadline the job expired what was not taken. Grants are
 * dated the year's first day, leave two days before it starts, the job's lines the day it would have run.
 * The days taken join `away` (nobody punches on them). Answers how many carried days over.
 */
async function demoCarryOver(
  tx: Database,
  rng: Rng,
  calendar: ReadonlyMap<string, CalendarKind>,
  {
    today,
    timeZone,
    workshopPostId,
    away,
  }: { today: string; timeZone: string; workshopPostId: number; away: Set<string> },
) {
  const year = Number(today.slice(0, 4));
  const lastYear = year - 1;
  const people = await tx
    .select({
      id: employees.id,
      entryDate: employees.entryDate,
      leftOn: employees.leftOn,
      storeId: employees.mainStoreId,
      postId: employees.mainPostId,
    })
    .from(employees)
    .where(
      sql`${employees.entryDate} <= ${`${lastYear}-12-31`} and (${employees.leftOn} is null or ${employees.leftOn} >= ${`${lastYear}-01-01`})`,
    )
    .orderBy(asc(employees.id));
  await grantAnnualLeave(
    tx,
    people.map((person) => person.id),
    lastYear,
  );
  // The workshop works by schedules, which last year's demo does not have: its people took none.
  const weekOf = (person: (typeof people)[number]) =>
    person.postId === workshopPostId ? null : person.storeId === null ? [1, 2, 3, 4, 5] : STORE_WEEK;
  for (const [index, person] of people.entries()) {
    const granted = annualLeaveFor(lastYear, person.entryDate, person.leftOn);
    const week = weekOf(person);
    if (index % 3 !== 0 || granted < 1 || !week) continue;
    const days = workdaysFrom(
      `${lastYear}-11-${String(randomInt(rng, 2, 16)).padStart(2, '0')}`,
      randomInt(rng, 1, Math.min(granted, 5)),
      week,
      calendar,
    );
    if (days[0]! < person.entryDate || (person.leftOn !== null && days.at(-1)! > person.leftOn)) continue;
    await approvedLeave(tx, {
      employeeId: person.id,
      type: 'annual',
      days,
      reason: '年底陪家人出游',
      timeZone,
    });
    for (const day of days) away.add(`${person.id}:${day}`);
  }
  const { carried } = await expireLeave(tx, `${year}-01-01`);
  // This year's grants too, so that each ledger reads in the order things happened.
  const staying = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(sql`${employees.leftOn} is null or ${employees.leftOn} >= ${`${year}-01-01`}`);
  await grantAnnualLeave(
    tx,
    staying.map((person) => person.id),
    year,
  );
  const newYear = startOfDay(`${year}-01-01`, timeZone).toISOString();
  await tx.execute(sql`
    update leave_ledger set created_at = ${newYear}::timestamptz
      + case when kind = 'grant' then interval '0 minutes' else interval '20 minutes' end
    where (kind in ('carry', 'expire') and year in (${lastYear}, ${year})) or (kind = 'grant' and year = ${year})`);
  await tx.execute(sql`
    update leave_ledger set created_at = ${startOfDay(`${lastYear}-01-01`, timeZone).toISOString()}::timestamptz
    where kind = 'grant' and year = ${lastYear}`);

  const carriedIn = await tx
    .select({ employeeId: leaveLedger.employeeId, days: leaveLedger.days, until: leaveLedger.expiresOn })
    .from(leaveLedger)
    .where(sql`${leaveLedger.year} = ${year} and ${leaveLedger.kind} = 'carry' and ${leaveLedger.days} > 0`)
    .orderBy(asc(leaveLedger.employeeId));
  const weekById = new Map(people.map((person) => [person.id, weekOf(person)]));
  for (const [index, carry] of carriedIn.entries()) {
    const week = weekById.get(carry.employeeId);
    if (index % 4 !== 1 || !week || !carry.until || carry.until >= today) continue;
    const days = workdaysFrom(
      `${year}-03-${String(randomInt(rng, 2, 20)).padStart(2, '0')}`,
      Math.min(Math.floor(carry.days), randomInt(rng, 1, 2)),
      week,
      calendar,
    );
    if (days.length > 0 && days.at(-1)! <= carry.until) {
      await approvedLeave(tx, {
        employeeId: carry.employeeId,
        type: 'annual',
        days,
        reason: '春季带孩子出游',
        timeZone,
      });
      for (const day of days) away.add(`${carry.employeeId}:${day}`);
    }
  }
  await expireLeave(tx, today);
  for (const until of new Set(carriedIn.map((carry) => carry.until)))
    if (until && until < today)
      await tx.execute(sql`
        update leave_ledger s set created_at = ${startOfDay(addDays(until, 1), timeZone).toISOString()}::timestamptz + interval '20 minutes'
        from leave_ledger c where s.settles_id = c.id and c.expires_on = ${until}`);
  return carried;
}

/** The Sundays (store rest days) of the last four weeks up to `last`, newest first. */
function recentRestDays(last: string, calendar: ReadonlyMap<string, CalendarKind>) {
  const days: string[] = [];
  for (let day = last; days.length < 4 && day > addDays(last, -28); day = addDays(day, -1))
    if (dayKindOf(day, STORE_WEEK, calendar.get(day)) === 'restday') days.push(day);
  return days;
}

/**
 * Rest-day overtime of the last four weeks: every twenty-fifth store worker spent a Sunday at a car show
 * (punched in and out, so the day table counts the overtime), and asked for it, approved: most as time off in
 * lieu (credited to their balance), some as overtime pay. Answers the Sundays worked, by person and day, with
 * their punch minutes.
 */
async function demoOvertime(
  tx: Database,
  rng: Rng,
  workers: readonly Worker[],
  sundays: readonly string[],
  last: string,
) {
  const worked = new Map<string, number[]>();
  if (sundays.length === 0) return worked;
  for (const [index, worker] of workers.entries()) {
    if (index % 25 !== 4 || worker.storeId === null) continue;
    const day = sundays[index % sundays.length]!;
    if (day < worker.entryDate || (worker.leftOn !== null && worker.leftOn < day)) continue;
    const long = rng() < 0.5;
    const minutes = long ? [540 - randomInt(rng, 0, 10), 1050 + randomInt(rng, 0, 20)] : [600, 990];
    worked.set(`${worker.id}:${day}`, minutes);
    const hours = long ? 8 : 6;
    const compensation = index % 50 === 4 ? 'pay' : 'lieu';
    const [request] = await tx
      .insert(overtimeRequests)
      .values({
        employeeId: worker.id,
        day,
        dayKind: 'restday',
        hours,
        compensation,
        lieuDays: compensation === 'lieu' ? lieuDaysFor(hours) : 0,
        reason: '周末车展值班',
        status: 'approved',
      })
      .returning();
    // Credited as an approval would be, to this year at the earliest.
    await creditLieu(tx, request!, lieuYearOf(day, last), 1);
  }
  return worked;
}

/** A punch's minute of the day around a due time: early by up to `early`, late with the odds given. */
function punchesOf(rng: Rng, start: number, end: number) {
  const roll = rng();
  if (roll < 0.01) return []; // absent
  const late = rng() < 0.07 ? randomInt(rng, 1, 40) : -randomInt(rng, 0, 25);
  const early = rng() < 0.03 ? randomInt(rng, 1, 30) : -randomInt(rng, 0, 40);
  const clockIn = start + late;
  if (roll < 0.03) return [clockIn]; // forgot to clock out
  return [clockIn, end - early];
}

export async function demoAttendance(
  tx: Database,
  {
    approvals,
    timeZone,
    clock,
    today,
  }: { approvals: ApprovalEngine; timeZone: string; clock: Clock; today: Today },
): Promise<Record<string, number>> {
  const rng = createRng(20_261_101 + 20);
  const shifts = await seedRules(tx);
  const yesterday = addDays(today(), -1);
  // Three months: from 90 days before yesterday.
  const first = addDays(yesterday, -90);
  await ensurePunchPartitions(tx, first.slice(0, 7), addMonths(today().slice(0, 7), 2), timeZone);

  const points = await tx
    .select({
      id: clockPoints.id,
      storeId: clockPoints.storeId,
      lat: clockPoints.wgsLatitude,
      lng: clockPoints.wgsLongitude,
      datum: clockPoints.datum,
    })
    .from(clockPoints)
    .orderBy(asc(clockPoints.id));
  const showroomOf = new Map<number, (typeof points)[number]>();
  for (const point of points) if (!showroomOf.has(point.storeId)) showroomOf.set(point.storeId, point);
  const workers: Worker[] = (
    await tx
      .select({
        id: employees.id,
        entryDate: employees.entryDate,
        leftOn: employees.leftOn,
        storeId: employees.mainStoreId,
        departmentId: employees.mainDepartmentId,
        postId: employees.mainPostId,
        isSales: sql<boolean>`exists (select 1 from ${users} where ${users.employeeId} = ${employees.id} and ${users.isSale})`,
      })
      .from(employees)
      .where(sql`${employees.leftOn} is null or ${employees.leftOn} >= ${first}`)
      .orderBy(asc(employees.id))
  ).map((row) => ({ ...row, isSales: Boolean(row.isSales) }));
  const calendar = new Map(
    (await tx.select().from(holidayCalendar)).map((entry) => [entry.day, entry.kind] as const),
  );

  const away = new Set<string>();
  const carriedOver = await demoCarryOver(tx, rng, calendar, {
    today: today(),
    timeZone,
    workshopPostId: shifts.workshop.postId,
    away,
  });
  const { leftEarly } = await demoLeaves(tx, rng, workers, first, yesterday, calendar, shifts, {
    away,
    timeZone,
  });
  // `sales` worked the last Sunday's car show and asks for it below, through the flow (still waiting); the
  // crowd's Sundays are on record, approved.
  const sundays = recentRestDays(yesterday, calendar);
  const salesSunday = sundays[0];
  const salesId = (
    await tx.select({ employeeId: users.employeeId }).from(users).where(eq(users.username, 'sales'))
  )[0]?.employeeId;
  const sundaysWorked = await demoOvertime(
    tx,
    rng,
    workers.filter((worker) => worker.postId !== shifts.workshop.postId && worker.id !== salesId),
    sundays,
    yesterday,
  );
  if (salesSunday && salesId) sundaysWorked.set(`${salesId}:${salesSunday}`, [570, 1080]);
  const scheduled = await scheduleWorkshop(
    tx,
    shifts,
    workers,
    first,
    addDays(`${addMonths(today().slice(0, 7), 2)}-01`, -1),
  );

  // The demo accounts' last working day but one is their story: `staff` forgot to clock out, `sales` came in late.
  const accounts = new Map(
    (await tx.select({ username: users.username, employeeId: users.employeeId }).from(users)).map(
      (row) => [row.username, row.employeeId] as const,
    ),
  );
  const storyDay = (() => {
    let day = addDays(yesterday, -1);
    while (dayKindOf(day, [1, 2, 3, 4, 5], calendar.get(day)) !== 'workday') day = addDays(day, -1);
    return day;
  })();
  const told = (workerId: number, day: string, start: number, end: number): number[] | undefined => {
    if (day !== storyDay) return undefined;
    if (workerId === accounts.get('staff')) return [start - 3];
    if (workerId === accounts.get('sales')) return [start + 12, end + 5];
    return undefined;
  };

  let punches = 0;
  let days = 0;
  for (let day = first; day <= yesterday; day = addDays(day, 1)) {
    const midnight = startOfDay(day, timeZone).getTime();
    const rows: Punch[] = [];
    for (const worker of workers) {
      if (worker.entryDate > day || (worker.leftOn !== null && worker.leftOn < day)) continue;
      const atStore = worker.storeId !== null;
      const inWorkshop = worker.postId === shifts.workshop.postId;
      const overtime = sundaysWorked.get(`${worker.id}:${day}`);
      const shift = inWorkshop
        ? workshopShift(worker.id, day, shifts)
        : atStore
          ? shifts.store
          : shifts.office;
      // The workshop works by its schedule, the rest by their week and the holiday calendar; a Sunday at a car
      // show is worked all the same.
      if (
        !overtime &&
        (shift === null ||
          (!inWorkshop &&
            dayKindOf(day, atStore ? STORE_WEEK : [1, 2, 3, 4, 5], calendar.get(day)) !== 'workday'))
      )
        continue;
      // On leave the whole day: nothing to punch.
      if (away.has(`${worker.id}:${day}`)) continue;
      const point = worker.storeId === null ? undefined : showroomOf.get(worker.storeId);
      const minutes =
        overtime ??
        told(worker.id, day, shift!.startMinute, shift!.endMinute) ??
        punchesOf(rng, shift!.startMinute, leftEarly.get(`${worker.id}:${day}`) ?? shift!.endMinute);
      for (const minute of minutes) {
        // Sales consultants are now and then with a customer when they clock out.
        const away = worker.isSales && rng() < 0.05;
        const distance = away ? randomInt(rng, 800, 3000) : randomInt(rng, 5, 150);
        rows.push({
          punchedAt: new Date(midnight + minute * 60_000 + randomInt(rng, 0, 59) * 1000),
          employeeId: worker.id,
          storeId: worker.storeId,
          departmentId: worker.departmentId,
          pointId: point?.id ?? null,
          distance: point ? distance : null,
          inFence: point ? !away : true,
          latitude: point ? point.lat + distance * METRE : null,
          longitude: point?.lng ?? null,
          datum: point ? 'wgs84' : null,
          accuracy: point ? randomInt(rng, 5, 40) : null,
          source: point ? (rng() < 0.6 ? 'wecom' : 'web') : 'device',
        });
      }
    }
    if (rows.length > 0)
      await tx.execute(
        sql`insert into clock_punches ${columnList(punchColumns)} ${unnestRows(rows, punchColumns)}`,
      );
    punches += rows.length;
    const ids = workers.filter(
      (worker) => worker.entryDate <= day && (worker.leftOn === null || worker.leftOn >= day),
    );
    for (let at = 0; at < ids.length; at += BATCH)
      days += await computeDays(
        tx,
        ids.slice(at, at + BATCH).map((worker) => worker.id),
        day,
        timeZone,
      );
    await tx
      .insert(attendanceBuilds)
      .values({ day, lastEmployeeId: workers.at(-1)?.id ?? 0, finishedAt: new Date() });
  }
  const stories = await demoExplanations(tx, approvals, { today, clock, timeZone });
  const overtimeAsked = salesSunday ? await demoOvertimeAsked(tx, approvals, today, salesSunday) : 0;
  return {
    punches,
    attendanceDays: days,
    scheduledDays: scheduled,
    ...stories,
    overtime: sundaysWorked.size,
    overtimeAsked,
    carriedOver,
  };
}

/** `sales` asks for last Sunday's car show as time off in lieu; the request waits for their leader. */
async function demoOvertimeAsked(tx: Database, approvals: ApprovalEngine, today: Today, day: string) {
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'sales'));
  if (!account) return 0;
  const persona = await personaOf(tx, account.id);
  persona.assertMay('attendance:leave:create');
  await requestOvertime(tx, approvals, today, persona.actor, {
    day,
    hours: 8,
    compensation: 'lieu',
    reason: '周日车展值班，接待客户试驾',
  });
  return 1;
}

/**
 * The demo accounts' own abnormal days of the last week: `staff` explained one and had a forgotten clock-out
 * corrected through the approval flow; `sales` explained one that waits for the manager.
 */
async function demoExplanations(
  tx: Database,
  approvals: ApprovalEngine,
  deps: { today: Today; clock: Clock; timeZone: string },
) {
  let explained = 0;
  let corrected = 0;
  for (const username of ['staff', 'sales']) {
    const [account] = await tx
      .select({ id: users.id, employeeId: users.employeeId })
      .from(users)
      .where(eq(users.username, username));
    if (!account?.employeeId) continue;
    const persona = await personaOf(tx, account.id);
    const recent = rowsOf<{ day: string; missingOut: boolean; dueEnd: string | Date | null }>(
      await tx.execute(sql`
        select day::text as day, missing_out as "missingOut", due_end as "dueEnd" from attendance_days
        where employee_id = ${account.employeeId} and status = 'abnormal'
          and day between ${addDays(deps.today(), -6)} and ${addDays(deps.today(), -1)}
        order by day desc`),
    );
    const [first] = recent;
    if (!first) continue;
    persona.assertMay('attendance:abnormal:explain');
    await explainDay(tx, account.id, persona.actor, {
      day: first.day,
      explanation: '客户临时到店，处理完才想起打卡',
    });
    explained += 1;
    if (username === 'staff' && first.missingOut && first.dueEnd) {
      const correction = await requestCorrection(tx, approvals, deps, persona.actor, {
        day: first.day,
        side: 'out',
        punch_at: new Date(new Date(first.dueEnd).getTime() + 10 * 60_000).toISOString(),
        reason: '下班时手机没电，未能打卡',
      });
      if (correction.approval_id) await approveAsApprovers(tx, approvals, correction.approval_id);
      corrected += 1;
    }
  }
  return { explained, corrected };
}
