import { eq, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { ApprovalInstance } from './engine';

/**
 * The record an approval decides on (a transfer, a leave request...), locked for the rest of the engine's
 * transaction: a business hook reads its status and writes it knowing nothing changes it meanwhile. A record
 * gone under its approval is a broken invariant, not a user's error.
 */
export async function lockedBusinessRow<Table extends PgTable & { id: PgColumn }>(
  tx: Database,
  table: Table,
  instance: ApprovalInstance,
): Promise<Table['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, instance.businessId))
    .for('update');
  if (!row)
    throw new Error(`${getTableName(table)} ${instance.businessId} of approval ${instance.id} is gone`);
  return row as Table['$inferSelect'];
}
