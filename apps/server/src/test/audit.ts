import { and, desc, eq } from 'drizzle-orm';
import { auditLogs } from '../db/schema';
import type { TestApp } from './app';

/** The audit rows of one record, newest first. */
export const auditRowsOf = (t: TestApp, entity: string, entityId: number | string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, String(entityId))))
    .orderBy(desc(auditLogs.id));

/** The newest audit row of one record, if any. */
export async function lastAuditOf(t: TestApp, entity: string, entityId: number | string) {
  const [row] = await auditRowsOf(t, entity, entityId).limit(1);
  return row;
}
