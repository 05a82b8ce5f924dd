import { and, asc, count, eq, ilike, inArray, max, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dictionaryItems, dictionaryTypes } from '../../db/schema';
import { dictionaries as dictionarySeeds } from '../../db/seed/data/dictionaries';
import type { AuditEntity } from '@dealer-hr/shared/audit/rules';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { onForeignKeyViolation, onUniqueViolation } from '../../lib/pg-errors';
import type {
  DictionaryData,
  DictionaryItem,
  ItemRow,
  ItemStoreBody,
  ItemUpdateBody,
  TypeRow,
  TypeStoreBody,
  TypeUpdateBody,
} from '@dealer-hr/shared/dictionaries/contract';
import { dictionaryMessages, SORT_MAX } from '@dealer-hr/shared/dictionaries/rules';
import type { ItemListQuery, TypeListQuery } from './dictionaries.schemas';
import { usedItemIds } from './dictionary-references';

const itemNameColumns = {
  nameEn: dictionaryItems.nameEn,
  nameEs: dictionaryItems.nameEs,
  nameJa: dictionaryItems.nameJa,
};

/** An item's names in the other languages, as the contract answers them. */
const itemNamesOf = (row: { nameEn: string | null; nameEs: string | null; nameJa: string | null }) => ({
  name_en: row.nameEn,
  name_es: row.nameEs,
  name_ja: row.nameJa,
});

/** The enabled items of each asked type, in display order (sort, then id for equal sorts). */
export async function dictionaryDataOf(db: Database, typeIds: readonly number[]): Promise<DictionaryData> {
  const data: Record<string, DictionaryItem[]> = Object.fromEntries(typeIds.map((id) => [String(id), []]));
  if (typeIds.length === 0) return data;
  const rows = await db
    .select({
      id: dictionaryItems.id,
      typeId: dictionaryItems.typeId,
      name: dictionaryItems.name,
      ...itemNameColumns,
    })
    .from(dictionaryItems)
    .where(and(inArray(dictionaryItems.typeId, [...typeIds]), eq(dictionaryItems.enabled, true)))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id));
  for (const row of rows) data[String(row.typeId)]?.push({ id: row.id, name: row.name, ...itemNamesOf(row) });
  return data;
}

// ---------------------------------------------------------------------------------------------------------------
// Administration

/** Types seeded with the product (docs/domain.md "Dictionaries"): other modules ask for them, so they stay. */
const seededTypeIds = new Set(dictionarySeeds.map((type) => type.id));
/** Items seeded with the product: the seed adds a missing one back at every start, matched by code. */
const seededItemKeys = new Set(
  dictionarySeeds.flatMap((type) => type.items.map((item) => `${type.id}:${item.code}`)),
);
const isSeededItem = (typeId: number, code: string) => seededItemKeys.has(`${typeId}:${code}`);

type TypeRecord = typeof dictionaryTypes.$inferSelect;
type ItemRecord = typeof dictionaryItems.$inferSelect;

/** What the audit log keeps of a type and of an item. */
const typeAudit = (row: TypeRecord) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
});
const itemAudit = (row: ItemRecord) => ({
  id: row.id,
  typeId: row.typeId,
  code: row.code,
  name: row.name,
  nameEn: row.nameEn,
  nameEs: row.nameEs,
  nameJa: row.nameJa,
  sort: row.sort,
  enabled: row.enabled,
});

/**
 * The audit rows of one kind of record: the record as `fieldsOf` keeps it, before the change (none for a
 * create) and after it (none for a delete). Its fields are named by type, so the audit log's labels are
 * checked against them.
 */
const auditWriter =
  <R extends { id: number }>(
    entity: AuditEntity,
    fieldsOf: (row: R) => ReturnType<typeof typeAudit> | ReturnType<typeof itemAudit>,
  ) =>
  (
    tx: Database,
    actor: AuditActor,
    action: 'create' | 'update' | 'delete',
    change: { before?: R; after?: R },
  ) =>
    writeAudit(tx, actor, {
      entity,
      entityId: (change.after ?? change.before)!.id,
      action,
      before: change.before && fieldsOf(change.before),
      after: change.after && fieldsOf(change.after),
    });
const auditType = auditWriter('dictionary_type', typeAudit);
const auditItem = auditWriter('dictionary_item', itemAudit);

const itemCounts = (db: Database) =>
  db
    .select({
      typeId: dictionaryItems.typeId,
      itemCount: sql<number>`count(*)::int`.as('item_count'),
      enabledCount: sql<number>`(count(*) filter (where ${dictionaryItems.enabled}))::int`.as(
        'enabled_count',
      ),
    })
    .from(dictionaryItems)
    .groupBy(dictionaryItems.typeId)
    .as('counts');

function typeRowOf(row: TypeRecord, itemCount: number, enabledCount: number): TypeRow {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    item_count: Number(itemCount),
    enabled_count: Number(enabledCount),
    is_system: seededTypeIds.has(row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function itemRowOf(row: ItemRecord, inUse: boolean): ItemRow {
  return {
    id: row.id,
    type_id: row.typeId,
    code: row.code,
    name: row.name,
    ...itemNamesOf(row),
    sort: row.sort,
    enabled: row.enabled,
    in_use: inUse,
    is_system: isSeededItem(row.typeId, row.code),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * `GET dictionaries`: types in id order (the seeded ids of docs/domain.md "Dictionaries" first), with their
 * item counts.
 */
export async function listTypes(
  db: Database,
  query: TypeListQuery,
): Promise<{ data: TypeRow[]; total: number }> {
  const where = and(
    query.name ? ilike(dictionaryTypes.name, likeContains(query.name)) : undefined,
    query.code ? ilike(dictionaryTypes.code, likeContains(query.code)) : undefined,
  );
  const counts = itemCounts(db);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ type: dictionaryTypes, itemCount: counts.itemCount, enabledCount: counts.enabledCount })
      .from(dictionaryTypes)
      .leftJoin(counts, eq(counts.typeId, dictionaryTypes.id))
      .where(where)
      .orderBy(asc(dictionaryTypes.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(dictionaryTypes).where(where),
  ]);
  return {
    data: rows.map((row) => typeRowOf(row.type, row.itemCount ?? 0, row.enabledCount ?? 0)),
    total: totals?.total ?? 0,
  };
}

async function typeRowById(db: Database, id: number): Promise<TypeRow> {
  const counts = itemCounts(db);
  const [row] = await db
    .select({ type: dictionaryTypes, itemCount: counts.itemCount, enabledCount: counts.enabledCount })
    .from(dictionaryTypes)
    .leftJoin(counts, eq(counts.typeId, dictionaryTypes.id))
    .where(eq(dictionaryTypes.id, id));
  if (!row) throw notFound(dictionaryMessages.typeNotFound);
  return typeRowOf(row.type, row.itemCount ?? 0, row.enabledCount ?? 0);
}

/**
 * The type row, locked until the transaction ends. Every change of a type's items takes this lock
 * first, so the checks of one change (unique code and name, "has no items") see the others' results.
 */
async function lockType(tx: Database, id: number): Promise<TypeRecord> {
  const [row] = await tx.select().from(dictionaryTypes).where(eq(dictionaryTypes.id, id)).for('update');
  if (!row) throw notFound(dictionaryMessages.typeNotFound);
  return row;
}

async function assertTypeCodeFree(tx: Database, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: dictionaryTypes.id })
    .from(dictionaryTypes)
    .where(and(eq(dictionaryTypes.code, code), exceptId ? ne(dictionaryTypes.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw typeCodeTaken();
}

// Two writers that both passed the check meet the unique index: the loser gets the same 409.
const typeCodeTaken = () => conflict(dictionaryMessages.typeCodeTaken);
const itemCodeTaken = () => conflict(dictionaryMessages.itemCodeTaken);
const itemInUse = () => conflict(dictionaryMessages.itemInUse);

export function createType(db: Database, actor: AuditActor, body: TypeStoreBody): Promise<TypeRow> {
  return onUniqueViolation(typeCodeTaken, () =>
    db.transaction(async (tx) => {
      await assertTypeCodeFree(tx, body.code);
      const [row] = await tx
        .insert(dictionaryTypes)
        .values({ code: body.code, name: body.name, description: body.description })
        .returning();
      await auditType(tx, actor, 'create', { after: row! });
      return typeRowOf(row!, 0, 0);
    }),
  );
}

export function updateType(db: Database, actor: AuditActor, body: TypeUpdateBody): Promise<TypeRow> {
  return onUniqueViolation(typeCodeTaken, () =>
    db.transaction(async (tx) => {
      const before = await lockType(tx, body.id);
      const changes = changesOf(before, {
        code: body.code,
        name: body.name,
        description: body.description,
      });
      if (Object.keys(changes).length > 0) {
        if (changes.code !== undefined) await assertTypeCodeFree(tx, changes.code, before.id);
        const [after] = await tx
          .update(dictionaryTypes)
          .set(changes)
          .where(eq(dictionaryTypes.id, before.id))
          .returning();
        await auditType(tx, actor, 'update', { before, after: after! });
      }
      return typeRowById(tx, before.id);
    }),
  );
}

export function destroyType(db: Database, actor: AuditActor, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await lockType(tx, id);
    if (seededTypeIds.has(before.id)) throw conflict(dictionaryMessages.systemType);
    const [items] = await tx
      .select({ total: count() })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.typeId, before.id));
    const itemCount = items?.total ?? 0;
    if (itemCount > 0) throw conflict(dictionaryMessages.typeHasItems(itemCount), { count: itemCount });
    await tx.delete(dictionaryTypes).where(eq(dictionaryTypes.id, before.id));
    await auditType(tx, actor, 'delete', { before });
  });
}

/** The given fields whose value differs from the record's; undefined means "keep". */
function changesOf<R extends Record<string, unknown>, C extends Partial<R>>(
  record: R,
  wanted: C,
): Partial<C> {
  return Object.fromEntries(
    Object.entries(wanted).filter(([key, value]) => value !== undefined && value !== record[key]),
  ) as Partial<C>;
}

/** `GET dictionarie/data/index`: every item of a type, disabled ones too, in display order. */
export async function listItems(
  db: Database,
  query: ItemListQuery,
): Promise<{ data: ItemRow[]; total: number }> {
  const [type] = await db
    .select({ id: dictionaryTypes.id })
    .from(dictionaryTypes)
    .where(eq(dictionaryTypes.id, query.type_id));
  if (!type) throw notFound(dictionaryMessages.typeNotFound);
  const where = and(
    eq(dictionaryItems.typeId, query.type_id),
    query.name
      ? or(
          ilike(dictionaryItems.name, likeContains(query.name)),
          ilike(dictionaryItems.code, likeContains(query.name)),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(dictionaryItems)
      .where(where)
      .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(dictionaryItems).where(where),
  ]);
  const used = await usedItemIds(
    db,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => itemRowOf(row, used.has(row.id))), total: totals?.total ?? 0 };
}

/** Code and name are unique within a type (the name too: a select showing two equal names is useless). */
async function assertItemFree(
  tx: Database,
  typeId: number,
  { code, name }: { code?: string; name?: string },
  exceptId?: number,
): Promise<void> {
  const others = exceptId ? ne(dictionaryItems.id, exceptId) : undefined;
  if (code !== undefined) {
    const [taken] = await tx
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.typeId, typeId), eq(dictionaryItems.code, code), others))
      .limit(1);
    if (taken) throw itemCodeTaken();
  }
  if (name !== undefined) {
    const [taken] = await tx
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.typeId, typeId), eq(dictionaryItems.name, name), others))
      .limit(1);
    if (taken) throw conflict(dictionaryMessages.itemNameTaken);
  }
}

export function createItem(db: Database, actor: AuditActor, body: ItemStoreBody): Promise<ItemRow> {
  return onUniqueViolation(itemCodeTaken, () =>
    db.transaction(async (tx) => {
      const type = await lockType(tx, body.type_id);
      await assertItemFree(tx, type.id, body);
      let sort = body.sort;
      if (sort === undefined) {
        const [last] = await tx
          .select({ sort: max(dictionaryItems.sort) })
          .from(dictionaryItems)
          .where(eq(dictionaryItems.typeId, type.id));
        sort = Math.min((last?.sort ?? 0) + 10, SORT_MAX);
      }
      const [row] = await tx
        .insert(dictionaryItems)
        .values({
          typeId: type.id,
          code: body.code,
          name: body.name,
          nameEn: body.name_en ?? null,
          nameEs: body.name_es ?? null,
          nameJa: body.name_ja ?? null,
          sort,
          enabled: body.enabled,
        })
        .returning();
      await auditItem(tx, actor, 'create', { after: row! });
      return itemRowOf(row!, false);
    }),
  );
}

/** The item, with its type locked first and then the item itself (the order every item change keeps). */
async function lockItem(tx: Database, id: number): Promise<ItemRecord> {
  const [found] = await tx
    .select({ typeId: dictionaryItems.typeId })
    .from(dictionaryItems)
    .where(eq(dictionaryItems.id, id));
  if (!found) throw notFound(dictionaryMessages.itemNotFound);
  await lockType(tx, found.typeId);
  const [row] = await tx.select().from(dictionaryItems).where(eq(dictionaryItems.id, id)).for('update');
  // Deleted between the two reads.
  if (!row) throw notFound(dictionaryMessages.itemNotFound);
  return row;
}

export function updateItem(db: Database, actor: AuditActor, body: ItemUpdateBody): Promise<ItemRow> {
  return onUniqueViolation(itemCodeTaken, () =>
    db.transaction(async (tx) => {
      const before = await lockItem(tx, body.id);
      const changes = changesOf(before, {
        code: body.code,
        name: body.name,
        nameEn: body.name_en,
        nameEs: body.name_es,
        nameJa: body.name_ja,
        sort: body.sort,
        enabled: body.enabled,
      });
      if (changes.code !== undefined && isSeededItem(before.typeId, before.code)) {
        throw conflict(dictionaryMessages.systemItemCode);
      }
      let after = before;
      if (Object.keys(changes).length > 0) {
        await assertItemFree(tx, before.typeId, changes, before.id);
        [after = before] = await tx
          .update(dictionaryItems)
          .set(changes)
          .where(eq(dictionaryItems.id, before.id))
          .returning();
        await auditItem(tx, actor, 'update', { before, after });
      }
      const used = await usedItemIds(tx, [after.id]);
      return itemRowOf(after, used.has(after.id));
    }),
  );
}

export function destroyItem(db: Database, actor: AuditActor, id: number): Promise<void> {
  // A reference the list above does not know yet (or one written meanwhile) still stops the delete.
  return onForeignKeyViolation(itemInUse, () =>
    db.transaction(async (tx) => {
      const before = await lockItem(tx, id);
      if ((await usedItemIds(tx, [before.id])).size > 0) throw itemInUse();
      if (isSeededItem(before.typeId, before.code)) throw conflict(dictionaryMessages.systemItem);
      await tx.delete(dictionaryItems).where(eq(dictionaryItems.id, before.id));
      await auditItem(tx, actor, 'delete', { before });
    }),
  );
}
