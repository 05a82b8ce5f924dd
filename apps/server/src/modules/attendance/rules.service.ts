import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  minutesOf,
  timeOf,
  type AttendanceGroup,
  type AttendanceShift,
  type CalendarEntry,
  type GroupBody,
  type GroupUpdateBody,
} from '@dealer-hr/shared/attendance/rules-contract';
import { ruleMessages, type CalendarKind, type GroupTarget } from '@dealer-hr/shared/attendance/rules';
import type { z } from 'zod';
import type { shiftBody } from '@dealer-hr/shared/attendance/rules-contract';
import { addDays, type Today } from '../../core/clock';
import type { JobQueue } from '../../core/jobs/queue';
import type { Database } from '../../db/client';
import {
  attendanceGroups,
  attendanceGroupTargets,
  attendanceShifts,
  departments,
  holidayCalendar,
  posts,
  stores,
} from '../../db/schema';
import { withoutTimestamps, writeAudit, type AuditActor } from '../../lib/audit';
import { TOP_UP_LEAVE_TYPES, type TopUpLeaveType } from '@dealer-hr/shared/attendance/leave';
import { conflict, fieldConflict, notFound } from '../../lib/errors';
import { databaseErrorOf, onUniqueViolation } from '../../lib/pg-errors';
import { BUILD_ATTENDANCE_DAY, isMonthLocked, requestRebuild } from './days.build';
import { addMonths } from './punch-partitions';

type ShiftBody = z.infer<typeof shiftBody>;
type ShiftRow = typeof attendanceShifts.$inferSelect;
type GroupRow = typeof attendanceGroups.$inferSelect;

/** What a rule change reaches: the rules, the queue that rebuilds the days they decide, and today. */
export interface RuleChangeDeps {
  db: Database;
  jobs: JobQueue;
  today: Today;
}

// --- shifts ---------------------------------------------------------------------------------------------------

const shiftOf = (row: ShiftRow, groups: number): AttendanceShift => ({
  id: row.id,
  name: row.name,
  start: timeOf(row.startMinute),
  end: timeOf(row.endMinute),
  earliest_in: row.earliestIn,
  latest_out: row.latestOut,
  late_grace: row.lateGrace,
  serious_late: row.seriousLate,
  late_absent: row.lateAbsent,
  early_grace: row.earlyGrace,
  half_day_hours: row.halfDayHours,
  absent_hours: row.absentHours,
  groups,
});

const shiftColumns = (body: ShiftBody) => ({
  name: body.name,
  startMinute: minutesOf(body.start),
  endMinute: minutesOf(body.end),
  earliestIn: body.earliest_in,
  latestOut: body.latest_out,
  lateGrace: body.late_grace,
  seriousLate: body.serious_late,
  lateAbsent: body.late_absent,
  earlyGrace: body.early_grace,
  halfDayHours: body.half_day_hours,
  absentHours: body.absent_hours,
});

export async function listShifts(db: Database): Promise<AttendanceShift[]> {
  const [rows, uses] = await Promise.all([
    db.select().from(attendanceShifts).orderBy(asc(attendanceShifts.startMinute), asc(attendanceShifts.id)),
    db
      .select({ shiftId: attendanceGroups.shiftId, groups: count() })
      .from(attendanceGroups)
      .groupBy(attendanceGroups.shiftId),
  ]);
  const used = new Map(uses.map((use) => [use.shiftId, use.groups]));
  return rows.map((row) => shiftOf(row, used.get(row.id) ?? 0));
}

const shiftNameTaken = () => fieldConflict('name', ruleMessages.shiftNameTaken);

export async function createShift(deps: RuleChangeDeps, actor: AuditActor, body: ShiftBody) {
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await onUniqueViolation(shiftNameTaken, () =>
      tx.insert(attendanceShifts).values(shiftColumns(body)).returning(),
    );
    await writeAudit(tx, actor, {
      entity: 'attendance_shift',
      entityId: created!.id,
      action: 'create',
      after: withoutTimestamps(created!),
    });
    return created!;
  });
  return shiftOf(row, 0);
}

export async function updateShift(deps: RuleChangeDeps, actor: AuditActor, body: ShiftBody & { id: number }) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(attendanceShifts)
      .where(eq(attendanceShifts.id, body.id))
      .for('update');
    if (!before) throw notFound(ruleMessages.shiftNotFound);
    const [after] = await onUniqueViolation(shiftNameTaken, () =>
      tx.update(attendanceShifts).set(shiftColumns(body)).where(eq(attendanceShifts.id, body.id)).returning(),
    );
    await writeAudit(tx, actor, {
      entity: 'attendance_shift',
      entityId: body.id,
      action: 'update',
      before: withoutTimestamps(before),
      after: withoutTimestamps(after!),
    });
    await rebuildOpenDays(tx, deps);
  });
  return (await listShifts(deps.db)).find((shift) => shift.id === body.id)!;
}

export async function destroyShift(deps: RuleChangeDeps, actor: AuditActor, id: number) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(attendanceShifts)
      .where(eq(attendanceShifts.id, id))
      .for('update');
    if (!before) throw notFound(ruleMessages.shiftNotFound);
    const [used] = await tx
      .select({ n: count() })
      .from(attendanceGroups)
      .where(eq(attendanceGroups.shiftId, id));
    if (used!.n > 0) throw conflict(ruleMessages.shiftInUse);
    try {
      await tx.delete(attendanceShifts).where(eq(attendanceShifts.id, id));
    } catch (error) {
      // Still scheduled for someone's day.
      if (databaseErrorOf(error)?.code === '23503') throw conflict(ruleMessages.shiftInUse);
      throw error;
    }
    await writeAudit(tx, actor, {
      entity: 'attendance_shift',
      entityId: id,
      action: 'delete',
      before: withoutTimestamps(before),
    });
  });
}

// --- groups ---------------------------------------------------------------------------------------------------

/** The names of what groups cover, for the list. */
async function targetNames(db: Database, targets: { target: GroupTarget; targetId: number }[]) {
  const idsOf = (kind: GroupTarget) =>
    targets.filter((row) => row.target === kind).map((row) => row.targetId);
  const read = async (kind: GroupTarget) => {
    const ids = idsOf(kind);
    if (ids.length === 0) return [];
    const table = kind === 'post' ? posts : kind === 'store' ? stores : departments;
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, ids));
    return rows.map((row) => [`${kind}:${row.id}`, row.name] as const);
  };
  // In turn: `db` may be a transaction's one connection.
  const names: (readonly [string, string])[] = [];
  for (const kind of ['post', 'department', 'store'] as const) names.push(...(await read(kind)));
  return new Map(names);
}

export async function listGroups(db: Database): Promise<AttendanceGroup[]> {
  const [groups, targets, shifts] = await Promise.all([
    db.select().from(attendanceGroups).orderBy(asc(attendanceGroups.id)),
    db.select().from(attendanceGroupTargets),
    db.select({ id: attendanceShifts.id, name: attendanceShifts.name }).from(attendanceShifts),
  ]);
  const names = await targetNames(db, targets);
  const shiftName = new Map(shifts.map((shift) => [shift.id, shift.name]));
  return groups.map((group) => groupOf(group, targets, names, shiftName));
}

function groupOf(
  group: GroupRow,
  targets: (typeof attendanceGroupTargets.$inferSelect)[],
  names: Map<string, string>,
  shiftName: Map<number, string>,
): AttendanceGroup {
  return {
    id: group.id,
    name: group.name,
    kind: group.kind,
    shift_id: group.shiftId,
    shift_name: group.shiftId === null ? null : (shiftName.get(group.shiftId) ?? null),
    workdays: group.workdays,
    day_boundary_hour: group.dayBoundaryHour,
    allow_outside: group.allowOutside,
    outside_photo: group.outsidePhoto,
    correction_quota: group.correctionQuota,
    correction_deadline_days: group.correctionDeadlineDays,
    // Every type, 0 where the province adds nothing.
    leave_top_ups: Object.fromEntries(
      TOP_UP_LEAVE_TYPES.map((type) => [type, group.leaveTopUps[type] ?? 0]),
    ) as Record<TopUpLeaveType, number>,
    hourly_leave_types: group.hourlyLeaveTypes,
    annual_carry_days: group.annualCarryDays,
    annual_carry_months: group.annualCarryMonths,
    targets: targets
      .filter((row) => row.groupId === group.id)
      .map((row) => ({
        target: row.target,
        id: row.targetId,
        name: names.get(`${row.target}:${row.targetId}`) ?? String(row.targetId),
      })),
  };
}

const groupColumns = (body: GroupBody) => ({
  name: body.name,
  kind: body.kind,
  shiftId: body.shift_id ?? null,
  workdays: body.workdays,
  dayBoundaryHour: body.day_boundary_hour,
  allowOutside: body.allow_outside,
  outsidePhoto: body.outside_photo,
  correctionQuota: body.correction_quota,
  correctionDeadlineDays: body.correction_deadline_days,
  leaveTopUps: body.leave_top_ups,
  hourlyLeaveTypes: body.hourly_leave_types,
  annualCarryDays: body.annual_carry_days,
  annualCarryMonths: body.annual_carry_months,
});

export async function assertShift(tx: Database, shiftId: number | null) {
  if (shiftId === null) return;
  const [shift] = await tx
    .select({ id: attendanceShifts.id })
    .from(attendanceShifts)
    .where(eq(attendanceShifts.id, shiftId));
  if (!shift) throw fieldConflict('shift_id', ruleMessages.shiftNotFound);
}

/** The targets exist and belong to no other group: a person is in one group at a time. */
async function replaceTargets(tx: Database, groupId: number, targets: GroupBody['targets']) {
  const unique = [...new Map(targets.map((row) => [`${row.target}:${row.id}`, row])).values()];
  const names = await targetNames(
    tx,
    unique.map((row) => ({ target: row.target, targetId: row.id })),
  );
  const missing = unique.find((row) => !names.has(`${row.target}:${row.id}`));
  if (missing) throw fieldConflict('targets', ruleMessages.targetNotFound);
  await tx.delete(attendanceGroupTargets).where(eq(attendanceGroupTargets.groupId, groupId));
  if (unique.length === 0) return [];
  const taken = await tx
    .select({
      name: attendanceGroups.name,
      target: attendanceGroupTargets.target,
      targetId: attendanceGroupTargets.targetId,
    })
    .from(attendanceGroupTargets)
    .innerJoin(attendanceGroups, eq(attendanceGroups.id, attendanceGroupTargets.groupId))
    .where(
      sql`(${attendanceGroupTargets.target}, ${attendanceGroupTargets.targetId}) in (${sql.join(
        unique.map((row) => sql`(${row.target}, ${row.id})`),
        sql`, `,
      )})`,
    );
  if (taken[0]) throw fieldConflict('targets', ruleMessages.targetTaken(taken[0].name));
  await tx
    .insert(attendanceGroupTargets)
    .values(unique.map((row) => ({ groupId, target: row.target, targetId: row.id })));
  return unique.map((row) => `${row.target}:${row.id}`);
}

/** What a group covers, as the audit log records it ('store:12'). */
async function targetListOf(tx: Database, groupId: number) {
  const rows = await tx
    .select({ target: attendanceGroupTargets.target, targetId: attendanceGroupTargets.targetId })
    .from(attendanceGroupTargets)
    .where(eq(attendanceGroupTargets.groupId, groupId));
  return rows.map((row) => `${row.target}:${row.targetId}`);
}

const groupNameTaken = () => fieldConflict('name', ruleMessages.groupNameTaken);

/** Two requests covering the same store at once: the second finds it taken. */
const lockTargets = (tx: Database) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('attendance_group_targets'))`);

export async function createGroup(deps: RuleChangeDeps, actor: AuditActor, body: GroupBody) {
  const id = await deps.db.transaction(async (tx) => {
    await lockTargets(tx);
    await assertShift(tx, body.shift_id ?? null);
    const [created] = await onUniqueViolation(groupNameTaken, () =>
      tx.insert(attendanceGroups).values(groupColumns(body)).returning(),
    );
    const targets = await replaceTargets(tx, created!.id, body.targets);
    await writeAudit(tx, actor, {
      entity: 'attendance_group',
      entityId: created!.id,
      action: 'create',
      after: { ...withoutTimestamps(created!), targets },
    });
    await rebuildOpenDays(tx, deps);
    return created!.id;
  });
  return (await listGroups(deps.db)).find((group) => group.id === id)!;
}

export async function updateGroup(deps: RuleChangeDeps, actor: AuditActor, body: GroupUpdateBody) {
  await deps.db.transaction(async (tx) => {
    await lockTargets(tx);
    const [before] = await tx
      .select()
      .from(attendanceGroups)
      .where(eq(attendanceGroups.id, body.id))
      .for('update');
    if (!before) throw notFound(ruleMessages.groupNotFound);
    await assertShift(tx, body.shift_id ?? null);
    const beforeTargets = await targetListOf(tx, body.id);
    const [after] = await onUniqueViolation(groupNameTaken, () =>
      tx.update(attendanceGroups).set(groupColumns(body)).where(eq(attendanceGroups.id, body.id)).returning(),
    );
    const targets = await replaceTargets(tx, body.id, body.targets);
    await writeAudit(tx, actor, {
      entity: 'attendance_group',
      entityId: body.id,
      action: 'update',
      before: { ...withoutTimestamps(before), targets: beforeTargets },
      after: { ...withoutTimestamps(after!), targets },
    });
    await rebuildOpenDays(tx, deps);
  });
  return (await listGroups(deps.db)).find((group) => group.id === body.id)!;
}

export async function destroyGroup(deps: RuleChangeDeps, actor: AuditActor, id: number) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(attendanceGroups)
      .where(eq(attendanceGroups.id, id))
      .for('update');
    if (!before) throw notFound(ruleMessages.groupNotFound);
    const targets = await targetListOf(tx, id);
    await tx.delete(attendanceGroups).where(eq(attendanceGroups.id, id));
    await writeAudit(tx, actor, {
      entity: 'attendance_group',
      entityId: id,
      action: 'delete',
      before: { ...withoutTimestamps(before), targets },
    });
    await rebuildOpenDays(tx, deps);
  });
}

// --- the holiday calendar -------------------------------------------------------------------------------------

export async function listCalendar(db: Database, year: number): Promise<CalendarEntry[]> {
  const rows = await db
    .select()
    .from(holidayCalendar)
    .where(sql`${holidayCalendar.day} between ${`${year}-01-01`} and ${`${year}-12-31`}`)
    .orderBy(asc(holidayCalendar.day));
  return rows.map((row) => ({ day: row.day, kind: row.kind, name: row.name, statutory: row.statutory }));
}

export async function putCalendarEntry(
  deps: RuleChangeDeps,
  actor: AuditActor,
  body: { day: string; kind: CalendarKind; name: string; statutory: boolean },
) {
  // A make-up working day is never statutory.
  const entry = { ...body, statutory: body.kind === 'holiday' && body.statutory };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(holidayCalendar)
      .values(entry)
      .onConflictDoUpdate({
        target: holidayCalendar.day,
        set: { kind: entry.kind, name: entry.name, statutory: entry.statutory },
      });
    await writeAudit(tx, actor, { entity: 'holiday', entityId: entry.day, action: 'update', after: entry });
    await rebuildDay(tx, deps, entry.day);
  });
  return entry;
}

export async function removeCalendarEntry(deps: RuleChangeDeps, actor: AuditActor, day: string) {
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(holidayCalendar).where(eq(holidayCalendar.day, day)).returning();
    if (!removed) throw notFound(ruleMessages.calendarNotFound);
    await writeAudit(tx, actor, {
      entity: 'holiday',
      entityId: day,
      action: 'delete',
      before: { day: removed.day, kind: removed.kind, name: removed.name, statutory: removed.statutory },
    });
    await rebuildDay(tx, deps, day);
  });
}

// --- what a change rebuilds -----------------------------------------------------------------------------------

/** A past day of an open month is built again after the change commits (its build job is in the transaction). */
async function rebuildDay(tx: Database, deps: RuleChangeDeps, day: string) {
  if (day >= deps.today() || (await isMonthLocked(tx, day))) return;
  await requestRebuild(tx, day, day);
  await deps.jobs.enqueue(BUILD_ATTENDANCE_DAY, { day }, { within: tx });
}

/**
 * The rules changed: every past day of the months still open (this one, and the last while it is not closed)
 * is built again in the background. Closed months keep the rules they were closed under; today's rows follow
 * at each punch and at tonight's build.
 */
async function rebuildOpenDays(tx: Database, deps: RuleChangeDeps) {
  const today = deps.today();
  const previous = `${addMonths(today.slice(0, 7), -1)}-01`;
  const from = (await isMonthLocked(tx, previous)) ? `${today.slice(0, 7)}-01` : previous;
  const yesterday = addDays(today, -1);
  if (from > yesterday) return;
  await requestRebuild(tx, from, yesterday);
  for (let day = from; day <= yesterday; day = addDays(day, 1))
    await deps.jobs.enqueue(BUILD_ATTENDANCE_DAY, { day }, { within: tx });
}
