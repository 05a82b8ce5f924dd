import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runMigrations, type DataStep } from './migrate';
import { pgliteNotifications, postgresNotifications, type ChangeNotifications } from './notifications';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers; a transaction is assignable to it too, so services take either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Pending migrations, with the data steps between them, in one transaction (migrate.ts). */
  migrate(migrationsFolder: string, steps?: readonly DataStep[]): Promise<void>;
  ping(): Promise<void>;
  /** What other connections (and other server instances) changed, for caches kept between requests. */
  notifications: ChangeNotifications;
  close(): Promise<void>;
}

const casing = 'snake_case';

/** Embedded PostgreSQL; `dataDir` undefined means in memory, `pglite` lets tests pass a cloned instance. */
export function openPglite(options: { dataDir?: string; pglite?: PGlite }): DatabaseHandle {
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir ? path.resolve(options.dataDir, 'pg') : undefined);
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema, casing }) as unknown as Database;
  const notifications = pgliteNotifications(pglite);
  return {
    kind: 'pglite',
    db,
    migrate: (migrationsFolder, steps) => runMigrations(db, migrationsFolder, steps),
    ping: async () => void (await pglite.query('select 1')),
    notifications,
    close: async () => {
      await notifications.close();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const notifications = postgresNotifications(connectionString);
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // The statistics' statements look costly to the planner and would be compiled by the JIT on every
    // request, 70-340 ms each, for queries that run in milliseconds (docs/decisions.md "JIT off").
    options: '-c jit=off',
    onConnect: (client) => notifications.listenOn(client),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, casing }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    migrate: (migrationsFolder, steps) => runMigrations(db, migrationsFolder, steps),
    ping: async () => void (await db.execute(sql`select 1`)),
    notifications,
    close: async () => {
      if (closed) return;
      closed = true;
      await notifications.close();
      await pool.end();
    },
  };
}

export function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseHandle {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite({ dataDir: config.DATA_DIR });
}
