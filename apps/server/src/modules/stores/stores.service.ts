import { mayHold } from '@dealer-hr/shared/departments/levels';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { assignments, departments, dictionaryItems, headcountPlans, stores } from '../../db/schema';
import { type AuditActor, writeAudit } from '../../lib/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { onUniqueViolation } from '../../lib/pg-errors';
import { inScope, pathInScope, type Scope } from '../../core/scope';
import { underPath } from '../../core/department-tree';
import type {
  StoreCreateBody,
  StoreRow,
  StoreStatusBody,
  StoreUpdateBody,
  TreeNode,
} from '@dealer-hr/shared/stores/contract';
import { storeLabels, storeMessages } from '@dealer-hr/shared/stores/rules';
import type { StoreListQuery } from './stores.schemas';

type StoreRecord = typeof stores.$inferSelect;
type DepartmentRecord = typeof departments.$inferSelect;

const region = alias(departments, 'region');
const storeType = alias(dictionaryItems, 'store_type');
const brand = alias(dictionaryItems, 'brand');
const category = alias(dictionaryItems, 'category');

/** People currently holding a post (main or part-time) at the store. */
const staffCount = sql<number>`(select count(distinct ${assignments.employeeId})::int from ${assignments}
  where ${assignments.storeId} = ${stores.id} and ${assignments.endDate} is null)`;

const rowColumns = {
  store: stores,
  regionName: region.name,
  storeTypeName: storeType.name,
  brandName: brand.name,
  categoryName: category.name,
  staffCount,
};

function selectRows(db: Database) {
  return db
    .select(rowColumns)
    .from(stores)
    .innerJoin(region, eq(region.id, stores.regionDepartmentId))
    .leftJoin(storeType, eq(storeType.id, stores.storeTypeId))
    .leftJoin(brand, eq(brand.id, stores.brandId))
    .leftJoin(category, eq(category.id, stores.categoryId));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRow({ store, ...names }: JoinedRow): StoreRow {
  return {
    id: store.id,
    departmentId: store.departmentId,
    code: store.code,
    name: store.name,
    regionId: store.regionDepartmentId,
    regionName: names.regionName,
    storeTypeId: store.storeTypeId,
    storeTypeName: names.storeTypeName,
    brandId: store.brandId,
    brandName: names.brandName,
    categoryId: store.categoryId,
    categoryName: names.categoryName,
    city: store.city,
    address: store.address,
    latitude: store.latitude,
    longitude: store.longitude,
    openedOn: store.openedOn,
    status: store.status,
    statusReason: store.statusReason,
    staffCount: Number(names.staffCount),
    createdAt: store.createdAt.toISOString(),
    updatedAt: store.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a store. */
function auditFieldsOf(store: StoreRecord) {
  return {
    code: store.code,
    name: store.name,
    regionDepartmentId: store.regionDepartmentId,
    storeTypeId: store.storeTypeId,
    brandId: store.brandId,
    categoryId: store.categoryId,
    city: store.city,
    address: store.address,
    latitude: store.latitude,
    longitude: store.longitude,
    openedOn: store.openedOn,
    status: store.status,
    statusReason: store.statusReason,
  };
}

/** Also the answer when two writes of one code meet: the unique index decides, the loser gets the usual 409. */
const codeTaken = () => conflict(storeMessages.codeTaken);

export async function listStores(
  db: Database,
  scope: Scope,
  query: StoreListQuery,
): Promise<{ data: StoreRow[]; total: number }> {
  const keyword = query.keyword ? likeContains(query.keyword) : undefined;
  const where = and(
    inScope(scope, stores.departmentId),
    query.region_id ? eq(stores.regionDepartmentId, query.region_id) : undefined,
    query.brand_id ? eq(stores.brandId, query.brand_id) : undefined,
    query.store_type_id ? eq(stores.storeTypeId, query.store_type_id) : undefined,
    query.category_id ? eq(stores.categoryId, query.category_id) : undefined,
    query.status ? eq(stores.status, query.status) : undefined,
    keyword ? or(ilike(stores.name, keyword), ilike(stores.code, keyword)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(stores).where(where);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(asc(stores.code), asc(stores.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return { total, data: rows.map(toRow) };
}

/** The store, or 404 when it does not exist or lies outside the caller's data scope. */
export async function storeDetail(db: Database, scope: Scope, id: number): Promise<StoreRow> {
  const [row] = await selectRows(db).where(and(eq(stores.id, id), inScope(scope, stores.departmentId)));
  if (!row) throw notFound(storeMessages.storeNotFound);
  return toRow(row);
}

/** Locks the store row for a change; 404 outside the scope, like a store that does not exist. */
async function lockStore(tx: Database, scope: Scope, id: number): Promise<StoreRecord> {
  const [store] = await tx
    .select()
    .from(stores)
    .where(and(eq(stores.id, id), inScope(scope, stores.departmentId)))
    .for('update');
  if (!store) throw notFound(storeMessages.storeNotFound);
  return store;
}

async function departmentOf(tx: Database, id: number): Promise<DepartmentRecord> {
  const [row] = await tx.select().from(departments).where(eq(departments.id, id)).for('update');
  if (!row) throw notFound(storeMessages.storeNotFound);
  return row;
}

/**
 * The chosen district: a node a store may sit under (a region, docs/decisions.md) inside the caller's scope,
 * else 422 on `region_id`, the store's parent.
 */
async function regionFor(tx: Database, scope: Scope, id: number): Promise<DepartmentRecord> {
  const [row] = await tx.select().from(departments).where(eq(departments.id, id));
  if (!row || !mayHold(row.kind, 'store') || !pathInScope(scope, row.path))
    throw validationFailed([{ field: 'region_id', message: storeMessages.regionNotFound }]);
  return row;
}

/** Brand, category and store type must be enabled items of their own dictionary (an edit may keep a disabled one). */
async function assertDictionaryItems(
  tx: Database,
  body: Pick<StoreCreateBody, 'store_type_id' | 'brand_id' | 'category_id'>,
  kept: Partial<StoreRecord> = {},
): Promise<void> {
  const wanted = [
    {
      field: 'store_type_id',
      id: body.store_type_id,
      typeId: DictType.STORE_TYPE,
      label: storeLabels.storeType,
      keep: kept.storeTypeId,
    },
    {
      field: 'brand_id',
      id: body.brand_id,
      typeId: DictType.STORE_BRAND,
      label: storeLabels.brand,
      keep: kept.brandId,
    },
    {
      field: 'category_id',
      id: body.category_id,
      typeId: DictType.STORE_CATEGORY,
      label: storeLabels.category,
      keep: kept.categoryId,
    },
  ].filter((entry): entry is typeof entry & { id: number } => entry.id !== null);
  if (wanted.length === 0) return;
  const items = await tx
    .select({ id: dictionaryItems.id, typeId: dictionaryItems.typeId, enabled: dictionaryItems.enabled })
    .from(dictionaryItems)
    .where(
      inArray(
        dictionaryItems.id,
        wanted.map((entry) => entry.id),
      ),
    );
  const errors = wanted
    .filter((entry) => {
      const item = items.find((candidate) => candidate.id === entry.id);
      return !item || item.typeId !== entry.typeId || (!item.enabled && item.id !== entry.keep);
    })
    .map((entry) => ({ field: entry.field, message: storeMessages.itemNotFound(entry.label) }));
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * The code names both the store and its department node (the seed does the same), so it must be free in
 * both tables; the store's own rows do not count.
 */
async function assertCodeFree(tx: Database, code: string, own?: StoreRecord): Promise<void> {
  const [store] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.code, code), own ? ne(stores.id, own.id) : undefined))
    .limit(1);
  const [department] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.code, code), own ? ne(departments.id, own.departmentId) : undefined))
    .limit(1);
  if (store || department) throw codeTaken();
}

function storeValues(body: StoreCreateBody) {
  return {
    code: body.code,
    name: body.name,
    regionDepartmentId: body.region_id,
    storeTypeId: body.store_type_id,
    brandId: body.brand_id,
    categoryId: body.category_id,
    city: body.city,
    address: body.address,
    latitude: body.latitude,
    longitude: body.longitude,
    openedOn: body.opened_on,
  };
}

/** `POST store/store`: the store and its `store` node under the chosen region, in one transaction. */
export async function createStore(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  body: StoreCreateBody,
): Promise<{ id: number; department_id: number }> {
  return onUniqueViolation(codeTaken, () =>
    db.transaction(async (tx) => {
      const parent = await regionFor(tx, scope, body.region_id);
      await assertDictionaryItems(tx, body);
      await assertCodeFree(tx, body.code);
      const [{ nextSort } = { nextSort: 0 }] = await tx
        .select({ nextSort: sql<number>`coalesce(max(${departments.sort}) + 1, 0)::int` })
        .from(departments)
        .where(eq(departments.parentId, parent.id));
      // The path holds the node's own id, known only after the insert.
      const [node] = await tx
        .insert(departments)
        .values({
          parentId: parent.id,
          name: body.name,
          kind: 'store',
          code: body.code,
          path: parent.path,
          depth: parent.depth + 1,
          sort: nextSort,
        })
        .returning({ id: departments.id });
      await tx
        .update(departments)
        .set({ path: `${parent.path}${node!.id}/` })
        .where(eq(departments.id, node!.id));
      const [created] = await tx
        .insert(stores)
        .values({ ...storeValues(body), departmentId: node!.id })
        .returning();
      await writeAudit(tx, actor, {
        entity: 'store',
        entityId: created!.id,
        action: 'create',
        after: { ...auditFieldsOf(created!), departmentId: node!.id },
      });
      return { id: created!.id, department_id: node!.id };
    }),
  );
}

/**
 * `PUT store/update`: the same rules as create. A new region moves the store's node there: the paths and
 * depths of its whole subtree are rewritten in the same transaction.
 */
export async function updateStore(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  body: StoreUpdateBody,
): Promise<{ id: number }> {
  const { id, ...fields } = body;
  return onUniqueViolation(codeTaken, () =>
    db.transaction(async (tx) => {
      const before = await lockStore(tx, scope, id);
      const node = await departmentOf(tx, before.departmentId);
      const parent = await regionFor(tx, scope, fields.region_id);
      await assertDictionaryItems(tx, fields, before);
      if (fields.code !== before.code) await assertCodeFree(tx, fields.code, before);

      await tx
        .update(departments)
        .set({ name: fields.name, code: fields.code, updatedAt: new Date() })
        .where(eq(departments.id, node.id));
      if (node.parentId !== parent.id) {
        const newPath = `${parent.path}${node.id}/`;
        const depthShift = parent.depth + 1 - node.depth;
        await tx
          .update(departments)
          .set({
            path: sql`${newPath} || substr(${departments.path}, ${node.path.length + 1})`,
            depth: sql`${departments.depth} + ${depthShift}`,
            updatedAt: new Date(),
          })
          .where(underPath(node.path));
        await tx.update(departments).set({ parentId: parent.id }).where(eq(departments.id, node.id));
      }
      const [after] = await tx
        .update(stores)
        .set({ ...storeValues(fields), updatedAt: new Date() })
        .where(eq(stores.id, id))
        .returning();
      await writeAudit(tx, actor, {
        entity: 'store',
        entityId: id,
        action: 'update',
        before: auditFieldsOf(before),
        after: auditFieldsOf(after!),
      });
      return { id };
    }),
  );
}

/**
 * `PUT store/status`: enable or disable with a reason. The store's department node follows, so a disabled
 * store drops out of the department pickers too.
 */
export async function setStoreStatus(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  body: StoreStatusBody,
): Promise<{ id: number; status: StoreRecord['status'] }> {
  return db.transaction(async (tx) => {
    const before = await lockStore(tx, scope, body.id);
    if (before.status === body.status)
      throw conflict(storeMessages.statusUnchanged(body.status === 'active'));
    const reason = body.reason ?? '';
    await tx
      .update(stores)
      .set({ status: body.status, statusReason: reason, updatedAt: new Date() })
      .where(eq(stores.id, body.id));
    await tx
      .update(departments)
      .set({ status: body.status, updatedAt: new Date() })
      .where(eq(departments.id, before.departmentId));
    await writeAudit(tx, actor, {
      entity: 'store',
      entityId: body.id,
      action: body.status === 'active' ? 'enable' : 'disable',
      before: { status: before.status, statusReason: before.statusReason },
      after: { status: body.status, statusReason: reason },
    });
    return { id: body.id, status: body.status };
  });
}

/**
 * `DELETE store/destroy`: refused (409) while anyone works there, anyone ever did (assignments are history),
 * or its headcount plan asks for people; otherwise the store, its plan rows and its department nodes go.
 */
export async function deleteStore(
  db: Database,
  actor: AuditActor,
  scope: Scope,
  id: number,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const store = await lockStore(tx, scope, id);
    const node = await departmentOf(tx, store.departmentId);
    const subtree = tx.select({ id: departments.id }).from(departments).where(underPath(node.path));
    const atStore = or(eq(assignments.storeId, id), inArray(assignments.departmentId, subtree));
    const [{ current = 0, ever = 0 } = {}] = await tx
      .select({
        current: sql<number>`count(distinct ${assignments.employeeId}) filter (where ${assignments.endDate} is null)::int`,
        ever: sql<number>`count(*)::int`,
      })
      .from(assignments)
      .where(atStore);
    if (Number(current) > 0) throw conflict(storeMessages.hasStaff(Number(current)));
    if (Number(ever) > 0) throw conflict(storeMessages.hasHistory);
    const [{ planned = 0 } = {}] = await tx
      .select({ planned: sql<number>`coalesce(sum(${headcountPlans.planned}), 0)::int` })
      .from(headcountPlans)
      .where(eq(headcountPlans.storeId, id));
    if (Number(planned) > 0) throw conflict(storeMessages.hasHeadcount(Number(planned)));

    await tx.delete(headcountPlans).where(eq(headcountPlans.storeId, id));
    await tx.delete(stores).where(eq(stores.id, id));
    // Parent and children go in one statement: the tree's foreign key is checked at its end.
    await tx.delete(departments).where(underPath(node.path));
    await writeAudit(tx, actor, {
      entity: 'store',
      entityId: id,
      action: 'delete',
      before: { ...auditFieldsOf(store), departmentId: store.departmentId },
    });
    return { id };
  });
}

/** Whether some part of a region's subtree is visible: the region is inside the scope or holds part of it. */
const regionTouchesScope = (scope: Scope, path: string) =>
  scope.all || scope.paths.some((prefix) => path.startsWith(prefix) || prefix.startsWith(path));

/**
 * `GET store/tree`: the dealer network one level at a time. Without a parent: the regions that hold part of
 * the caller's scope; with a region's id: its stores inside the scope. Any other parent has no children.
 */
export async function dealerNetwork(
  db: Database,
  scope: Scope,
  parentId: number | undefined,
): Promise<TreeNode[]> {
  if (parentId === undefined) {
    const regions = await db
      .select({
        id: departments.id,
        name: departments.name,
        code: departments.code,
        path: departments.path,
        status: departments.status,
      })
      .from(departments)
      .where(eq(departments.kind, 'region'))
      .orderBy(asc(departments.sort), asc(departments.id));
    const visible = regions.filter((row) => regionTouchesScope(scope, row.path));
    const counts =
      visible.length === 0
        ? []
        : await db
            .select({ regionId: stores.regionDepartmentId, total: count() })
            .from(stores)
            .where(
              and(
                inArray(
                  stores.regionDepartmentId,
                  visible.map((row) => row.id),
                ),
                inScope(scope, stores.departmentId),
              ),
            )
            .groupBy(stores.regionDepartmentId);
    return visible.map((row) => ({
      id: row.id,
      name: row.name,
      kind: 'region' as const,
      code: row.code,
      status: row.status,
      store_id: null,
      has_children: counts.some((entry) => entry.regionId === row.id && Number(entry.total) > 0),
      children: [],
    }));
  }
  const rows = await db
    .select({
      id: departments.id,
      name: stores.name,
      code: stores.code,
      status: stores.status,
      storeId: stores.id,
    })
    .from(stores)
    .innerJoin(departments, eq(departments.id, stores.departmentId))
    .where(
      and(
        eq(stores.regionDepartmentId, parentId),
        eq(departments.parentId, parentId),
        inScope(scope, stores.departmentId),
      ),
    )
    .orderBy(asc(departments.sort), asc(stores.code));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: 'store' as const,
    code: row.code,
    status: row.status,
    store_id: row.storeId,
    has_children: false,
    children: [],
  }));
}
