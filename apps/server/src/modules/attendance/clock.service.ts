import { and, eq, sql } from 'drizzle-orm';
import { ruleMessages } from '@dealer-hr/shared/attendance/rules';
import type { ClockInAnswer, ClockInBody, ClockToday } from '@dealer-hr/shared/attendance/clock-contract';
import type { FenceCheckAnswer } from '@dealer-hr/shared/attendance/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { uploads, type clockPunches } from '../../db/schema';
import { columnList, unnestRows, type UnnestColumn } from '../../db/unnest';
import { conflict, validationFailed } from '../../lib/errors';
import { fenceAmong, fencesOfStores, type StorePoint } from './coordinates.service';
import { computeDays } from './days.build';
import { punchOf } from './rows';
import { blockedOf, todaysOf, whereaboutsOf, type Whereabouts } from './whereabouts';

export interface ClockDeps {
  db: Database;
  /** Business time: a browser test moves it (TEST_CLOCK). */
  clock: Clock;
  timeZone: string;
}

/** `GET clock/today`: the page's picture of the employee's day. */
export async function clockToday({ db, clock, timeZone }: ClockDeps, userId: number): Promise<ClockToday> {
  const [where] = await whereaboutsOf(db, [{ userId, now: clock.now() }], timeZone);
  if (where instanceof Error) throw where;
  const [today] = await todaysOf(db, [where!], timeZone);
  return today!;
}

interface Waiting {
  userId: number;
  body: ClockInBody;
  /** The instant of the punch: when it arrived, not when its batch is written. */
  now: Date;
  resolve(answer: ClockInAnswer): void;
  reject(error: unknown): void;
}

interface Accepted {
  waiting: Waiting;
  where: Whereabouts;
  storeId: number;
  fence: FenceCheckAnswer;
}

type Punch = typeof clockPunches.$inferSelect;

/** A batch's punches, written in one statement (db/unnest.ts). */
const punchColumns: UnnestColumn<Punch>[] = [
  { name: 'id', type: 'int8', value: (row) => row.id },
  { name: 'punched_at', type: 'timestamptz', value: (row) => row.punchedAt },
  { name: 'employee_id', type: 'int', value: (row) => row.employeeId },
  { name: 'store_id', type: 'int', value: (row) => row.storeId },
  { name: 'department_id', type: 'int', value: (row) => row.departmentId },
  { name: 'point_id', type: 'int', value: (row) => row.pointId },
  { name: 'distance', type: 'int', value: (row) => row.distance },
  { name: 'in_fence', type: 'bool', value: (row) => row.inFence },
  { name: 'latitude', type: 'float8', value: (row) => row.latitude },
  { name: 'longitude', type: 'float8', value: (row) => row.longitude },
  { name: 'datum', type: 'text', value: (row) => row.datum },
  { name: 'accuracy', type: 'float8', value: (row) => row.accuracy },
  { name: 'source', type: 'text', value: (row) => row.source },
  { name: 'photo_upload_id', type: 'int', value: (row) => row.photoUploadId },
];

/**
 * Clock-ins written together at most: a burst of 200 at 9:00 goes in two batches (each batch's statements cost
 * about the same whatever its size), and a batch's statements stay a few hundred rows.
 */
const BATCH_MAX = 100;
/**
 * Batches written at once: Node prepares one while PostgreSQL runs another, and the rest of the connection pool
 * stays free for everything else. Not more: the first punches of a burst each start a batch of their own while
 * a slot is free, and a batch of one costs the same dozen and a half statements as one of a hundred. With four,
 * 200 punches at once went in six batches (four of one); with two, in four, and the burst was answered 10-25 %
 * sooner (bench/: `npm run bench -- attendance`).
 */
const BATCHES_AT_ONCE = 2;

/**
 * `POST clock/in`, the signed-in employee's punch. The fence of the store they work at today (a dispatch's host
 * store) decides; out of it, the punch is 外勤 where the group allows it, else refused with the distance. The
 * punch is kept as it came and the day is computed again in the same transaction.
 *
 * Clock-ins are written in batches (group commit): up to two at once, and what arrives while both are
 * running waits, to go together in the next (a person's second punch also waits for their first). A batch
 * costs one read of the people, their places and the rules, one insert, one recompute of their days and one
 * read of the answers, whether it holds one punch or a hundred. At 9:00 a store group's staff clock in within the
 * same minute; one punch after another, each in its own transaction, answered 150 a second on two cores.
 */
export class ClockInDesk {
  private waiting: Waiting[] = [];
  private running = 0;
  /** The users whose punches a running batch holds. */
  private readonly writing = new Set<number>();

  constructor(private readonly deps: ClockDeps) {}

  clockIn(userId: number, body: ClockInBody): Promise<ClockInAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ userId, body, now: this.deps.clock.now(), resolve, reject });
      this.writeWaiting();
    });
  }

  private writeWaiting() {
    while (this.running < BATCHES_AT_ONCE) {
      // A person's punches go one batch after another (a double tap): each batch computes the day with the
      // punches committed before it, so two at once would each miss the other's.
      const batch: Waiting[] = [];
      const users = new Set<number>();
      for (const waiting of this.waiting) {
        if (batch.length === BATCH_MAX) break;
        if (this.writing.has(waiting.userId) || users.has(waiting.userId)) continue;
        batch.push(waiting);
        users.add(waiting.userId);
      }
      if (batch.length === 0) return;
      this.waiting = this.waiting.filter((waiting) => !batch.includes(waiting));
      for (const userId of users) this.writing.add(userId);
      this.running += 1;
      void writeBatch(this.deps, batch)
        // A failure of the batch as a whole (the database away) is every waiting punch's answer.
        .catch((error: unknown) => batch.forEach((each) => each.reject(error)))
        .finally(() => {
          this.running -= 1;
          for (const userId of users) this.writing.delete(userId);
          this.writeWaiting();
        });
    }
  }
}

/** Whether the punch may be kept, and where: the refusals are the clock-in's own answers. */
async function decide(
  db: Database,
  waiting: Waiting,
  where: Whereabouts | Error,
  fences: ReadonlyMap<number, readonly StorePoint[]>,
): Promise<Accepted> {
  if (where instanceof Error) throw where;
  const blocked = blockedOf(where);
  if (blocked) throw conflict(blocked);
  const { body, userId } = waiting;
  const storeId = where.placement!.storeId!;
  const group = where.group!;
  const fence = fenceAmong(
    fences.get(storeId) ?? [],
    { latitude: body.latitude, longitude: body.longitude },
    body.datum,
  );
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
  return { waiting, where, storeId, fence };
}

async function writeBatch({ db, timeZone }: ClockDeps, batch: readonly Waiting[]) {
  const wheres = await whereaboutsOf(db, batch, timeZone);
  const fences = await fencesOfStores(
    db,
    wheres.flatMap((where) =>
      where instanceof Error || !where.placement?.storeId ? [] : [where.placement.storeId],
    ),
  );
  const accepted: Accepted[] = [];
  for (const [index, waiting] of batch.entries()) {
    try {
      accepted.push(await decide(db, waiting, wheres[index]!, fences));
    } catch (refusal) {
      waiting.reject(refusal);
    }
  }
  if (accepted.length === 0) return;
  // The ids first, so that each punch is known as written without reading it back.
  const ids = rowsOf<{ id: string | number | bigint }>(
    await db.execute(
      sql`select nextval(pg_get_serial_sequence('clock_punches', 'id')) as id from generate_series(1, ${accepted.length})`,
    ),
  );
  const written: Punch[] = accepted.map(({ waiting: { body, now }, where, storeId, fence }, index) => ({
    id: Number(ids[index]!.id),
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
    correctionId: null,
  }));
  // The answers are read in the transaction too: a punch is answered as written only when it was.
  const todays = await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into clock_punches ${columnList(punchColumns)} ${unnestRows(written, punchColumns)}`,
    );
    for (const { waiting, where, fence } of accepted)
      if (!fence.inside && waiting.body.photo_upload_id !== null)
        await tx
          .update(uploads)
          .set({ ownerType: 'clock_punch', ownerId: where.employeeId })
          .where(eq(uploads.id, waiting.body.photo_upload_id));
    // Each person's day once, however many of their punches the batch holds.
    const placementsByDay = new Map<string, Map<number, NonNullable<Whereabouts['placement']>>>();
    for (const { where } of accepted) {
      const placements = placementsByDay.get(where.day) ?? new Map();
      placements.set(where.employeeId, where.placement!);
      placementsByDay.set(where.day, placements);
    }
    for (const [day, placements] of placementsByDay)
      await computeDays(tx, [...placements.keys()], day, timeZone, {
        placements: [...placements.values()],
        book: accepted[0]!.where.book,
      });
    return todaysOf(
      tx,
      accepted.map(({ where }) => where),
      timeZone,
      fences,
    );
  });
  for (const [index, { waiting, where, fence }] of accepted.entries()) {
    waiting.resolve({
      punch: punchOf({
        punch: written[index]!,
        employeeName: where.employeeName,
        employeeNo: where.employeeNo,
        storeName: where.placement!.storeName,
        pointName: fence.point?.name ?? null,
      }),
      today: todays[index]!,
    });
  }
}
