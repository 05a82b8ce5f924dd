import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { ruleMessages } from '@dealer-hr/shared/attendance/rules';
import { timeOf } from '@dealer-hr/shared/attendance/rules-contract';
import type { ClockToday } from '@dealer-hr/shared/attendance/clock-contract';
import { addDays, dayOf } from '../../core/clock';
import type { Database } from '../../db/client';
import { attendanceDays, clockPunches, employees, users } from '../../db/schema';
import { startOfDay } from '../../lib/day-range';
import { perTimeZone } from '../../lib/zoned-format';
import { conflict } from '../../lib/errors';
import { loadRulebook, placementsOn, type Group, type Placement, type Rulebook } from './day-context';
import { fencesOfStores, type StorePoint } from './coordinates.service';
import { dayQuery, daysOf, punchOf, punchQuery } from './rows';

// Where signed-in employees stand for attendance at an instant, and the picture of their day the clock-in page
// shows: read for many people at once, so that clock-ins arriving together cost the database a few statements
// between them rather than a few each (clock.service.ts).

export interface Whereabouts {
  userId: number;
  employeeId: number;
  employeeName: string;
  employeeNo: string;
  /** The rules, read once for the whole batch. */
  book: Rulebook;
  /** The attendance day the instant belongs to (before the group's boundary hour: the day before). */
  day: string;
  placement: Placement | undefined;
  group: Group | undefined;
}

/** Why a signed-in user cannot clock in now (no store, no group), or null. */
export const blockedOf = (where: Whereabouts) =>
  !where.placement?.storeId ? ruleMessages.noStore : !where.group ? ruleMessages.noGroup : null;

const hourFormat = perTimeZone(
  (timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }),
);

/** The hour (0-23) of `instant` in `timeZone`. */
const hourIn = (instant: Date, timeZone: string) => Number(hourFormat(timeZone).format(instant));

/** Groups `items` by a key, keeping their order. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * Who each asking user is at their instant: their employee, the attendance day, where they work that day and
 * their group. The answer for a user without an employee is the error to give them.
 */
export async function whereaboutsOf(
  db: Database,
  asking: readonly { userId: number; now: Date }[],
  timeZone: string,
): Promise<(Whereabouts | Error)[]> {
  if (asking.length === 0) return [];
  // In turn: `db` may be a transaction's one connection.
  const people = await db
    .select({ userId: users.id, id: employees.id, name: employees.name, employeeNo: employees.employeeNo })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(inArray(users.id, [...new Set(asking.map((each) => each.userId))]));
  const personOf = new Map(people.map((person) => [person.userId, person]));
  const book = await loadRulebook(db);
  const placementOf = new Map<string, Placement>();
  const readPlacements = async (wanted: readonly { employeeId: number; day: string }[]) => {
    const missing = wanted.filter((each) => !placementOf.has(`${each.employeeId}:${each.day}`));
    for (const [day, onDay] of groupBy(missing, (each) => each.day))
      for (const placement of await placementsOn(db, [...new Set(onDay.map((each) => each.employeeId))], day))
        placementOf.set(`${placement.employeeId}:${day}`, placement);
  };
  const asked = asking.map(({ userId, now }) => {
    const person = personOf.get(userId);
    return person ? { userId, person, now, calendarDay: dayOf(now, timeZone) } : undefined;
  });
  const found = asked.filter((each) => each !== undefined);
  await readPlacements(found.map(({ person, calendarDay }) => ({ employeeId: person.id, day: calendarDay })));
  const groupAt = (employeeId: number, day: string) => {
    const placement = placementOf.get(`${employeeId}:${day}`);
    return { placement, group: placement ? book.groupOf(placement) : undefined };
  };
  // Before the group's boundary hour it is still the night shift of the day before.
  const nightBefore = new Set(
    found.filter(({ person, now, calendarDay }) => {
      const { group } = groupAt(person.id, calendarDay);
      return group !== undefined && hourIn(now, timeZone) < group.dayBoundaryHour;
    }),
  );
  await readPlacements(
    [...nightBefore].map(({ person, calendarDay }) => ({
      employeeId: person.id,
      day: addDays(calendarDay, -1),
    })),
  );
  return asked.map((each) => {
    if (!each) return conflict(ruleMessages.noEmployee);
    const day = nightBefore.has(each) ? addDays(each.calendarDay, -1) : each.calendarDay;
    return {
      userId: each.userId,
      employeeId: each.person.id,
      employeeName: each.person.name,
      employeeNo: each.person.employeeNo,
      book,
      day,
      ...groupAt(each.person.id, day),
    };
  });
}

const storeOf = (where: Whereabouts) => where.placement?.storeId ?? null;

/**
 * The clock-in page's picture of each person's day: store and fences, group and shift, the day's punches (from
 * its boundary hour to the next day's) and the day as the table holds it.
 */
export async function todaysOf(
  db: Database,
  wheres: readonly Whereabouts[],
  timeZone: string,
  /** The stores' fences, when the caller has read them. */
  known?: ReadonlyMap<number, readonly StorePoint[]>,
): Promise<ClockToday[]> {
  if (wheres.length === 0) return [];
  const storeIds = wheres.map(storeOf).filter((id): id is number => id !== null);
  const fences = known ?? (await fencesOfStores(db, storeIds));
  const employeeIds = [...new Set(wheres.map((where) => where.employeeId))];
  const dayRows = await dayQuery(db).where(
    and(
      inArray(attendanceDays.employeeId, employeeIds),
      inArray(attendanceDays.day, [...new Set(wheres.map((where) => where.day))]),
    ),
  );
  const results = await daysOf(db, dayRows);
  const resultOf = new Map(results.map((result) => [`${result.employee_id}:${result.day}`, result]));
  // A batch's people mostly share one day: its start is looked up once (a time-zone lookup is not free).
  const dayStarts = new Map<string, number>();
  const spanOf = (where: Whereabouts) => {
    let dayStart = dayStarts.get(where.day);
    if (dayStart === undefined)
      dayStarts.set(where.day, (dayStart = startOfDay(where.day, timeZone).getTime()));
    const start = dayStart + (where.group?.dayBoundaryHour ?? 0) * 3_600_000;
    return { from: start, until: start + 86_400_000 };
  };
  const spans = wheres.map(spanOf);
  const punches = await punchQuery(db)
    .where(
      and(
        inArray(clockPunches.employeeId, employeeIds),
        gte(clockPunches.punchedAt, new Date(Math.min(...spans.map((span) => span.from)))),
        lt(clockPunches.punchedAt, new Date(Math.max(...spans.map((span) => span.until)))),
      ),
    )
    .orderBy(asc(clockPunches.punchedAt));
  const punchesOf = groupBy(punches, ({ punch }) => String(punch.employeeId));
  return wheres.map((where, index) => {
    const storeId = storeOf(where);
    const shift = where.group ? where.book.shift(where.group.shiftId) : undefined;
    const { from, until } = spans[index]!;
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
      points: [...(storeId === null ? [] : (fences.get(storeId) ?? []))]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((point) => ({
          id: point.id,
          name: point.name,
          latitude: point.wgsLatitude,
          longitude: point.wgsLongitude,
          radius: point.radius,
        })),
      punches: (punchesOf.get(String(where.employeeId)) ?? [])
        .filter(({ punch }) => {
          const at = punch.punchedAt.getTime();
          return at >= from && at < until;
        })
        .map(punchOf),
      result: resultOf.get(`${where.employeeId}:${where.day}`) ?? null,
      blocked: blockedOf(where),
    };
  });
}
