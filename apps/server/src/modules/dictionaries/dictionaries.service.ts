import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dictionaryItems } from '../../db/schema';
import type { DictionaryData, DictionaryItem } from './dictionaries.schemas';

/** The enabled items of each asked type, in display order (sort, then id for equal sorts). */
export async function dictionaryDataOf(db: Database, typeIds: readonly number[]): Promise<DictionaryData> {
  const data: Record<string, DictionaryItem[]> = Object.fromEntries(typeIds.map((id) => [String(id), []]));
  if (typeIds.length === 0) return data;
  const rows = await db
    .select({ id: dictionaryItems.id, typeId: dictionaryItems.typeId, name: dictionaryItems.name })
    .from(dictionaryItems)
    .where(and(inArray(dictionaryItems.typeId, [...typeIds]), eq(dictionaryItems.enabled, true)))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id));
  for (const row of rows) data[String(row.typeId)]?.push({ id: row.id, name: row.name });
  return data;
}
