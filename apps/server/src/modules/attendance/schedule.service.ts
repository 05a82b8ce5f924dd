import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type {
  ScheduleBody,
  ScheduleEntry,
  ScheduleRoster,
} from '@dealer-hr/shared/attendance/rules-contract';
import { ruleMessages } from '@dealer-hr/shared/attendance/rules';
import { addDays } from '../../core/clock';
import type { Database } from '../../db/client';
import {
  attendanceGroups,
  attendanceGroupTargets,
  attendanceSchedules,
  attendanceShifts,
  employees,
} from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, fieldConflict, notFound } from '../../lib/errors';
import { loadRulebook, placementsOn, placementsReachedBy } from './day-context';
import { computeDays, isMonthLocked } from './days.build';
import { addMonths } from './punch-partitions';
import { assertShift, type RuleChangeDeps } from './rules.service';

// A shift group's schedule (排班): which shift each of its people works on each day, or a rest day. Fixed and
// free groups have their week; a shift group's days are due only as scheduled.

/** The people a roster may list at most: a shift group is a workshop or a front desk, not the whole group. */
const ROSTER_MAX = 500;

/**
 * `GET clock/rules/schedule/roster`: a shift group's people and the days scheduled for them in a month. The
 * people are those in the group on one day of the month (`as_of`): today within it, else its first day (a month
 * ahead) or its last (a month past).
 */
export async function scheduleRoster(
  db: Database,
  today: string,
  query: { group_id: number; month: string },
): Promise<ScheduleRoster> {
  const [group] = await db.select().from(attendanceGroups).where(eq(attendanceGroups.id, query.group_id));
  if (!group) throw notFound(ruleMessages.groupNotFound);
  if (group.kind !== 'shift') throw fieldConflict('group_id', ruleMessages.notShiftGroup);
  const first = `${query.month}-01`;
  const last = addDays(`${addMonths(query.month, 1)}-01`, -1);
  const asOf = today < first ? first : today > last ? last : today;
  const targets = await db
    .select({ target: attendanceGroupTargets.target, targetId: attendanceGroupTargets.targetId })
    .from(attendanceGroupTargets)
    .where(eq(attendanceGroupTargets.groupId, group.id));
  const book = await loadRulebook(db);
  const placements = (await placementsReachedBy(db, targets, asOf)).filter(
    (placement) => book.groupOf(placement)?.id === group.id,
  );
  if (placements.length === 0) return { group_id: group.id, month: query.month, as_of: asOf, people: [] };
  const ids = placements.map((placement) => placement.employeeId);
  const people = await db
    .select({ id: employees.id, name: employees.name, employeeNo: employees.employeeNo })
    .from(employees)
    .where(inArray(employees.id, ids));
  const personOf = new Map(people.map((person) => [person.id, person]));
  const numberOf = (employeeId: number) => personOf.get(employeeId)?.employeeNo ?? '';
  const listed = placements
    .sort((a, b) => numberOf(a.employeeId).localeCompare(numberOf(b.employeeId)))
    .slice(0, ROSTER_MAX);
  const daysOf = new Map<number, { day: string; shift_id: number | null }[]>();
  const scheduled = await db
    .select({
      employeeId: attendanceSchedules.employeeId,
      day: attendanceSchedules.day,
      shiftId: attendanceSchedules.shiftId,
    })
    .from(attendanceSchedules)
    .where(
      and(
        inArray(
          attendanceSchedules.employeeId,
          listed.map((placement) => placement.employeeId),
        ),
        gte(attendanceSchedules.day, first),
        lt(attendanceSchedules.day, `${addMonths(query.month, 1)}-01`),
      ),
    )
    .orderBy(asc(attendanceSchedules.day));
  for (const row of scheduled) {
    const days = daysOf.get(row.employeeId) ?? [];
    days.push({ day: row.day, shift_id: row.shiftId });
    daysOf.set(row.employeeId, days);
  }
  return {
    group_id: group.id,
    month: query.month,
    as_of: asOf,
    people: listed.map((placement) => ({
      employee_id: placement.employeeId,
      employee_name: personOf.get(placement.employeeId)?.name ?? '',
      employee_no: numberOf(placement.employeeId),
      store_name: placement.storeName,
      entry_date: placement.entryDate,
      left_on: placement.leftOn,
      days: daysOf.get(placement.employeeId) ?? [],
    })),
  };
}

/** `GET clock/rules/schedule`: the shifts scheduled in a month, of one person or of everyone. */
export async function listSchedule(
  db: Database,
  month: string,
  employeeId?: number,
): Promise<ScheduleEntry[]> {
  const rows = await db
    .select({
      employeeId: attendanceSchedules.employeeId,
      employeeName: employees.name,
      day: attendanceSchedules.day,
      shiftId: attendanceSchedules.shiftId,
      shiftName: attendanceShifts.name,
    })
    .from(attendanceSchedules)
    .innerJoin(employees, eq(employees.id, attendanceSchedules.employeeId))
    .leftJoin(attendanceShifts, eq(attendanceShifts.id, attendanceSchedules.shiftId))
    .where(
      and(
        gte(attendanceSchedules.day, `${month}-01`),
        lt(attendanceSchedules.day, `${addMonths(month, 1)}-01`),
        employeeId ? eq(attendanceSchedules.employeeId, employeeId) : undefined,
      ),
    )
    .orderBy(asc(attendanceSchedules.employeeId), asc(attendanceSchedules.day))
    .limit(5000);
  return rows.map((row) => ({
    employee_id: row.employeeId,
    employee_name: row.employeeName,
    day: row.day,
    shift_id: row.shiftId,
    shift_name: row.shiftName,
  }));
}

/**
 * `PUT clock/rules/schedule`: a person of a shift group works these shifts on these days (none: a rest day).
 * Days of a closed month are refused; the past days among them are computed again at once.
 */
export async function putSchedule(
  deps: RuleChangeDeps & { timeZone: string },
  actor: AuditActor,
  body: ScheduleBody,
) {
  await deps.db.transaction(async (tx) => {
    const book = await loadRulebook(tx);
    for (const { day } of body.days) {
      if (await isMonthLocked(tx, day)) throw conflict(ruleMessages.monthLocked(day.slice(0, 7)));
      const [placement] = await placementsOn(tx, [body.employee_id], day);
      if (!placement || book.groupOf(placement)?.kind !== 'shift')
        throw fieldConflict(
          'employee_id',
          body.days.length === 1 ? ruleMessages.notInShiftGroup : ruleMessages.notInShiftGroupOn(day),
        );
    }
    const shiftIds = [
      ...new Set(body.days.map((entry) => entry.shift_id).filter((id): id is number => id !== null)),
    ];
    for (const shiftId of shiftIds) await assertShift(tx, shiftId);
    await tx
      .insert(attendanceSchedules)
      .values(
        body.days.map((entry) => ({ employeeId: body.employee_id, day: entry.day, shiftId: entry.shift_id })),
      )
      .onConflictDoUpdate({
        target: [attendanceSchedules.employeeId, attendanceSchedules.day],
        set: { shiftId: sql`excluded.shift_id` },
      });
    await writeAudit(tx, actor, {
      entity: 'attendance_schedule',
      entityId: body.employee_id,
      action: 'update',
      after: {
        employeeId: body.employee_id,
        days: body.days.map((entry) => `${entry.day}:${entry.shift_id ?? '-'}`),
      },
    });
    for (const { day } of body.days)
      if (day < deps.today()) await computeDays(tx, [body.employee_id], day, deps.timeZone, { book });
  });
  return listSchedule(deps.db, body.days[0]!.day.slice(0, 7), body.employee_id);
}
