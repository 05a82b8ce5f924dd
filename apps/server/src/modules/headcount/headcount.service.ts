import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { assignments, departments, headcountPlans, posts, stores } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { notFound, validationFailed } from '../../lib/errors';
import { inScope, pathInScope, type Scope } from '../../core/scope';
import type { GridRow, HeadcountCell, HeadcountGrid } from '@dealer-hr/shared/headcount/contract';
import { headcountMessages } from '@dealer-hr/shared/headcount/rules';
import type { HeadcountQuery } from './headcount.schemas';

const regions = alias(departments, 'regions');
const storeDepartments = alias(departments, 'store_departments');

export interface GridStore {
  id: number;
  code: string;
  name: string;
  regionId: number;
  regionName: string;
}

/** The active stores of the grid: inside the caller's scope and the filters, by region then code. */
export function gridStores(db: Database, scope: Scope, query: HeadcountQuery): Promise<GridStore[]> {
  return db
    .select({
      id: stores.id,
      code: stores.code,
      name: stores.name,
      regionId: stores.regionDepartmentId,
      regionName: regions.name,
    })
    .from(stores)
    .innerJoin(regions, eq(regions.id, stores.regionDepartmentId))
    .where(
      and(
        eq(stores.status, 'active'),
        inScope(scope, stores.departmentId),
        query.region_id ? eq(stores.regionDepartmentId, query.region_id) : undefined,
        query.store_id ? eq(stores.id, query.store_id) : undefined,
      ),
    )
    .orderBy(asc(regions.sort), asc(regions.id), asc(stores.code));
}

/** The grid's columns: active posts in display order. */
export function gridPosts(db: Database): Promise<{ id: number; code: string; name: string }[]> {
  return db
    .select({ id: posts.id, code: posts.code, name: posts.name })
    .from(posts)
    .where(eq(posts.status, 'active'))
    .orderBy(asc(posts.sort), asc(posts.id));
}

const key = (storeId: number, postId: number) => `${storeId}:${postId}`;

/** `GET headcount/index`: planned (plan rows) against actual (open main assignments) per store x post. */
export async function headcountGrid(
  db: Database,
  scope: Scope,
  query: HeadcountQuery,
): Promise<HeadcountGrid> {
  const [storeList, postList] = await Promise.all([gridStores(db, scope, query), gridPosts(db)]);
  const storeIds = storeList.map((store) => store.id);
  const planned = new Map<string, number>();
  const actual = new Map<string, number>();
  if (storeIds.length > 0) {
    const [plans, holders] = await Promise.all([
      db
        .select({
          storeId: headcountPlans.storeId,
          postId: headcountPlans.postId,
          planned: headcountPlans.planned,
        })
        .from(headcountPlans)
        .where(inArray(headcountPlans.storeId, storeIds)),
      db
        .select({ storeId: assignments.storeId, postId: assignments.postId, total: count() })
        .from(assignments)
        .where(
          and(
            inArray(assignments.storeId, storeIds),
            eq(assignments.isMain, true),
            isNull(assignments.endDate),
          ),
        )
        .groupBy(assignments.storeId, assignments.postId),
    ]);
    for (const plan of plans) planned.set(key(plan.storeId, plan.postId), plan.planned);
    for (const held of holders) actual.set(key(held.storeId!, held.postId), held.total);
  }
  const totals = postList.map((post) => ({ post_id: post.id, planned: 0, actual: 0 }));
  const rows: GridRow[] = storeList.map((store) => {
    const cells = postList.map((post, index) => {
      const cell = {
        post_id: post.id,
        planned: planned.get(key(store.id, post.id)) ?? 0,
        actual: actual.get(key(store.id, post.id)) ?? 0,
      };
      totals[index]!.planned += cell.planned;
      totals[index]!.actual += cell.actual;
      return cell;
    });
    return {
      store_id: store.id,
      store_code: store.code,
      store_name: store.name,
      region_id: store.regionId,
      region_name: store.regionName,
      cells,
      planned_total: cells.reduce((sum, cell) => sum + cell.planned, 0),
      actual_total: cells.reduce((sum, cell) => sum + cell.actual, 0),
    };
  });
  return {
    posts: postList,
    rows,
    totals,
    planned_total: totals.reduce((sum, cell) => sum + cell.planned, 0),
    actual_total: totals.reduce((sum, cell) => sum + cell.actual, 0),
  };
}

export interface PlanChange {
  storeId: number;
  postId: number;
  before: number;
  after: number;
}

const CHUNK = 1_000;

/**
 * Writes the cells whose planned count differs from the stored one (a missing plan row counts as 0) and
 * answers those changes; call it inside the caller's transaction.
 */
export async function applyCells(
  tx: Database,
  cells: readonly { storeId: number; postId: number; planned: number }[],
): Promise<PlanChange[]> {
  if (cells.length === 0) return [];
  const storeIds = [...new Set(cells.map((cell) => cell.storeId))];
  const postIds = [...new Set(cells.map((cell) => cell.postId))];
  const stored = await tx
    .select({
      storeId: headcountPlans.storeId,
      postId: headcountPlans.postId,
      planned: headcountPlans.planned,
    })
    .from(headcountPlans)
    .where(and(inArray(headcountPlans.storeId, storeIds), inArray(headcountPlans.postId, postIds)))
    .for('update');
  const current = new Map(stored.map((row) => [key(row.storeId, row.postId), row.planned]));
  const changes = cells
    .map((cell) => ({
      storeId: cell.storeId,
      postId: cell.postId,
      before: current.get(key(cell.storeId, cell.postId)) ?? 0,
      after: cell.planned,
    }))
    .filter((change) => change.before !== change.after);
  for (let start = 0; start < changes.length; start += CHUNK) {
    await tx
      .insert(headcountPlans)
      .values(
        changes
          .slice(start, start + CHUNK)
          .map((change) => ({ storeId: change.storeId, postId: change.postId, planned: change.after })),
      )
      .onConflictDoUpdate({
        target: [headcountPlans.storeId, headcountPlans.postId],
        set: { planned: sql`excluded.planned`, updatedAt: sql`now()` },
      });
  }
  return changes;
}

/** Stores by id with their department path, for the scope check of a save. */
async function storePaths(tx: Database, storeIds: number[]): Promise<Map<number, string>> {
  const rows = await tx
    .select({ id: stores.id, path: storeDepartments.path })
    .from(stores)
    .innerJoin(storeDepartments, eq(storeDepartments.id, stores.departmentId))
    .where(inArray(stores.id, storeIds));
  return new Map(rows.map((row) => [row.id, row.path]));
}

/**
 * `PUT headcount/update`: the changed cells of the grid in one transaction, one audit row per changed
 * cell. A store outside the caller's scope answers 404 like one that does not exist; an unknown post 422.
 */
export async function saveCells(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  items: readonly HeadcountCell[],
): Promise<{ changed: number }> {
  return db.transaction(async (tx) => {
    const paths = await storePaths(tx, [...new Set(items.map((item) => item.store_id))]);
    for (const item of items) {
      const path = paths.get(item.store_id);
      if (path === undefined || !pathInScope(scope, path)) throw notFound(headcountMessages.storeNotFound);
    }
    const postIds = [...new Set(items.map((item) => item.post_id))];
    const known = new Set(
      (await tx.select({ id: posts.id }).from(posts).where(inArray(posts.id, postIds))).map((row) => row.id),
    );
    const unknownAt = items.findIndex((item) => !known.has(item.post_id));
    if (unknownAt >= 0) {
      throw validationFailed([
        { field: `items.${unknownAt}.post_id`, message: headcountMessages.postNotFound },
      ]);
    }
    const changes = await applyCells(
      tx,
      items.map((item) => ({ storeId: item.store_id, postId: item.post_id, planned: item.planned })),
    );
    for (const change of changes) {
      await writeAudit(tx, actor, {
        entity: 'headcount_plan',
        entityId: key(change.storeId, change.postId),
        action: 'update',
        before: { storeId: change.storeId, postId: change.postId, planned: change.before },
        after: { storeId: change.storeId, postId: change.postId, planned: change.after },
      });
    }
    return { changed: changes.length };
  });
}
