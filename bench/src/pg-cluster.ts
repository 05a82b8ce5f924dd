import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../scripts/built-server';

// A PostgreSQL cluster of the benchmark's own, in a temporary directory, so that a fault run can stop and
// start it under load without touching the machine's PostgreSQL. We run as root and PostgreSQL refuses to:
// every command runs as the `postgres` OS user, which owns the directory. Trust authentication, loopback
// only, its unix socket inside the directory.

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The bin directory of the newest PostgreSQL installed under /usr/lib/postgresql. */
function postgresBin(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((name) => existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL server under ${POSTGRES_ROOT}`);
  return path.join(POSTGRES_ROOT, versions[0]!, 'bin');
}

export interface PgCluster {
  port: number;
  /** The connection string of `database` on this cluster, as user `postgres`. */
  url(database: string): string;
  /** `select version()`. */
  version: string;
  /** `pg_ctl stop -m fast`: sessions are cut, committed work is kept (a checkpoint), nothing else is lost. */
  stopFast(): Promise<void>;
  /** `pg_ctl start`; answers when it first accepted a connection (performance.now(), polled every 20 ms). */
  start(): Promise<number>;
  /** Stops it (immediately) if it runs and removes its directory. */
  remove(): Promise<void>;
}

/** Creates, starts and answers a fresh cluster; the caller removes it (`remove`) in a finally. */
export async function createPgCluster(): Promise<PgCluster> {
  const bin = postgresBin();
  const dir = await mkdtemp(path.join(tmpdir(), 'dealer-hr-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (command: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { cwd: dir });
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // Two instances of up to four workers with their pools, the load's own checks and the notifications.
    '-c max_connections=300',
  ].join(' ');
  let running = false;

  const cluster: PgCluster = {
    port,
    url,
    version: '',
    async stopFast() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async start() {
      // Without pg_ctl's own wait (it looks every 100 ms or so): the moment it accepts is polled here.
      await asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-W', '-o', options, 'start']);
      running = true;
      return acceptingAt(url('postgres'));
    },
    async remove() {
      if (running) await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await run('chown', ['postgres:postgres', dir]);
    await asPostgres('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    await cluster.start();
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    cluster.version = ((await client.query('select version()')).rows[0] as { version: string }).version;
    await client.end();
    return cluster;
  } catch (error) {
    await cluster.remove();
    throw error;
  }
}

/** Polls until `url` accepts a connection (at most 30 s); answers the moment it did. */
export async function acceptingAt(url: string): Promise<number> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.end();
      return performance.now();
    } catch (error) {
      await client.end().catch(() => {});
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Creates `name` on the cluster. */
export async function createDatabase(cluster: PgCluster, name: string) {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

export interface Reconnecting {
  /** The connection, opened again if PostgreSQL dropped it (a restart cuts every session). */
  client(): Promise<pg.Client>;
  end(): Promise<void>;
}

/** The suite's own connection for its checks, which must outlive a restart of the cluster. */
export function reconnecting(url: string): Reconnecting {
  let current: pg.Client | undefined;
  let broken = false;
  return {
    async client() {
      if (current && !broken) return current;
      await current?.end().catch(() => {});
      const client = new pg.Client({ connectionString: url });
      // Without a listener, the session's end at a restart would be an uncaught error.
      client.on('error', () => (broken = true));
      await client.connect();
      current = client;
      broken = false;
      return client;
    },
    async end() {
      await current?.end().catch(() => {});
      current = undefined;
    },
  };
}
