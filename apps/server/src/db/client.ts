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
  /**
   * Runs `work` while no other instance on this database runs work under the same name (a PostgreSQL
   * advisory lock held by a connection of its own): instances starting together migrate and seed once.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
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
    // One process owns an embedded database: nothing else can run beside it.
    exclusively: (_name, work) => work(),
    notifications,
    close: async () => {
      await notifications.close();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export interface PoolSettings {
  /** Connections one instance keeps at most (DB_POOL_SIZE). */
  poolSize: number;
  /** A statement running longer is cancelled by the server (DB_STATEMENT_TIMEOUT_MS); 0 for none. */
  statementTimeoutMs: number;
}

const DEFAULT_POOL: PoolSettings = { poolSize: 10, statementTimeoutMs: 60_000 };
/** Waiting longer for a connection means the database is away: the request answers 503 instead. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Settings of every server connection to PostgreSQL (docs/decisions.md "Statistics"). The statistics'
 * statements look costly to the planner and would be compiled by the JIT on every request, 70-340 ms each, for
 * queries that run in milliseconds. Their counts by store or department hash a few MB; with the default 4 MB
 * of work memory the planner sorts instead (or spills), a quarter slower. A random page is priced as on a
 * solid-state disk, not a spinning one: a region's people are then read through the index by store (6 ms),
 * not by a scan of the whole group's assignments (25 ms).
 */
export const SESSION_SETTINGS = '-c jit=off -c work_mem=16MB -c random_page_cost=1.1';

export function openPostgres(
  connectionString: string,
  { poolSize, statementTimeoutMs }: PoolSettings = DEFAULT_POOL,
): DatabaseHandle {
  const notifications = postgresNotifications(connectionString);
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs || undefined,
    // A connection whose server vanished without a word (no reset) fails too, a little after the server's
    // own timeout would have.
    query_timeout: statementTimeoutMs ? statementTimeoutMs + CONNECT_TIMEOUT_MS : undefined,
    options: SESSION_SETTINGS,
    onConnect: (client) => {
      // A connection in use when PostgreSQL ends it (a restart) emits 'error' beside failing its query; the pool
      // listens only while the connection is idle, and an unheard 'error' would end the process.
      client.on('error', () => {});
      return notifications.listenOn(client);
    },
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
    exclusively: (name, work) => holdingAdvisoryLock(connectionString, name, work),
    notifications,
    close: async () => {
      if (closed) return;
      closed = true;
      await notifications.close();
      await pool.end();
    },
  };
}

/**
 * A session-level advisory lock on a connection outside the pool, so the work may use pooled connections
 * and transactions freely; the lock goes with the connection if this process dies holding it.
 */
async function holdingAdvisoryLock<T>(connectionString: string, name: string, work: () => Promise<T>) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}

export function openDatabase(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DB_POOL_SIZE: number;
  DB_STATEMENT_TIMEOUT_MS: number;
}): DatabaseHandle {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, {
        poolSize: config.DB_POOL_SIZE,
        statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      })
    : openPglite({ dataDir: config.DATA_DIR });
}
