import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startServer, type RunningServer } from '../../scripts/built-server';
import { withPostgresDatabase } from './postgres';

// The cost of a request: hot routes under 50 connections against a bare Fastify route started by this same
// script (the figures are printed as ratios to it, since this machine's speed varies), on PostgreSQL and on
// the embedded database; then a mixed read/write load whose acknowledged writes are counted back.

const CONNECTIONS = 50;
const fastifyEntry = fileURLToPath(import.meta.resolve('fastify'));

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  /** A new path for every request (a page never asked for before), instead of `url`'s own. */
  pathOf?: (n: number) => string,
): Promise<Figures> {
  let n = 0;
  const requests = pathOf && [{ setupRequest: (request: object) => ({ ...request, path: pathOf(n++) }) }];
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, requests });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A bare Fastify route in its own process: what this machine serves when a request costs nothing. */
export async function startBare(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const script = `
    const fastify = require(${JSON.stringify(fastifyEntry)});
    const app = fastify();
    app.get('/', async () => ({ code: 200, message: 'ok', data: null }));
    app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/** A demo user's bearer header (every demo user has the demo password). */
export async function signIn(server: { url: string }, username = 'admin'): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Admin@2026' }),
  });
  const answer = (await response.json()) as { data: { access_token: string } };
  return `Bearer ${answer.data.access_token}`;
}

async function readJson<T>(server: RunningServer, path: string, authorization: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization } });
  return ((await response.json()) as { data: T }).data;
}

const hotRoutes = [
  { name: 'dictionarie/data', path: '/api/auth/dictionarie/data?type_ids=21,22,23,24,25', target: 0.2 },
  { name: 'menus/tree', path: '/api/auth/menus/tree', target: 0.08 },
  { name: 'user/index page of 20', path: '/api/auth/user/index?page=1&limit=20', target: 0.05 },
];

async function hotRouteRatios(server: RunningServer, label: string, seconds: number, p99Limit: number) {
  const authorization = await signIn(server);
  const bare = await startBare();
  try {
    // Warm both servers (JIT, connection pools, caches) before measuring.
    await measure(bare.url, 1);
    for (const route of hotRoutes) await measure(`${server.url}${route.path}`, 1, { authorization });
    const base = await measure(bare.url, seconds);
    console.log(`\n${label}: ${CONNECTIONS} connections, ${seconds} s each`);
    console.log(`  bare Fastify route           ${fmt(base)}`);
    for (const route of hotRoutes) {
      const figures = await measure(`${server.url}${route.path}`, seconds, { authorization });
      const ratio = figures.rps / base.rps;
      const verdict = ratio >= route.target && figures.p99 <= p99Limit ? 'ok' : 'BELOW TARGET';
      console.log(
        `  ${route.name.padEnd(28)} ${fmt(figures)}   ratio ${ratio.toFixed(3)} ` +
          `(target >= ${route.target}, p99 <= ${p99Limit} ms: ${verdict})`,
      );
    }
    // For reference, no target: the directory when no page is kept (each request asks for a new one; the
    // entry-date filter moves a day each time), which is what the first reader after a change pays.
    const fresh = await measure(`${server.url}/api/auth/user/index`, seconds, { authorization }, (n) => {
      const day = new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      return `/api/auth/user/index?page=1&limit=20&entry_from=${day}`;
    });
    console.log(
      `  ${'user/index, never kept'.padEnd(28)} ${fmt(fresh)}   ratio ${(fresh.rps / base.rps).toFixed(3)}`,
    );
  } finally {
    bare.stop();
  }
}

const fmt = (figures: Figures) =>
  `${String(Math.round(figures.rps)).padStart(6)} req/s  p50 ${String(figures.p50).padStart(4)} ms  ` +
  `p99 ${String(figures.p99).padStart(4)} ms  errors ${figures.errors}`;

/** The p-th percentile of sorted latencies. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** The reads between the mixed load's writes: the roster's first page and two dictionaries. */
export const MIXED_READS = [
  '/api/auth/user/index?page=1&limit=20',
  '/api/auth/dictionarie/data?type_ids=21,22',
];

/** A dictionary type for a load's writes to add items to; `tag` keeps its code and name unique. */
export async function createLoadDictionary(url: string, headers: Record<string, string>, tag: string) {
  const created = await fetch(`${url}/api/auth/dictionaries/store`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `压测字典${tag}`, code: `load_${tag}` }),
  });
  return ((await created.json()) as { data: { id: number } }).data.id;
}

/** The mixed load's write: one dictionary item, `n` unique within its type (its code and name). */
export const writeDictionaryItem = (
  url: string,
  headers: Record<string, string>,
  typeId: number,
  n: number,
  init: RequestInit = {},
) =>
  fetch(`${url}/api/auth/dictionarie/data/store`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type_id: typeId, name: `压测项${n}`, code: `w${n}` }),
    ...init,
  });

/**
 * N connections for S seconds: reads of the roster and the dictionaries between writes that each create a
 * dictionary item with a unique code; then the items are counted back and compared with the acknowledged
 * writes. Every connection waits for each answer (none is abandoned when the time is up), so each row
 * written was either acknowledged or answered with an error.
 */
async function mixedLoad(server: RunningServer, label: string, connections: number, seconds: number) {
  const authorization = await signIn(server);
  const headers = { authorization, 'content-type': 'application/json' };
  const typeId = await createLoadDictionary(server.url, headers, String(Date.now()));
  let next = 0;
  let acknowledged = 0;
  let errors = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const connection = async () => {
    for (let turn = 0; performance.now() < deadline; turn++) {
      const started = performance.now();
      const kind = turn % 3;
      const response =
        kind === 2
          ? await writeDictionaryItem(server.url, headers, typeId, next++)
          : await fetch(`${server.url}${MIXED_READS[kind]}`, { headers });
      const answer = (await response.json()) as { code: number };
      latencies.push(performance.now() - started);
      if (answer.code !== 200) errors++;
      else if (kind === 2) acknowledged++;
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  const page = await readJson<{ total: number }>(
    server,
    `/api/auth/dictionarie/data/index?type_id=${typeId}&page=1&limit=1`,
    authorization,
  );
  latencies.sort((a, b) => a - b);
  console.log(
    `\n${label}: mixed load, ${connections} connections for ${seconds} s: ${latencies.length} requests ` +
      `(${Math.round(latencies.length / seconds)} req/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(0)} ms), errors ${errors}; ` +
      `writes acknowledged ${acknowledged}, rows found ${page.total}` +
      (errors === 0 && acknowledged === page.total ? ' (equal)' : ' (MISMATCH)'),
  );
}

export async function benchApiLoad(seconds = 10) {
  await withPostgresDatabase(async (databaseUrl) => {
    const server = await startServer({ env: { DATABASE_URL: databaseUrl } });
    try {
      await hotRouteRatios(server, 'PostgreSQL', seconds, 50);
      await mixedLoad(server, 'PostgreSQL', CONNECTIONS, seconds);
    } finally {
      await server.stop();
    }
  });
  const server = await startServer();
  try {
    await hotRouteRatios(server, 'Embedded database', seconds, 150);
    await mixedLoad(server, 'Embedded database', CONNECTIONS, seconds);
  } finally {
    await server.stop();
  }
}
