import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { createSealer, loadDataKey, type Sealer } from '../lib/sealed-values';
import type { ApprovalBusiness } from '../modules/approvals';
import type { ImportSource } from '../core/imports';
import { onServer, uniqueSuffix, urlForDatabase } from './database';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  config: Config;
  /** Where the copy lives on PostgreSQL, for a test that opens a second connection pool (a second instance). */
  databaseUrl?: string;
  /** The app's sealer (same data key), for tests that read or write ID numbers in the tables. */
  sealer: Sealer;
  /** Signs in through the real route and answers the bearer header value. */
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A copy of the run's migrated and seeded database or, with `empty`, a database with nothing in it. */
async function cloneDatabase({ empty = false } = {}): Promise<{
  database: DatabaseHandle;
  url?: string;
  drop: () => Promise<void>;
}> {
  const info = inject('database');
  if (info.kind === 'pglite') {
    const pglite = empty
      ? new PGlite()
      : await PGlite.create({ loadDataDir: new Blob([await readFile(info.dumpFile)]) });
    return { database: openPglite({ pglite }), drop: async () => {} };
  }
  const name = `${info.prefix}_${uniqueSuffix()}`;
  await onServer(info.serverUrl, (client) =>
    client.query(`create database "${name}"${empty ? '' : ` template "${info.template}"`}`),
  );
  const url = urlForDatabase(info.serverUrl, name);
  const database = openPostgres(url, { poolSize: 4, statementTimeoutMs: 0 });
  const drop = () =>
    onServer(info.serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
      () => {},
    );
  return { database, url, drop };
}

/** An empty database on the engine of the run, for a test that migrates one itself; `drop` after closing it. */
export const emptyDatabase = () => cloneDatabase({ empty: true });

/**
 * A real app on its own copy of the migrated, seeded database; requests go through `app.inject`.
 * `approvalBusinesses` are registered beside the product's (a test's fixture business).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    approvalBusinesses = [],
    importSources = [],
  }: {
    approvalBusinesses?: readonly ApprovalBusiness[];
    importSources?: readonly ImportSource<unknown>[];
  } = {},
): Promise<TestApp> {
  const { database, url, drop } = await cloneDatabase();
  // Uploaded files go to a directory of this app's own, removed with it; it starts with the seeded install's.
  const dataDir = await mkdtemp(join(tmpdir(), 'dealer-hr-test-'));
  await cp(inject('dataDir'), dataDir, { recursive: true });
  const config = loadConfig({ WEB_DIST: '/nonexistent-web-dist', DATA_DIR: dataDir, ...env });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await buildApp({ config, database, logger, approvalBusinesses, importSources });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    databaseUrl: url,
    sealer: createSealer(await loadDataKey(database.db, config.DATA_KEY)),
    async login(username = 'admin', password = config.ADMIN_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password },
      });
      const body = response.json();
      if (body.code !== 200) throw new Error(`login as ${username} failed: ${response.body}`);
      return `Bearer ${body.data.access_token}`;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
