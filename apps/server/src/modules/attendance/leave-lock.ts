import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * One change of a person's balances at a time: a request, an adjustment, an overtime's lieu days, their cancels
 * and the year-end job each read the balance, then write it.
 */
export const lockPersonsLeave = (tx: Database, employeeId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('leave_requests'), ${employeeId})`);
