import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { installDatabase } from '../install';
import { onServer, uniqueSuffix, urlForDatabase, type TestDatabaseInfo } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    database: TestDatabaseInfo;
    /** The data directory of the seeded install: its uploaded files, which every test app starts with. */
    dataDir: string;
  }
}

const silent = { info: () => {} };

/** A demo install as `npm start` makes one: migrated, seeded, and the demo's activity performed. */
async function prepare(database: DatabaseHandle, dataDir: string) {
  await installDatabase(database, loadConfig({ DATA_DIR: dataDir }), silent, { demo: true });
}

/**
 * Migrates and seeds once per run; every test file then starts from a copy of that database: a PGlite data
 * dump on the embedded engine, a `CREATE DATABASE ... TEMPLATE` on a real PostgreSQL server.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'dealer-hr-test-'));
  const dataDir = path.join(dir, 'data');
  project.provide('dataDir', dataDir);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const prefix = `dhr_test_${uniqueSuffix()}`;
    const template = `${prefix}_template`;
    await onServer(serverUrl, (client) => client.query(`create database "${template}"`));
    const database = openPostgres(urlForDatabase(serverUrl, template), {
      poolSize: 2,
      statementTimeoutMs: 0,
    });
    await prepare(database, dataDir);
    await database.close();
    project.provide('database', { kind: 'postgres', serverUrl, template, prefix });
    return async () => {
      await rm(dir, { recursive: true, force: true });
      await onServer(serverUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          'select datname from pg_database where datname like $1',
          [`${prefix}%`],
        );
        for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
      });
    };
  }

  const pglite = new PGlite();
  const database = openPglite({ pglite });
  await prepare(database, dataDir);
  const dumpFile = path.join(dir, 'template.tar');
  await writeFile(dumpFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('database', { kind: 'pglite', dumpFile });
  return () => rm(dir, { recursive: true, force: true });
}
