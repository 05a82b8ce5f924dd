import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { employees, jobTransfers, onboardingEntries, posts, resignations, stores } from '../../db/schema';

/**
 * Every column that stores a dictionary item's id. An item that any of them refers to is "in use": it
 * cannot be deleted, only disabled (records keep pointing at it and still show its name).
 *
 * A module that adds such a column to `db/schema/*.ts` adds it here. `dictionaries.test.ts` fails when a
 * foreign key to `dictionary_items` is missing from this list; a column without a foreign key (an id kept
 * in JSON, say) must be listed by hand. Values kept as an item's `code` (employees.status, matched to type
 * 25) are not ids: those items are seeded, and seeded items cannot be deleted anyway.
 */
export const dictionaryItemColumns: readonly PgColumn[] = [
  // employees (people.ts); gender is stored as 'male' | 'female', not as an item
  employees.idTypeId,
  employees.ethnicityId,
  employees.maritalStatusId,
  employees.educationId,
  employees.regionId,
  employees.employeeTypeId,
  employees.hasLicenseId,
  // stores (organisation.ts)
  stores.brandId,
  stores.storeTypeId,
  stores.categoryId,
  // posts (organisation.ts)
  posts.postTypeId,
  posts.categoryId,
  // onboarding entries (onboarding.ts)
  onboardingEntries.idTypeId,
  // job transfers (transfers.ts)
  jobTransfers.typeId,
  // resignations (resignations.ts)
  resignations.reasonId,
  resignations.destinationId,
];

/**
 * Item ids kept inside JSON columns, listed by hand (no foreign key can name them): the saved steps of an
 * onboarding, whose ids become the employee's at approval.
 */
export const dictionaryItemJsonFields: readonly { column: PgColumn; keys: readonly string[] }[] = [
  {
    column: onboardingEntries.personal,
    keys: ['ethnicity_id', 'marital_status_id', 'education_id', 'region_id', 'has_license_id'],
  },
  { column: onboardingEntries.contract, keys: ['employee_type_id'] },
];

/** Every place an item id is kept, as an SQL value with its table. */
const itemReferences = [
  ...dictionaryItemColumns.map((column) => ({ table: column.table as PgTable, id: sql<number>`${column}` })),
  ...dictionaryItemJsonFields.flatMap(({ column, keys }) =>
    keys.map((key) => ({ table: column.table as PgTable, id: sql<number>`(${column} ->> ${key})::int` })),
  ),
];

/** Which of `ids` some record refers to: one query over every column and JSON field listed above. */
export async function usedItemIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const [first, second, ...rest] = itemReferences.map(({ table, id }) =>
    db
      .select({ id: id.as('id') })
      .from(table)
      .where(inArray(id, [...ids])),
  );
  const rows = second ? await union(first!, second, ...rest) : await first!;
  return new Set(rows.map((row) => Number(row.id)));
}
