import { asc, isNull, ne, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createSealer, loadDataKey, sealedIdNumber, type Sealer } from '../lib/sealed-values';
import type { Database } from './client';
import type { DataStep } from './migrate';

const BATCH = 1000;

/**
 * A table as the migration adding its sealed columns left it: the plain number beside the empty sealed ones.
 * Columns are named explicitly: drizzle caches the snake_case names per table name, and these tables share
 * the names of the real ones.
 */
const withPlainIdNumber = <Extra extends Record<string, ReturnType<typeof text>>>(
  name: string,
  extra: Extra,
) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    idNumber: text('id_number').notNull(),
    idNumberSealed: text('id_number_sealed'),
    idNumberIndex: text('id_number_index'),
    ...extra,
  });

const employeesBefore0011 = withPlainIdNumber('employees', { employeeNo: text('employee_no').notNull() });
const onboardingBefore0013 = withPlainIdNumber('onboarding_entries', { status: text('status').notNull() });

/**
 * Seals every ID number of the table still in plain text, a batch at a time, so that the next migration can
 * drop the plain column. Answers how many it sealed; a second run finds nothing left to do.
 */
async function sealPlainIdNumbers(
  tx: Database,
  tableName: string,
  sealer: () => Promise<Sealer>,
): Promise<number> {
  const plain = withPlainIdNumber(tableName, {});
  let sealed = 0;
  for (;;) {
    const rows = await tx
      .select({ id: plain.id, idNumber: plain.idNumber })
      .from(plain)
      .where(isNull(plain.idNumberSealed))
      .orderBy(asc(plain.id))
      .limit(BATCH);
    if (rows.length === 0) return sealed;
    const sealing = await sealer();
    const values = rows.map((row) => {
      const columns = sealedIdNumber(sealing, row.idNumber);
      return sql`(${row.id}::integer, ${columns.idNumberSealed}, ${columns.idNumberIndex}, ${columns.idNumberMasked})`;
    });
    await tx.execute(sql`
      update ${plain} as t
      set "id_number_sealed" = v.sealed, "id_number_index" = v.blind, "id_number_masked" = v.masked
      from (values ${sql.join(values, sql`, `)}) as v(id, sealed, blind, masked)
      where t."id" = v.id`);
    sealed += rows.length;
  }
}

const clashing = (what: string, clashes: { ids: string }[]) =>
  new Error(
    `${what} share an ID number (${clashes.map((clash) => clash.ids).join('; ')}): ` +
      'correct them with the previous version, then upgrade',
  );

/**
 * Employees' numbers, before 0011. It makes a number unique whatever its type, and numbers once written with
 * other spaces or case are equal now: the people the index would refuse are named rather than a hash.
 */
export async function sealEmployeeIdNumbers(tx: Database, sealer: () => Promise<Sealer>): Promise<number> {
  const table = employeesBefore0011;
  const sealed = await sealPlainIdNumbers(tx, 'employees', sealer);
  const clashes = await tx
    .select({ ids: sql<string>`string_agg(${table.employeeNo}, ', ' order by ${table.employeeNo})` })
    .from(table)
    .groupBy(table.idNumberIndex)
    .having(sql`count(*) > 1`);
  if (clashes.length > 0) throw clashing('employees', clashes);
  return sealed;
}

/** Onboarding entries' numbers, before 0013; its open-entry index no longer sees surrounding spaces either. */
export async function sealOnboardingIdNumbers(tx: Database, sealer: () => Promise<Sealer>): Promise<number> {
  const table = onboardingBefore0013;
  const sealed = await sealPlainIdNumbers(tx, 'onboarding_entries', sealer);
  const clashes = await tx
    .select({ ids: sql<string>`string_agg(${table.id}::text, ', ' order by ${table.id})` })
    .from(table)
    .where(ne(table.status, 'approved'))
    .groupBy(table.idNumberIndex)
    .having(sql`count(*) > 1`);
  if (clashes.length > 0) throw clashing('open onboarding entries', clashes);
  return sealed;
}

/** What `migrate` runs between the migrations (docs/decisions.md, "Personal identifiers sealed"). */
export function dataSteps(configuredDataKey: string | undefined): DataStep[] {
  let sealer: Promise<Sealer> | undefined;
  const sealerIn = (tx: Database) => () => (sealer ??= loadDataKey(tx, configuredDataKey).then(createSealer));
  return [
    {
      before: '0011_employee_id_number_plain_dropped',
      run: async (tx) => void (await sealEmployeeIdNumbers(tx, sealerIn(tx))),
    },
    {
      before: '0013_onboarding_id_number_plain_dropped',
      run: async (tx) => void (await sealOnboardingIdNumbers(tx, sealerIn(tx))),
    },
  ];
}
