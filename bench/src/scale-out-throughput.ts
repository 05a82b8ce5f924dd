import autocannon from 'autocannon';
import { signIn, startBare } from './api-load';
import { childPids, startInstance, stopInstance, type InstanceSettings } from './scale-out-instances';
import type { Report } from './scale-out-report';

// Throughput of one instance with 1, 2 and 4 node:cluster workers (CLUSTER_WORKERS) on one database, under
// mixed reads, beside a bare Fastify route measured in the same run (this machine's speed varies, ratios
// travel better than req/s).

const CONNECTIONS = 50;
const WORKER_COUNTS = [1, 2, 4];
const WARM_UP_SECONDS = 3;
/** The reads, taken in turn by every connection: the directory's first page and the current user. */
const READS = [
  { method: 'GET' as const, path: '/api/auth/user/index?page=1&limit=20' },
  { method: 'POST' as const, path: '/api/auth/me' },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, seconds: number, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const line = (label: string, figures: Figures) =>
  `${label.padEnd(22)} ${String(Math.round(figures.rps)).padStart(6)} req/s  p50 ${figures.p50} ms  ` +
  `p99 ${figures.p99} ms  errors ${figures.errors}`;

/** One instance with `workers` workers: its processes, then its mixed reads after a warm-up. */
async function measureWorkers(report: Report, settings: InstanceSettings, workers: number, seconds: number) {
  const instance = await startInstance(`${workers} worker(s)`, { ...settings, workers });
  try {
    const processes = (await childPids(instance.pid)).length;
    // One worker may run in the primary itself; more must each be a process of their own.
    const expected = workers === 1 ? processes <= 1 : processes === workers;
    report.check(
      `CLUSTER_WORKERS=${workers} starts ${workers} worker process(es)`,
      expected,
      `${processes} found`,
    );
    const authorization = await signIn(instance);
    const options = { headers: { authorization }, requests: READS };
    // Every worker warms its own JIT, pool and caches first.
    await measure(instance.url, WARM_UP_SECONDS, options);
    return await measure(instance.url, seconds, options);
  } finally {
    await stopInstance(instance);
  }
}

export async function throughputByWorkers(report: Report, settings: InstanceSettings, seconds: number) {
  report.section(`Throughput by worker count: ${CONNECTIONS} connections, ${seconds} s each, mixed reads`);
  console.log('  (this machine has 2 cores: little gain is expected past 2 workers)');
  const bare = await startBare();
  let base: Figures;
  try {
    await measure(bare.url, 1);
    base = await measure(bare.url, seconds);
  } finally {
    bare.stop();
  }
  report.figure(line('bare Fastify route', base));
  for (const workers of WORKER_COUNTS) {
    try {
      const figures = await measureWorkers(report, settings, workers, seconds);
      report.figure(
        `${line(`${workers} worker(s)`, figures)}  ratio to bare ${(figures.rps / base.rps).toFixed(3)}`,
      );
    } catch (error) {
      report.check(`throughput with ${workers} worker(s)`, false, (error as Error).message.split('\n')[0]!);
    }
  }
}
