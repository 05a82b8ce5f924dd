import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { daysOfLeaveMinutes, daysOfRange, type LeaveType } from '@dealer-hr/shared/attendance/leave';
import type { CalendarKind, GroupTarget } from '@dealer-hr/shared/attendance/rules';
import type { LeaveWindow, ShiftRules } from '@dealer-hr/shared/attendance/day';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  attendanceGroups,
  attendanceGroupTargets,
  attendanceSchedules,
  attendanceShifts,
  clockPunches,
  holidayCalendar,
  leaveRequests,
} from '../../db/schema';

// Who a person is on a day for attendance: where they work (a dispatch's host store while dispatched), the group
// whose rules apply, the shift due, and their punches. Read for a batch of people at once: the nightly build
// asks for hundreds, a clock-in for one.

export type Shift = typeof attendanceShifts.$inferSelect;
export type Group = typeof attendanceGroups.$inferSelect;

export interface Placement {
  employeeId: number;
  entryDate: string;
  leftOn: string | null;
  storeId: number | null;
  storeName: string | null;
  departmentId: number;
  postId: number;
  /** '/1/4/17/': the department and those above it. */
  departmentPath: string;
}

/**
 * The people employed on `day` whom `people` picks, and the place that decides their attendance: an assignment
 * of a dispatch running that day, else their main post. `people` may name `e` (the employee), `a` (that
 * assignment) and `d` (its department).
 */
async function placementsWhere(db: Database, day: string, people: SQL) {
  const result = await db.execute(sql`
    select e.id as "employeeId", e.entry_date::text as "entryDate", e.left_on::text as "leftOn",
      a.store_id as "storeId", s.name as "storeName", a.department_id as "departmentId",
      a.post_id as "postId", d.path as "departmentPath"
    from employees e
    join lateral (
      select a.store_id, a.department_id, a.post_id from assignments a
      where a.employee_id = e.id and a.start_date <= ${day} and (a.end_date is null or a.end_date >= ${day})
        and (a.kind = 'dispatch' or a.is_main)
      order by (a.kind = 'dispatch') desc, a.start_date desc
      limit 1
    ) a on true
    join departments d on d.id = a.department_id
    left join stores s on s.id = a.store_id
    where ${people}
      and e.entry_date <= ${day} and (e.left_on is null or e.left_on >= ${day})
    order by e.id`);
  return rowsOf<Placement>(result);
}

/** The people of `employeeIds` employed on `day`, each with the place that decides their attendance. */
export async function placementsOn(db: Database, employeeIds: readonly number[], day: string) {
  if (employeeIds.length === 0) return [];
  return placementsWhere(
    db,
    day,
    sql`e.id in (${sql.join(
      employeeIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/**
 * The people a group's targets reach on `day` (its posts, stores and the departments under its departments),
 * each with their place; a more specific group may still have them (Rulebook.groupOf decides).
 */
export async function placementsReachedBy(
  db: Database,
  targets: readonly { target: GroupTarget; targetId: number }[],
  day: string,
) {
  const idsOf = (kind: GroupTarget) =>
    `{${targets
      .filter((each) => each.target === kind)
      .map((each) => each.targetId)
      .join(',')}}`;
  const under = `{${targets
    .filter((each) => each.target === 'department')
    .map((each) => `"%/${each.targetId}/%"`)
    .join(',')}}`;
  return placementsWhere(
    db,
    day,
    sql`(a.post_id = any(${idsOf('post')}::int[]) or a.store_id = any(${idsOf('store')}::int[])
      or d.path like any(${under}::text[]))`,
  );
}

export interface Rulebook {
  groupOf(placement: Placement): Group | undefined;
  shift(id: number | null): Shift | undefined;
}

/**
 * The groups, their targets and shifts: small tables, read once per batch. A person's group is that of their
 * post, else their store, else the nearest department at or above theirs (the group of the root department
 * covers everyone else).
 */
export async function loadRulebook(db: Database): Promise<Rulebook> {
  // In turn: `db` may be a transaction's one connection.
  const groups = await db.select().from(attendanceGroups);
  const targets = await db.select().from(attendanceGroupTargets);
  const shifts = await db.select().from(attendanceShifts);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const shiftById = new Map(shifts.map((shift) => [shift.id, shift]));
  const byTarget = new Map(targets.map((row) => [`${row.target}:${row.targetId}`, row.groupId]));
  const find = (target: GroupTarget, id: number | null) =>
    id === null ? undefined : groupById.get(byTarget.get(`${target}:${id}`) ?? -1);
  return {
    groupOf(placement) {
      const direct = find('post', placement.postId) ?? find('store', placement.storeId);
      if (direct) return direct;
      const ancestors = placement.departmentPath.split('/').filter(Boolean).map(Number).reverse();
      for (const departmentId of ancestors) {
        const group = find('department', departmentId);
        if (group) return group;
      }
      return undefined;
    },
    shift: (id) => (id === null ? undefined : shiftById.get(id)),
  };
}

export const shiftRulesOf = (shift: Shift): ShiftRules => ({
  start: shift.startMinute,
  end: shift.endMinute,
  earliestIn: shift.earliestIn,
  latestOut: shift.latestOut,
  lateGrace: shift.lateGrace,
  seriousLate: shift.seriousLate,
  lateAbsent: shift.lateAbsent,
  earlyGrace: shift.earlyGrace,
  halfDayHours: shift.halfDayHours,
  absentHours: shift.absentHours,
});

export async function calendarOn(db: Database, day: string): Promise<CalendarKind | undefined> {
  const [entry] = await db.select().from(holidayCalendar).where(eq(holidayCalendar.day, day));
  return entry?.kind;
}

/** A shift group's schedule for the day: the shift each person works (null: a rest day). */
export async function schedulesOn(db: Database, employeeIds: readonly number[], day: string) {
  if (employeeIds.length === 0) return new Map<number, number | null>();
  const rows = await db
    .select({ employeeId: attendanceSchedules.employeeId, shiftId: attendanceSchedules.shiftId })
    .from(attendanceSchedules)
    .where(and(eq(attendanceSchedules.day, day), inArray(attendanceSchedules.employeeId, [...employeeIds])));
  return new Map(rows.map((row) => [row.employeeId, row.shiftId]));
}

export interface PunchMoment {
  employeeId: number;
  punchedAt: Date;
  inFence: boolean;
}

/**
 * The punches of a batch that may belong to the day: from its midnight to noon of the next day (a group's day
 * boundary is at most 12 hours); each person's boundary picks from them.
 */
export async function punchesAround(db: Database, employeeIds: readonly number[], midnight: Date) {
  if (employeeIds.length === 0) return [];
  const until = new Date(midnight.getTime() + 36 * 3_600_000);
  return db
    .select({
      employeeId: clockPunches.employeeId,
      punchedAt: clockPunches.punchedAt,
      inFence: clockPunches.inFence,
    })
    .from(clockPunches)
    .where(
      and(
        inArray(clockPunches.employeeId, [...employeeIds]),
        gte(clockPunches.punchedAt, midnight),
        lt(clockPunches.punchedAt, until),
      ),
    );
}

export interface LeaveOnDay {
  /** The half days taken (`none` when only hours are). */
  span: 'none' | 'am' | 'pm' | 'full';
  /** Leave by the hour: its windows (minutes after local midnight). */
  windows: LeaveWindow[];
  /** The type the day is listed under: its half day's, where it has one. */
  type: LeaveType;
  /** The days of each type: a half day 0.5, an hour an eighth. */
  days: Partial<Record<LeaveType, number>>;
}

/**
 * The approved leave of a batch on a day: which half days it takes, the windows of leave by the hour, the type
 * it is listed under (a morning of one type and an afternoon of another make a whole day, listed under the
 * morning's type; hours beside a half day under the half day's), and the days of each type, each counted under
 * its own.
 */
export async function leaveOn(db: Database, employeeIds: readonly number[], day: string) {
  const taken = new Map<number, LeaveOnDay>();
  if (employeeIds.length === 0) return taken;
  const requests = await db
    .select()
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.status, 'approved'),
        inArray(leaveRequests.employeeId, [...employeeIds]),
        lte(leaveRequests.startDay, day),
        gte(leaveRequests.endDay, day),
      ),
    )
    // Half days first, mornings before afternoons: the day is listed under the first one's type.
    .orderBy(
      leaveRequests.startDay,
      sql`${leaveRequests.startMinute} asc nulls first`,
      leaveRequests.startHalf,
    );
  for (const request of requests) {
    const before: LeaveOnDay = taken.get(request.employeeId) ?? {
      span: 'none',
      windows: [],
      type: request.type,
      days: {},
    };
    let days: number;
    if (request.startMinute !== null && request.endMinute !== null) {
      before.windows.push({ from: request.startMinute, to: request.endMinute });
      days = daysOfLeaveMinutes(request.endMinute - request.startMinute);
    } else {
      const span = daysOfRange(request).find((each) => each.day === day)?.span;
      if (!span) continue;
      before.span = before.span === 'none' || before.span === span ? span : 'full';
      days = span === 'full' ? 1 : 0.5;
    }
    before.days[request.type] = (before.days[request.type] ?? 0) + days;
    taken.set(request.employeeId, before);
  }
  return taken;
}
