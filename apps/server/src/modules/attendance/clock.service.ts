import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { ruleMessages } from '@dealer-hr/shared/attendance/rules';
import { timeOf } from '@dealer-hr/shared/attendance/rules-contract';
import type { ClockInAnswer, ClockInBody, ClockToday } from '@dealer-hr/shared/attendance/clock-contract';
import { addDays, dayOf, type Clock } from '../../core/clock';
import type { Database } from '../../db/client';
import { attendanceDays, clockPunches, employees, uploads, users } from '../../db/schema';
import { startOfDay } from '../../lib/day-range';
import { conflict, validationFailed } from '../../lib/errors';
import { fenceAmong, fencesOf } from './coordinates.service';
import { loadRulebook, placementsOn, type Group, type Placement, type Rulebook } from './day-context';
import { computeDays } from './days.build';
import { dayQuery, daysOf, punchOf, punchQuery } from './rows';

type StorePoint = Awaited<ReturnType<typeof fencesOf>>[number];

export interface ClockDeps {
  db: Database;
  /** Business time: a browser test moves it (TEST_CLOCK). */
  clock: Clock;
  timeZone: string;
}

interface Whereabouts {
  employeeId: number;
  employeeName: string;
  employeeNo: string;
  /** The rules, read once for the whole request. */
  book: Rulebook;
  /** The attendance day the instant belongs to (before the group's boundary hour: the day before). */
  day: string;
  placement: Placement | undefined;
  group: Group | undefined;
}

/** Who the signed-in user is at `now` for attendance: their employee, the day, where they work and their group. */
async function whereabouts(db: Database, userId: number, now: Date, timeZone: string): Promise<Whereabouts> {
  const [person] = await db
    .select({ id: employees.id, name: employees.name, employeeNo: employees.employeeNo })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.id, userId));
  if (!person) throw conflict(ruleMessages.noEmployee);
  const calendarDay = dayOf(now, timeZone);
  const book = await loadRulebook(db);
  let [placement] = await placementsOn(db, [person.id], calendarDay);
  let group = placement ? book.groupOf(placement) : undefined;
  let day = calendarDay;
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now),
  );
  if (group && hour < group.dayBoundaryHour) {
    // Still the night shift of the day before.
    day = addDays(calendarDay, -1);
    [placement] = await placementsOn(db, [person.id], day);
    group = placement ? book.groupOf(placement) : undefined;
  }
  return {
    employeeId: person.id,
    employeeName: person.name,
    employeeNo: person.employeeNo,
    book,
    day,
    placement,
    group,
  };
}

const blockedOf = (where: Whereabouts) =>
  !where.placement?.storeId ? ruleMessages.noStore : !where.group ? ruleMessages.noGroup : null;

/** `GET clock/today`: the page's picture of the employee's day. */
export async function clockToday(deps: ClockDeps, userId: number): Promise<ClockToday> {
  return todayOf(deps, await whereabouts(deps.db, userId, deps.clock.now(), deps.timeZone));
}

async function todayOf(
  { db, timeZone }: ClockDeps,
  where: Whereabouts,
  /** The store's fences, when the caller has read them. */
  known?: readonly StorePoint[],
): Promise<ClockToday> {
  const storeId = where.placement?.storeId ?? null;
  const shift = where.group ? where.book.shift(where.group.shiftId) : undefined;
  const points = known ?? (storeId === null ? [] : await fencesOf(db, storeId));
  const dayRows = await dayQuery(db).where(
    and(eq(attendanceDays.employeeId, where.employeeId), eq(attendanceDays.day, where.day)),
  );
  const [result] = await daysOf(db, dayRows);
  // The day's punches: from its boundary to the next day's.
  const boundary = (where.group?.dayBoundaryHour ?? 0) * 3_600_000;
  const midnight = startOfDay(where.day, timeZone).getTime();
  const punches = await punchQuery(db)
    .where(
      and(
        eq(clockPunches.employeeId, where.employeeId),
        gte(clockPunches.punchedAt, new Date(midnight + boundary)),
        lt(clockPunches.punchedAt, new Date(midnight + boundary + 86_400_000)),
      ),
    )
    .orderBy(asc(clockPunches.punchedAt));
  return {
    day: where.day,
    employee_name: where.employeeName,
    store: storeId === null ? null : { id: storeId, name: where.placement?.storeName ?? '' },
    group: where.group
      ? {
          name: where.group.name,
          kind: where.group.kind,
          shift: shift
            ? { name: shift.name, start: timeOf(shift.startMinute), end: timeOf(shift.endMinute) }
            : null,
          allow_outside: where.group.allowOutside,
          outside_photo: where.group.outsidePhoto,
        }
      : null,
    points: [...points]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((point) => ({
        id: point.id,
        name: point.name,
        latitude: point.wgsLatitude,
        longitude: point.wgsLongitude,
        radius: point.radius,
      })),
    punches: punches.map(punchOf),
    result: result ?? null,
    blocked: blockedOf(where),
  };
}

/**
 * `POST clock/in`: the signed-in employee's punch. The fence of the store they work at today (a dispatch's
 * host store) decides; out of it, the punch is 外勤 where the group allows it, else refused with the distance.
 * The punch is kept as it came and the day is computed again in the same transaction.
 */
export async function clockIn(deps: ClockDeps, userId: number, body: ClockInBody): Promise<ClockInAnswer> {
  const { db, timeZone } = deps;
  const now = deps.clock.now();
  const where = await whereabouts(db, userId, now, timeZone);
  const blocked = blockedOf(where);
  if (blocked) throw conflict(blocked);
  const storeId = where.placement!.storeId!;
  const group = where.group!;
  const points = await fencesOf(db, storeId);
  const fence = fenceAmong(points, { latitude: body.latitude, longitude: body.longitude }, body.datum);
  if (!fence.inside && !group.allowOutside) {
    const message =
      fence.distance === null
        ? ruleMessages.outsideNoPoint
        : ruleMessages.outside(fence.distance, fence.point!.radius);
    throw conflict(message, { distance: fence.distance, radius: fence.point?.radius ?? null });
  }
  if (!fence.inside && group.outsidePhoto) {
    if (body.photo_upload_id === null)
      throw validationFailed([{ field: 'photo_upload_id', message: ruleMessages.photoRequired }]);
    const [photo] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, body.photo_upload_id), eq(uploads.uploadedByUserId, userId)));
    if (!photo) throw validationFailed([{ field: 'photo_upload_id', message: ruleMessages.photoRequired }]);
  }
  const punch = await db.transaction(async (tx) => {
    const [written] = await tx
      .insert(clockPunches)
      .values({
        punchedAt: now,
        employeeId: where.employeeId,
        storeId,
        departmentId: where.placement!.departmentId,
        pointId: fence.point?.id ?? null,
        distance: fence.distance,
        inFence: fence.inside,
        latitude: body.latitude,
        longitude: body.longitude,
        datum: body.datum,
        accuracy: body.accuracy,
        source: body.source,
        photoUploadId: fence.inside ? null : body.photo_upload_id,
      })
      .returning();
    if (!fence.inside && body.photo_upload_id !== null)
      await tx
        .update(uploads)
        .set({ ownerType: 'clock_punch', ownerId: where.employeeId })
        .where(eq(uploads.id, body.photo_upload_id));
    await computeDays(tx, [where.employeeId], where.day, timeZone, {
      placements: [where.placement!],
      book: where.book,
    });
    return written!;
  });
  const answer = punchOf({
    punch,
    employeeName: where.employeeName,
    employeeNo: where.employeeNo,
    storeName: where.placement!.storeName,
    pointName: fence.point?.name ?? null,
  });
  return { punch: answer, today: await todayOf(deps, where, points) };
}
