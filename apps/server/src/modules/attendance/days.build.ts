import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { dayKindOf, evaluateDay, minutesOfWindows, shiftEnd } from '@dealer-hr/shared/attendance/day';
import { addDays, type Today } from '../../core/clock';
import { defineJob } from '../../core/jobs/queue';
import { startOfDay } from '../../lib/day-range';
import type { Database } from '../../db/client';
import { attendanceBuilds, attendanceDays, attendanceMonths, employees } from '../../db/schema';
import { columnList, unnestRows, type UnnestColumn } from '../../db/unnest';
import {
  calendarOn,
  loadRulebook,
  placementsOn,
  punchesAround,
  leaveOn,
  schedulesOn,
  shiftRulesOf,
  type Placement,
  type Rulebook,
} from './day-context';

export const BUILD_ATTENDANCE_DAY = 'attendance.build-day';

/** People per transaction: small enough to let clock-ins through between batches, large enough to be quick. */
export const BUILD_BATCH = 500;

const MINUTE = 60_000;

type DayRow = typeof attendanceDays.$inferInsert;

/**
 * What a build writes of a day, in one statement per batch (db/unnest.ts); the employee's explanation and its
 * review are not among them, so a recomputed day keeps them.
 */
const dayColumns: UnnestColumn<DayRow>[] = [
  { name: 'employee_id', type: 'int', value: (row) => row.employeeId },
  { name: 'day', type: 'date', value: (row) => row.day },
  { name: 'store_id', type: 'int', value: (row) => row.storeId ?? null },
  { name: 'department_id', type: 'int', value: (row) => row.departmentId ?? null },
  { name: 'group_id', type: 'int', value: (row) => row.groupId ?? null },
  { name: 'kind', type: 'text', value: (row) => row.kind },
  { name: 'status', type: 'text', value: (row) => row.status },
  { name: 'due_start', type: 'timestamptz', value: (row) => row.dueStart ?? null },
  { name: 'due_end', type: 'timestamptz', value: (row) => row.dueEnd ?? null },
  { name: 'first_in', type: 'timestamptz', value: (row) => row.firstIn ?? null },
  { name: 'last_out', type: 'timestamptz', value: (row) => row.lastOut ?? null },
  { name: 'late_minutes', type: 'int', value: (row) => row.lateMinutes ?? 0 },
  { name: 'serious_late', type: 'bool', value: (row) => row.seriousLate ?? false },
  { name: 'early_minutes', type: 'int', value: (row) => row.earlyMinutes ?? 0 },
  { name: 'missing_in', type: 'bool', value: (row) => row.missingIn ?? false },
  { name: 'missing_out', type: 'bool', value: (row) => row.missingOut ?? false },
  { name: 'absent', type: 'float8', value: (row) => row.absent ?? 0 },
  { name: 'outside', type: 'int', value: (row) => row.outside ?? 0 },
  { name: 'worked_minutes', type: 'int', value: (row) => row.workedMinutes ?? 0 },
  { name: 'overtime_minutes', type: 'int', value: (row) => row.overtimeMinutes ?? 0 },
  { name: 'leave', type: 'text', value: (row) => row.leave ?? 'none' },
  { name: 'leave_type', type: 'text', value: (row) => row.leaveType ?? null },
  { name: 'leave_minutes', type: 'int', value: (row) => row.leaveMinutes ?? 0 },
  { name: 'leave_days', type: 'jsonb', value: (row) => JSON.stringify(row.leaveDays ?? {}) },
  { name: 'computed_at', type: 'timestamptz', value: (row) => row.computedAt ?? new Date() },
];

export async function isMonthLocked(db: Database, day: string): Promise<boolean> {
  const [row] = await db
    .select({ month: attendanceMonths.month })
    .from(attendanceMonths)
    .where(eq(attendanceMonths.month, day.slice(0, 7)));
  return row !== undefined;
}

/**
 * The day of each of `employeeIds` as the rules read it from what is known now (punches so far, leave,
 * schedules): a row for everyone employed that day and in a group. Written by computeDays; read as it
 * stands by the workbench for today.
 */
export async function evaluateDays(
  tx: Database,
  employeeIds: readonly number[],
  day: string,
  timeZone: string,
  /** What the caller has read already this request (a clock-in: the person's place and the rules). */
  known: { placements?: Placement[]; book?: Rulebook } = {},
): Promise<DayRow[]> {
  if (employeeIds.length === 0) return [];
  const midnight = startOfDay(day, timeZone);
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  const placements = known.placements ?? (await placementsOn(tx, employeeIds, day));
  const book = known.book ?? (await loadRulebook(tx));
  const calendar = await calendarOn(tx, day);
  // Only shift groups have schedules to read.
  const scheduled = placements.filter((placement) => book.groupOf(placement)?.kind === 'shift');
  const schedules = await schedulesOn(
    tx,
    scheduled.map((placement) => placement.employeeId),
    day,
  );
  const leaves = await leaveOn(tx, employeeIds, day);
  const punches = await punchesAround(
    tx,
    placements.map((placement) => placement.employeeId),
    midnight,
  );
  const punchesOf = new Map<number, typeof punches>();
  for (const punch of punches)
    punchesOf.set(punch.employeeId, [...(punchesOf.get(punch.employeeId) ?? []), punch]);
  const at = (minute: number | null) =>
    minute === null ? null : new Date(midnight.getTime() + minute * MINUTE);
  const rows: DayRow[] = [];
  for (const placement of placements) {
    const group = book.groupOf(placement);
    if (!group) continue;
    const shift =
      group.kind === 'shift'
        ? book.shift(schedules.get(placement.employeeId) ?? null)
        : book.shift(group.shiftId);
    const kind =
      group.kind === 'shift' ? (shift ? 'workday' : 'restday') : dayKindOf(day, group.workdays, calendar);
    const boundary = group.dayBoundaryHour * 60;
    const minutes = (punchesOf.get(placement.employeeId) ?? [])
      .map((punch) => ({
        minute: (punch.punchedAt.getTime() - midnight.getTime()) / MINUTE,
        inFence: punch.inFence,
      }))
      .filter((punch) => punch.minute >= boundary && punch.minute < 1440 + boundary)
      .map((punch) => ({ ...punch, minute: Math.floor(punch.minute) }));
    const onLeave = leaves.get(placement.employeeId);
    const leave = onLeave?.span ?? 'none';
    const windows = onLeave?.windows ?? [];
    const rules = shift ? shiftRulesOf(shift) : null;
    const result = evaluateDay({
      kind,
      groupKind: group.kind,
      shift: rules,
      punches: minutes,
      joinedToday: placement.entryDate === day,
      leftToday: placement.leftOn === day,
      leave,
      leaveWindows: windows,
    });
    const due = kind === 'workday' ? rules : null;
    rows.push({
      employeeId: placement.employeeId,
      day,
      storeId: placement.storeId,
      departmentId: placement.departmentId,
      groupId: group.id,
      kind,
      status: result.status,
      dueStart: due ? at(due.start) : null,
      dueEnd: due ? at(shiftEnd(due)) : null,
      firstIn: at(result.firstIn),
      lastOut: at(result.lastOut),
      lateMinutes: result.lateMinutes,
      seriousLate: result.seriousLate,
      earlyMinutes: result.earlyMinutes,
      missingIn: result.missingIn,
      missingOut: result.missingOut,
      absent: result.absent,
      outside: result.outside,
      workedMinutes: result.workedMinutes,
      overtimeMinutes: result.overtimeMinutes,
      leave: leave === 'none' && windows.length > 0 ? 'hours' : leave,
      leaveType: onLeave?.type ?? null,
      leaveMinutes: minutesOfWindows(windows),
      leaveDays: onLeave?.days ?? {},
      computedAt: new Date(),
    });
  }
  return rows;
}

/**
 * Computes the day of each of `employeeIds` and stores it, in the caller's transaction; the rows of the
 * others are removed (a person moved out of every group). The employee's explanation of an earlier result
 * stays. Answers the rows written.
 */
export async function computeDays(
  tx: Database,
  employeeIds: readonly number[],
  day: string,
  timeZone: string,
  known: { placements?: Placement[]; book?: Rulebook } = {},
): Promise<number> {
  if (employeeIds.length === 0) return 0;
  const rows = await evaluateDays(tx, employeeIds, day, timeZone, known);
  const kept = new Set(rows.map((row) => row.employeeId));
  const gone = employeeIds.filter((id) => !kept.has(id));
  if (gone.length > 0)
    await tx
      .delete(attendanceDays)
      .where(and(eq(attendanceDays.day, day), inArray(attendanceDays.employeeId, gone)));
  if (rows.length > 0)
    await tx.execute(sql`
      insert into attendance_days ${columnList(dayColumns)} ${unnestRows(rows, dayColumns)}
      on conflict (employee_id, day) do update set ${sql.raw(
        dayColumns
          .filter((column) => column.name !== 'employee_id' && column.name !== 'day')
          .map((column) => `"${column.name}" = excluded."${column.name}"`)
          .join(', '),
      )}`);
  return rows.length;
}

/** The people employed on `day` after `afterId`, by id: the build's next batch. */
async function nextBatch(db: Database, day: string, afterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        gt(employees.id, afterId),
        lte(employees.entryDate, day),
        or(isNull(employees.leftOn), sql`${employees.leftOn} >= ${day}`),
      ),
    )
    .orderBy(employees.id)
    .limit(BUILD_BATCH);
  return rows.map((row) => row.id);
}

/**
 * Builds every person's day, one transaction per batch that also moves the day's bookmark: a run stopped part
 * way (a killed instance) goes on from the last batch committed, and a day built to the end is not built again
 * until something asks for it anew ({@link requestRebuild}). A closed month is left as it was closed.
 */
export async function buildDay(
  db: Database,
  day: string,
  timeZone: string,
  checkpoint: (progress: { done: number; note?: string }) => Promise<void> = async () => {},
): Promise<{ day: string; people: number; skipped?: 'built' | 'locked' }> {
  if (await isMonthLocked(db, day)) return { day, people: 0, skipped: 'locked' };
  await db.insert(attendanceBuilds).values({ day }).onConflictDoNothing();
  const [bookmark] = await db.select().from(attendanceBuilds).where(eq(attendanceBuilds.day, day));
  if (bookmark!.finishedAt) return { day, people: 0, skipped: 'built' };
  let afterId = bookmark!.lastEmployeeId;
  let people = 0;
  for (;;) {
    const batch = await nextBatch(db, day, afterId);
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      people += await computeDays(tx, batch, day, timeZone);
      await tx
        .update(attendanceBuilds)
        .set({ lastEmployeeId: batch[batch.length - 1]! })
        .where(eq(attendanceBuilds.day, day));
    });
    afterId = batch[batch.length - 1]!;
    await checkpoint({ done: people, note: day });
  }
  await db.update(attendanceBuilds).set({ finishedAt: new Date() }).where(eq(attendanceBuilds.day, day));
  return { day, people };
}

/**
 * The days from `from` to `to` are built again from the start (a rule or the calendar changed): their
 * bookmarks go, and the caller enqueues their builds in the same transaction.
 */
export async function requestRebuild(tx: Database, from: string, to: string) {
  await tx
    .delete(attendanceBuilds)
    .where(and(sql`${attendanceBuilds.day} >= ${from}`, lte(attendanceBuilds.day, to)));
}

/** The nightly job: yesterday by default, or the day of its payload. */
export const buildAttendanceDayJob = (db: Database, today: Today, timeZone: string) =>
  defineJob<{ day?: string }, Awaited<ReturnType<typeof buildDay>>>({
    kind: BUILD_ATTENDANCE_DAY,
    run: ({ payload, checkpoint }) => buildDay(db, payload.day ?? addDays(today(), -1), timeZone, checkpoint),
  });
