import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { rowsOf } from './rows';
import { createTestApp, type TestApp } from '../test/app';

// The cache epochs are raised by deferred triggers when a transaction commits (migrations 0014, 0016, 0034).
// Two commits that raise them in opposite orders must queue, not deadlock (run by the PostgreSQL pass only).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Resolves once `count` callers have arrived: both transactions have written, then both commit at once. */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return opened;
  };
}

describe('cache epochs', () => {
  it('are raised by commits in opposite orders without a deadlock', async () => {
    const people = rowsOf<{ employee: number; assignment: number }>(
      await t.db.execute(sql`
        select distinct on (e.id) e.id as employee, a.id as assignment from employees e
        join assignments a on a.employee_id = e.id order by e.id limit 2`),
    );
    // employees raise `staff` then `statistics`, assignments `access` then `statistics`, in the order of the
    // changes: one transaction changes an employee then an assignment, the other the reverse (other rows).
    const touchEmployee = (tx: Database, index: number) =>
      tx.execute(sql`update employees set name = name where id = ${people[index]!.employee}`);
    const touchAssignment = (tx: Database, index: number) =>
      tx.execute(sql`update assignments set store_id = store_id where id = ${people[index]!.assignment}`);
    const before = rowsOf<{ version: number }>(
      await t.db.execute(sql`select version from cache_epochs where name = 'statistics'`),
    )[0]!.version;
    const rounds = 25;
    for (let round = 0; round < rounds; round += 1) {
      const bothWrote = barrier(2);
      await Promise.all([
        t.db.transaction(async (tx) => {
          await touchEmployee(tx, 0);
          await touchAssignment(tx, 0);
          await bothWrote();
        }),
        t.db.transaction(async (tx) => {
          await touchAssignment(tx, 1);
          await touchEmployee(tx, 1);
          await bothWrote();
        }),
      ]);
    }
    // Both commits of every round raised it.
    const after = rowsOf<{ version: number }>(
      await t.db.execute(sql`select version from cache_epochs where name = 'statistics'`),
    )[0]!.version;
    expect(Number(after) - Number(before)).toBe(rounds * 2);
  });
});
