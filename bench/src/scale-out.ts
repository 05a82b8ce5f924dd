import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from './api-load';
import {
  createDatabase,
  createPgCluster,
  reconnecting,
  type PgCluster,
  type Reconnecting,
} from './pg-cluster';
import { coherenceChecks } from './scale-out-coherence';
import {
  goneOf,
  startInstance,
  startPair,
  stopAllInstances,
  stopInstance,
  type InstanceSettings,
} from './scale-out-instances';
import { killDuringWork } from './scale-out-kill';
import { loadTarget, restartLoad, steadyLoad } from './scale-out-load';
import { Report } from './scale-out-report';
import { throughputByWorkers } from './scale-out-throughput';

// `npm run bench -- scale-out [seconds]`: the fault and load suite of several instances, run by hand (never in
// CI). Everything runs on this machine on loopback: its own PostgreSQL cluster (so it can restart it), server
// instances started here, Redis at 127.0.0.1:6379 if it answers. Every phase is bounded in time; the cluster
// and the data directory are removed at the end, also when a phase fails. It prints PASS/FAIL lines and
// figures, then a summary; it exits 1 when a check failed.

const REDIS_URL = 'redis://127.0.0.1:6379';
const DATABASE = 'dealer_hr';

/** Whether Redis answers PING at REDIS_URL within a second. */
function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** A and B started together on the empty database: both become ready, and it is installed once. */
async function installTogether(report: Report, settings: InstanceSettings, db: Reconnecting) {
  report.section('Two instances starting together on an empty database');
  const started = await Promise.allSettled([startInstance('A', settings), startInstance('B', settings)]);
  for (const result of started) if (result.status === 'fulfilled') await stopInstance(result.value);
  const failures = started.flatMap((result) =>
    result.status === 'rejected' ? [String(result.reason).split('\n').slice(0, 2).join(' ')] : [],
  );
  report.check('both instances become ready', failures.length === 0, failures.join('; ') || 'both healthy');
  const client = await db.client();
  const { rows } = await client.query<{ applied: number; distinct: number }>(
    'select count(*)::int as applied, count(distinct created_at)::int as distinct from drizzle.__drizzle_migrations',
  );
  const { rows: flows } = await client.query<{ count: number }>(
    `select count(*)::int as count from (select business_type from approval_flows group by 1 having count(*) > 1) twice`,
  );
  report.check(
    'migrations applied once and the demo seeded once',
    rows[0]!.applied === rows[0]!.distinct && flows[0]!.count === 0,
    `${rows[0]!.applied} migration rows, ${rows[0]!.distinct} distinct; approval flows seeded twice: ${flows[0]!.count}`,
  );
}

/** The two-instance checks, once without Redis and once with it when it answers. */
async function twoInstanceChecks(report: Report, settings: InstanceSettings, db: Reconnecting) {
  const setups: [string, InstanceSettings][] = [['without Redis', settings]];
  if (await redisAnswers()) setups.push(['with Redis', { ...settings, redisUrl: REDIS_URL }]);
  else report.check(`Redis answers at ${REDIS_URL}`, false, 'no PONG: the checks with Redis were not run');
  for (const [label, setup] of setups) {
    report.section(`Two instances, one database, one data directory, ${label}`);
    const [a, b] = await startPair(setup);
    try {
      await coherenceChecks(report, a, b, await db.client(), setup.dataDir, label);
    } finally {
      await stopInstance(a);
      await stopInstance(b);
    }
  }
}

/** Phases 4 to 6 on one pair: steady load, load across a PostgreSQL restart, SIGKILL of A. */
async function faultPhases(
  report: Report,
  settings: InstanceSettings,
  cluster: PgCluster,
  db: Reconnecting,
  seconds: number,
) {
  let [a, b] = await startPair(settings);
  try {
    // Each load writes into types of its own, so that what it finds is its own writes only.
    const admin = await signIn(a);
    await steadyLoad(report, await loadTarget([a, b], admin, `so${process.pid}s`), db, seconds);
    await restartLoad(report, await loadTarget([a, b], admin, `so${process.pid}r`), cluster, db, seconds);
    if (goneOf(a) || goneOf(b)) {
      // Reported above; the SIGKILL phase needs both, and says more on a fresh pair than not at all.
      console.log('  an instance died during the restart: the SIGKILL phase runs on a fresh pair');
      await stopInstance(a);
      await stopInstance(b);
      [a, b] = await startPair(settings);
    }
    await killDuringWork(report, a, b, db, settings.dataDir);
  } finally {
    await stopInstance(a);
    await stopInstance(b);
  }
}

/** One phase failing outright (an instance that would not start) is a FAIL; the next phase still runs. */
async function phase(report: Report, name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    report.check(
      name,
      false,
      `stopped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
}

export async function benchScaleOut(seconds = 60): Promise<number> {
  const report = new Report();
  const cluster = await createPgCluster();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-hr-scale-out-'));
  const db = reconnecting(cluster.url(DATABASE));
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      await stopAllInstances();
      await db.end();
      await cluster.remove();
      await rm(dataDir, { recursive: true, force: true });
    })());
  // Ctrl-C: the servers get it from the terminal too, but the cluster and the directories are ours to remove.
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    report.section('PostgreSQL of this run');
    report.figure(`PostgreSQL: ${cluster.version.split(',')[0]} on 127.0.0.1:${cluster.port} (own cluster)`);
    await createDatabase(cluster, DATABASE);
    const settings: InstanceSettings = {
      databaseUrl: cluster.url(DATABASE),
      dataDir,
      jwtSecret: randomBytes(32).toString('hex'),
    };
    await phase(report, 'install with two instances', () => installTogether(report, settings, db));
    const throughputSeconds = Math.min(15, Math.max(2, Math.round(seconds / 4)));
    await phase(report, 'throughput', () => throughputByWorkers(report, settings, throughputSeconds));
    await phase(report, 'two-instance checks', () => twoInstanceChecks(report, settings, db));
    await phase(report, 'load and fault phases', () => faultPhases(report, settings, cluster, db, seconds));
  } finally {
    process.off('SIGINT', interrupted);
    await cleanUp();
  }
  report.printSummary();
  return report.failed;
}
