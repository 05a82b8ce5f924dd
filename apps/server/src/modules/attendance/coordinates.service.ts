import type {
  ClockPoint,
  ClockPointStoreBody,
  ClockPointUpdateBody,
  FenceCheckAnswer,
} from '@dealer-hr/shared/attendance/contract';
import { attendanceMessages, type Datum } from '@dealer-hr/shared/attendance/rules';
import { distanceMeters, toWgs84, type Position } from '@dealer-hr/shared/attendance/geo';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import { inScope, type Scope } from '../../core/scope';
import type { Database } from '../../db/client';
import { clockPoints, stores } from '../../db/schema';
import { withoutTimestamps, writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import type { ClockPointListQuery } from './coordinates.schemas';

type Point = typeof clockPoints.$inferSelect;

const rowOf = (point: Point, storeName: string): ClockPoint => ({
  id: point.id,
  store_id: point.storeId,
  store_name: storeName,
  name: point.name,
  latitude: point.latitude,
  longitude: point.longitude,
  datum: point.datum,
  radius: point.radius,
  enabled: point.enabled,
  updated_at: point.updatedAt.toISOString(),
});

/** The points of the stores inside the caller's scope. */
const visibleIn = (scope: Scope) => inScope(scope, stores.departmentId);

const pointsQuery = (db: Database) =>
  db
    .select({ point: clockPoints, storeName: stores.name })
    .from(clockPoints)
    .innerJoin(stores, eq(stores.id, clockPoints.storeId));

/** `index`: the points of the caller's stores, by store then name. */
export async function listClockPoints(db: Database, scope: Scope, query: ClockPointListQuery) {
  const where = and(
    visibleIn(scope),
    query.store_id ? eq(clockPoints.storeId, query.store_id) : undefined,
    query.keyword
      ? or(
          ilike(clockPoints.name, likeContains(query.keyword)),
          ilike(stores.name, likeContains(query.keyword)),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    pointsQuery(db)
      .where(where)
      .orderBy(asc(stores.id), asc(clockPoints.name), asc(clockPoints.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(clockPoints)
      .innerJoin(stores, eq(stores.id, clockPoints.storeId))
      .where(where),
  ]);
  return { data: rows.map((row) => rowOf(row.point, row.storeName)), total: counted?.total ?? 0 };
}

async function assertStoreInScope(db: Database, scope: Scope, storeId: number) {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, storeId), visibleIn(scope)));
  if (!store) throw notFound(attendanceMessages.storeOutsideScope);
}

const columnsOf = (body: ClockPointStoreBody) => {
  const wgs = toWgs84({ latitude: body.latitude, longitude: body.longitude }, body.datum);
  return {
    storeId: body.store_id,
    name: body.name,
    latitude: body.latitude,
    longitude: body.longitude,
    datum: body.datum,
    wgsLatitude: wgs.latitude,
    wgsLongitude: wgs.longitude,
    radius: body.radius,
    enabled: body.enabled,
  };
};

const nameTaken = () =>
  conflict(attendanceMessages.nameTaken, {
    errors: [{ field: 'name', message: attendanceMessages.nameTaken }],
  });

async function answerOf(db: Database, id: number): Promise<ClockPoint> {
  const [row] = await pointsQuery(db).where(eq(clockPoints.id, id));
  return rowOf(row!.point, row!.storeName);
}

/** `store`: a point of a store of the caller's. */
export async function createClockPoint(
  db: Database,
  scope: Scope,
  actor: AuditActor,
  body: ClockPointStoreBody,
) {
  await assertStoreInScope(db, scope, body.store_id);
  const id = await db.transaction(async (tx) => {
    const [point] = await onUniqueViolation(nameTaken, () =>
      tx.insert(clockPoints).values(columnsOf(body)).returning(),
    );
    await writeAudit(tx, actor, {
      entity: 'clock_point',
      entityId: point!.id,
      action: 'create',
      after: withoutTimestamps(point!),
    });
    return point!.id;
  });
  return answerOf(db, id);
}

/** A point of the caller's stores, locked for a change. */
async function lockedPoint(tx: Database, scope: Scope, id: number): Promise<Point> {
  const [row] = await tx
    .select({ point: clockPoints })
    .from(clockPoints)
    .innerJoin(stores, eq(stores.id, clockPoints.storeId))
    .where(and(eq(clockPoints.id, id), visibleIn(scope)))
    .for('update', { of: clockPoints });
  if (!row) throw notFound(attendanceMessages.pointNotFound);
  return row.point;
}

/** `update`: the whole point again (it may move to another store of the caller's). */
export async function updateClockPoint(
  db: Database,
  scope: Scope,
  actor: AuditActor,
  body: ClockPointUpdateBody,
) {
  await assertStoreInScope(db, scope, body.store_id);
  await db.transaction(async (tx) => {
    const before = await lockedPoint(tx, scope, body.id);
    const [after] = await onUniqueViolation(nameTaken, () =>
      tx.update(clockPoints).set(columnsOf(body)).where(eq(clockPoints.id, before.id)).returning(),
    );
    await writeAudit(tx, actor, {
      entity: 'clock_point',
      entityId: before.id,
      action: 'update',
      before: withoutTimestamps(before),
      after: withoutTimestamps(after!),
    });
  });
  return answerOf(db, body.id);
}

/** `destroy`: the point goes; punches already recorded keep their distance and result. */
export async function destroyClockPoint(db: Database, scope: Scope, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    const before = await lockedPoint(tx, scope, id);
    await tx.delete(clockPoints).where(eq(clockPoints.id, id));
    await writeAudit(tx, actor, {
      entity: 'clock_point',
      entityId: id,
      action: 'delete',
      before: withoutTimestamps(before),
    });
  });
}

/** The enabled points of some stores: their fences, by store. */
export type StorePoint = typeof clockPoints.$inferSelect;

export async function fencesOfStores(db: Database, storeIds: readonly number[]) {
  const fences = new Map<number, StorePoint[]>(storeIds.map((id) => [id, []]));
  if (storeIds.length === 0) return fences;
  const points = await db
    .select()
    .from(clockPoints)
    .where(and(inArray(clockPoints.storeId, [...new Set(storeIds)]), eq(clockPoints.enabled, true)));
  for (const point of points) fences.get(point.storeId)?.push(point);
  return fences;
}

/** The enabled points of a store: its fences. */
export const fencesOf = async (db: Database, storeId: number) =>
  (await fencesOfStores(db, [storeId])).get(storeId) ?? [];

/**
 * The fence decision among a store's enabled points: the nearest, the distance to it in whole metres measured
 * in WGS-84, and whether the position is within any point's radius.
 */
export function fenceAmong(points: readonly Point[], position: Position, datum: Datum): FenceCheckAnswer {
  const at = toWgs84(position, datum);
  const measured = points.map((point) => ({
    point,
    distance: distanceMeters(at, { latitude: point.wgsLatitude, longitude: point.wgsLongitude }),
  }));
  const nearest = measured.reduce<(typeof measured)[number] | null>(
    (best, each) => (best === null || each.distance < best.distance ? each : best),
    null,
  );
  if (!nearest) return { inside: false, point: null, distance: null };
  // Inside any fence, not only the nearest point's: a small point beside a large one.
  const inside = measured.some(({ point, distance }) => distance <= point.radius);
  return {
    inside,
    point: { id: nearest.point.id, name: nearest.point.name, radius: nearest.point.radius },
    distance: Math.round(nearest.distance),
  };
}

/** The fence decision (`check`, the clock-in) for a store. */
export async function fenceOf(
  db: Database,
  storeId: number,
  position: Position,
  datum: Datum,
): Promise<FenceCheckAnswer> {
  return fenceAmong(await fencesOf(db, storeId), position, datum);
}

/** `check`: the tester of the page, for a store of the caller's. */
export async function checkFence(
  db: Database,
  scope: Scope,
  body: { store_id: number; latitude: number; longitude: number; datum: Datum },
) {
  await assertStoreInScope(db, scope, body.store_id);
  return fenceOf(db, body.store_id, { latitude: body.latitude, longitude: body.longitude }, body.datum);
}
