import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../../scripts/built-server';
import { benchApiLoad } from './api-load';
import { benchExport } from './export-load';
import { fuzzLong } from './fuzz';
import { benchStaffList } from './staff-list';
import { measureTreePaint } from './tree-paint';

// `npm run bench` measures load and page figures; `npm run bench -- api [seconds]` the cost of a request as
// ratios to a bare route, and a mixed read/write load; `npm run bench -- export` a 100 000-row export job on
// PostgreSQL with the directory's latency meanwhile; `npm run bench -- fuzz [per operation]` sends the long
// fuzz pass; `npm run bench -- statistics` the statistics endpoints on 100 000 people in 1 000 stores, then the
// workbench's first paint and the whole group's turnover and vacancy tables in Chromium (`statistics pages`
// the browser's figures alone; `npm run bench -- workbench` the paint alone, on the demo data). Load runs are
// bounded in time and only target servers this script started on loopback.
// `npm run bench -- scale-out [seconds]` runs the multi-instance fault and load suite (bench/src/scale-out.ts).
if (process.argv[2] === 'fuzz') {
  const { breaches } = await fuzzLong(Number(process.argv[3] ?? 1_000));
  process.exit(breaches === 0 ? 0 : 1);
}
if (process.argv[2] === 'export') {
  await benchExport();
  process.exit(0);
}
if (process.argv[2] === 'attendance') {
  const { benchAttendance } = await import('./attendance');
  await benchAttendance(Number(process.argv[3] ?? 1_000), Number(process.argv[4] ?? 20));
  process.exit(0);
}
if (process.argv[2] === 'statistics') {
  const { benchStatistics } = await import('./statistics');
  await benchStatistics(process.argv[3] === 'pages' ? 'pages' : undefined);
  process.exit(0);
}
if (process.argv[2] === 'scale-out') {
  const { benchScaleOut } = await import('./scale-out');
  const failed = await benchScaleOut(Number(process.argv[3] ?? 60));
  process.exit(failed === 0 ? 0 : 1);
}
if (process.argv[2] === 'workbench') {
  const { demoWorkbenchPaint } = await import('./statistics');
  const paint = await demoWorkbenchPaint();
  process.exit(paint?.met ? 0 : 1);
}
if (process.argv[2] === 'api') {
  await benchApiLoad(Number(process.argv[3] ?? 10));
  process.exit(0);
}
const DURATION_S = Number(process.argv[2] ?? 5);
const CONNECTIONS = 20;

async function load(
  title: string,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...init });
  const errors = result.errors + result.non2xx;
  console.log(
    `${title.padEnd(32)} ${String(Math.round(result.requests.average)).padStart(7)} req/s` +
      `   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${errors}`,
  );
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-hr-bench-'));
try {
  const fresh = await startServer({ dataDir });
  console.log(`start on a fresh data dir (initdb, migrate, seed): ${fresh.readyMs} ms`);
  await fresh.stop();
  const server = await startServer({ dataDir });
  console.log(`start on an existing data dir:                    ${server.readyMs} ms`);

  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
  });
  const answer = (await login.json()) as { data: { access_token: string } };
  const token = answer.data.access_token;
  const authorization = `Bearer ${token}`;

  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, embedded database`);
  await load('GET /api/health', `${server.url}/api/health`);
  await load('POST /api/auth/me', `${server.url}/api/auth/me`, {
    method: 'POST',
    headers: { authorization },
  });
  await load('GET /api/auth/menus/tree', `${server.url}/api/auth/menus/tree`, { headers: { authorization } });

  const paints = await measureTreePaint(server.url, token, 5);
  const figures = (pick: (paint: (typeof paints)[number]) => number) =>
    paints.map((paint) => `${Math.round(pick(paint))}`).join(', ');
  console.log('\ndepartment page, first paint of the tree with the demo data (Chromium, 5 fresh pages):');
  console.log(`  from navigation start:         ${figures((paint) => paint.fromNavigation)} ms`);
  console.log(`  the tree's API request:        ${figures((paint) => paint.answerTook)} ms`);
  console.log(`  from the tree's API response:  ${figures((paint) => paint.fromResponse)} ms`);
  console.log(`  from the sidebar click (app already loaded): ${figures((paint) => paint.fromMenuClick)} ms`);
  console.log(
    `    of which until the tree is asked for:   ${figures((paint) => paint.requestFromMenuClick)} ms`,
  );
  await server.stop();

  await benchStaffList();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
