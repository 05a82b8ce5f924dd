import { readFileSync } from 'node:fs';
import path from 'node:path';
import { max, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * Work SQL cannot do between two migrations (it needs a key the application holds): it runs in the
 * migrations' transaction, just before the migration `before` names by its tag, and only when that
 * migration is still to be applied.
 */
export interface DataStep {
  before: string;
  run(tx: Database): Promise<void>;
}

/** drizzle-orm's own bookkeeping table, so a database migrated by either runner carries on with the other. */
const applied = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial().primaryKey(),
  hash: text().notNull(),
  createdAt: bigint({ mode: 'number' }),
});

/**
 * Applies the pending migrations of `migrationsFolder` in one transaction, as drizzle-orm's migrator does,
 * with the data steps in between: an upgrade commits whole or not at all.
 */
export async function runMigrations(
  db: Database,
  migrationsFolder: string,
  steps: readonly DataStep[] = [],
): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const tagOf = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  for (const step of steps)
    if (!journal.entries.some((entry) => entry.tag === step.before))
      throw new Error(`data step before unknown migration ${step.before}`);

  await db.execute(sql`create schema if not exists "drizzle"`);
  await db.execute(
    sql`create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)`,
  );
  await db.transaction(async (tx) => {
    // An upgrade rewriting a large table may take longer than any request may.
    if (migrations.length > 0) await tx.execute(sql`set local statement_timeout = 0`);
    const [last] = await tx.select({ createdAt: max(applied.createdAt) }).from(applied);
    const lastApplied = last?.createdAt ?? null;
    for (const migration of migrations) {
      if (lastApplied !== null && Number(lastApplied) >= migration.folderMillis) continue;
      const tag = tagOf.get(migration.folderMillis);
      for (const step of steps) if (step.before === tag) await step.run(tx);
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.insert(applied).values({ hash: migration.hash, createdAt: migration.folderMillis });
    }
  });
}
