import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  distributionQuery,
  nodeQuery,
  periodQuery,
  polylineQuery,
  turnoverQuery,
  yearQuery,
} from '@dealer-hr/shared/statistics/contract';
import { addMonths } from '@dealer-hr/shared/statistics/rules';
import { loadAccess } from '../../apps/server/src/core/access';
import { dayOf, systemClock, todayOf } from '../../apps/server/src/core/clock';
import { loadScope } from '../../apps/server/src/core/scope';
import { SESSION_SETTINGS, type Database } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';
import { workbench } from '../../apps/server/src/modules/home/workbench.service';
import { distribution } from '../../apps/server/src/modules/statistics/distribution.service';
import {
  prohibitedReport,
  resignReport,
  transferReport,
} from '../../apps/server/src/modules/statistics/reports.service';
import { polyline, turnover, yearView } from '../../apps/server/src/modules/statistics/statistics.service';
import { postTree, vacancy } from '../../apps/server/src/modules/statistics/vacancy.service';
import { serverEntry, startServer } from '../../scripts/built-server';
import { generateStatisticsData, REGION_USER } from './statistics-data';
import { DATA_KEY, percentile } from './staff-list';
import {
  measureTurnoverTable,
  measureVacancyGrid,
  type TableShown,
  type TurnoverTable,
} from './statistics-tables';
import { measureWorkbenchPaint, workbenchTarget, type WorkbenchPaint } from './workbench-paint';

// The statistics endpoints at scale (`npm run bench -- statistics`): 100 000 people in 1 000 stores with three
// years of history on PostgreSQL; each endpoint asked for the whole group (admin) and for one region
// (department_id, or a region manager's account for the workbench), sequentially: kept answers, then answers
// counted again after a change; the statements of each endpoint that misses its target run again under
// EXPLAIN ANALYZE. Then, in Chromium on the built app, the workbench's first paint, the turnover page grouped
// by store and the vacancy grid on the generated group; last, the workbench's first paint with the demo data
// (embedded database). `npm run bench -- statistics pages` skips the endpoints: the browser's figures alone.

const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TIME_ZONE = 'Asia/Shanghai';
const WARM_UPS = 5;
const SAMPLES = 60;
/** Fewer warm-ups for an endpoint whose first answer took longer than this: the run stays short. */
const SLOW_MS = 1_000;
/** The time a line's samples may take: a slower endpoint gets fewer samples, never fewer than MIN_SAMPLES. */
const LINE_BUDGET_MS = 12_000;
const MIN_SAMPLES = 5;
/** Answers counted again after a change of the group's data (each after a write the statistics count). */
const AFTER_CHANGE = 8;
const TARGET_MS = { group: 200, region: 50 } as const;
const PAINT_RUNS = 5;
/** Fresh pages on the generated group (for information; the target is the demo's). */
const BIG_PAINT_RUNS = 3;
const PAINT_TARGET_MS = 1_500;
/** Fresh pages of each whole-group table (for information: the issue names no figure). */
const TABLE_RUNS = 3;
/**
 * What-if runs, to measure a proposed fix without changing the server: BENCH_STATISTICS_WHATIF=index adds an
 * index of the main assignments by department to the generated database.
 */
const WHAT_IF = (process.env.BENCH_STATISTICS_WHATIF ?? '').split(',').filter(Boolean);
const WHAT_IF_INDEX = `create index bench_whatif_assignments_main_department on assignments (department_id)
  include (employee_id, store_id, post_id, start_date, end_date) where is_main`;

type Of = keyof typeof TARGET_MS;
type Params = Record<string, string>;

interface Endpoint {
  title: string;
  path: string;
  params: Params;
  /** The same figures by the server's own function, on a database that records its statements. */
  call: (db: Database, params: Params, userId: number) => Promise<unknown>;
}

interface Line {
  endpoint: Endpoint;
  of: Of;
  params: Params;
  sorted: number[];
  bytes: number;
  met: boolean;
  /** The p95 of the answers counted after a change, and whether it is within the target. */
  afterChange: number;
  metAfterChange: boolean;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const today = todayOf(systemClock, TIME_ZONE);

function endpoints(month: string, first: string): Endpoint[] {
  const range = { start: first, end: month };
  const distributionOf = (of: 'education' | 'sex' | 'age' | 'tenure'): Endpoint => ({
    title: `${of} distribution`,
    path: `statistic/${of}`,
    params: {},
    call: async (db, params, userId) =>
      distribution(db, await loadScope(db, userId), today, distributionQuery.parse(params), of),
  });
  return [
    {
      title: 'turnover, 36 months by month',
      path: 'statistic/turnover',
      params: { ...range, granularity: 'month', dimension: 'none' },
      call: async (db, params, userId) =>
        turnover(db, await loadScope(db, userId), today, turnoverQuery.parse(params)),
    },
    {
      title: 'turnover, 12 months by quarter x store',
      path: 'statistic/turnover',
      params: { start: addMonths(month, -11), end: month, granularity: 'quarter', dimension: 'store' },
      call: async (db, params, userId) =>
        turnover(db, await loadScope(db, userId), today, turnoverQuery.parse(params)),
    },
    {
      title: 'polyline, 24 months',
      path: 'statistic/polyline',
      params: { months: '24' },
      call: async (db, params, userId) =>
        polyline(db, await loadScope(db, userId), today, polylineQuery.parse(params)),
    },
    {
      title: `year ${month.slice(0, 4)}`,
      path: 'statistic/year',
      params: { year: month.slice(0, 4) },
      call: async (db, params, userId) =>
        yearView(db, await loadScope(db, userId), today, yearQuery.parse(params)),
    },
    {
      title: 'vacancy',
      path: 'statistic/vacancy',
      params: {},
      call: async (db, params, userId) =>
        vacancy(db, await loadScope(db, userId), today, nodeQuery.parse(params)),
    },
    {
      title: 'post tree',
      path: 'statistic/post/tree',
      params: {},
      call: async (db, params, userId) =>
        postTree(db, await loadScope(db, userId), today, nodeQuery.parse(params)),
    },
    {
      title: 'resignations, 36 months',
      path: 'statistic/resign',
      params: range,
      call: async (db, params, userId) =>
        resignReport(db, await loadScope(db, userId), today, periodQuery.parse(params)),
    },
    {
      title: 'transfers, 36 months',
      path: 'statistic/transfer',
      params: range,
      call: async (db, params, userId) =>
        transferReport(db, await loadScope(db, userId), today, periodQuery.parse(params)),
    },
    {
      title: 'prohibited list, 36 months',
      path: 'statistic/prohibited',
      params: range,
      call: async (db, params, userId) =>
        prohibitedReport(db, await loadScope(db, userId), today, TIME_ZONE, periodQuery.parse(params)),
    },
    distributionOf('education'),
    distributionOf('sex'),
    distributionOf('age'),
    distributionOf('tenure'),
    {
      title: 'workbench',
      path: 'home/index/workbench',
      params: {},
      call: async (db, _params, userId) => {
        const [user] = await db
          .select({ employeeId: schema.users.employeeId })
          .from(schema.users)
          .where(eq(schema.users.id, userId));
        return workbench(
          { db, clock: systemClock, today, timeZone: TIME_ZONE },
          {
            userId,
            employeeId: user?.employeeId ?? null,
            access: await loadAccess(db, userId),
            scope: await loadScope(db, userId),
          },
        );
      },
    },
  ];
}

/** A fresh database on the benchmark's PostgreSQL server for `run`, dropped afterwards (and on Ctrl-C). */
async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_statistics_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  const drop = () => admin.query(`drop database if exists "${name}" with (force)`);
  const interrupted = () => void drop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    const url = new URL(postgresServer);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    process.off('SIGINT', interrupted);
    await drop();
    await admin.end();
  }
}

async function login(url: string, username: string, password: string) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const answer = (await response.json()) as { code: number; message: string; data: { access_token: string } };
  if (answer.code !== 200) throw new Error(`login ${username}: ${answer.message}`);
  return answer.data.access_token;
}

/** Sequential GETs after the warm-ups, not counted (they warm the pool and the plans): sorted latencies, size. */
async function sample(url: string, authorization: string, changed: () => Promise<void>) {
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization } });
    const text = await response.text();
    const took = performance.now() - started;
    const body = JSON.parse(text) as { code: number; message: string };
    if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.message}`);
    return { took, bytes: Buffer.byteLength(text) };
  };
  // A slow endpoint (its first answer over SLOW_MS) is warmed once more only; each is sampled up to SAMPLES times
  // within LINE_BUDGET_MS (by the warm-ups' mean).
  const first = (await ask()).took;
  const warmUps = first > SLOW_MS ? 2 : WARM_UPS;
  let warm = 0;
  for (let index = 1; index < warmUps; index += 1) warm += (await ask()).took;
  const count = Math.max(MIN_SAMPLES, Math.min(SAMPLES, Math.floor(LINE_BUDGET_MS / (warm / (warmUps - 1)))));
  const took: number[] = [];
  let bytes = 0;
  for (let index = 0; index < count; index += 1) {
    const answer = await ask();
    took.push(answer.took);
    bytes = answer.bytes;
  }
  // The first answer is counted; later ones are kept answers (docs/decisions.md "Statistics"). Then each
  // answer after a change is counted again: the cost a reader meets after every write in the group.
  const counted: number[] = [];
  for (let index = 0; index < AFTER_CHANGE; index += 1) {
    await changed();
    counted.push((await ask()).took);
  }
  return { sorted: took.sort((a, b) => a - b), bytes, first, counted: counted.sort((a, b) => a - b) };
}

/**
 * A write the statistics count (a dictionary item's name set to itself raises the `statistics` cache epoch
 * on commit), returned once its notification has been heard here, and a moment after: the server hears the
 * same notification on its own connection.
 */
async function statisticsChanged(client: pg.Client) {
  const heard = new Promise<void>((resolve) => {
    const hear = (message: pg.Notification) => {
      if (message.channel !== 'cache_epochs' || !message.payload?.startsWith('statistics:')) return;
      client.off('notification', hear);
      resolve();
    };
    client.on('notification', hear);
  });
  await client.query(
    'update dictionary_items set name = name where id = (select min(id) from dictionary_items)',
  );
  await heard;
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A database handle that keeps every statement it sends, to run them again under EXPLAIN. */
function recordingDatabase(pool: pg.Pool) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => void statements.push({ sql, params }) },
  }) as unknown as Database;
  return { db, statements };
}

/** The endpoint's statements under EXPLAIN ANALYZE: each one's execution time, and the slowest one's plan. */
async function explainLine(client: pg.Client, pool: pg.Pool, line: Line, userId: number) {
  const { db, statements } = recordingDatabase(pool);
  await line.endpoint.call(db, line.params, userId);
  const plans: { sql: string; lines: string[]; took: number }[] = [];
  for (const statement of statements) {
    const { rows } = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    const lines = rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
    const took = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1]);
    plans.push({ sql: statement.sql, lines, took });
  }
  const slowest = plans.reduce((worst, plan) => (plan.took > worst.took ? plan : worst));
  console.log(
    `\n  ${line.endpoint.title} (${line.of}): ${plans.length} statements under EXPLAIN ANALYZE, execution ` +
      plans.map((plan) => ms(plan.took)).join(', '),
  );
  console.log(`  the slowest (${ms(slowest.took)}):`);
  console.log(
    slowest.sql
      .replace(/\s+/g, ' ')
      .slice(0, 600)
      .replace(/(.{1,110})(\s|$)/g, '    | $1\n')
      .trimEnd(),
  );
  // The plan's first 60 lines, and always its end: planning, JIT (compiling the plan costs as much as running it
  // here) and execution.
  const end = slowest.lines.findIndex((row) => /^(Planning|JIT:)/.test(row.trim()));
  const cut = Math.min(60, end < 0 ? slowest.lines.length : end);
  const shown = [
    ...slowest.lines.slice(0, cut),
    ...(end > cut ? [`... ${end - cut} more`] : []),
    ...(end < 0 ? [] : slowest.lines.slice(end)),
  ];
  console.log(shown.map((row) => `    ${row}`).join('\n'));
}

function printPaints(title: string, paints: WorkbenchPaint[]) {
  const ready = paints.filter((paint) => paint.ready);
  const notReady = paints.find((paint) => !paint.ready);
  console.log(`\n${title}`);
  if (ready.length === 0) {
    console.log(
      `  NOT READY: no '${workbenchTarget.text}' in '${workbenchTarget.selector}' within 20 s; main shows: ` +
        JSON.stringify(notReady && !notReady.ready ? notReady.shown : ''),
    );
    return null;
  }
  const figures = (pick: (paint: (typeof ready)[number]) => number) =>
    ready.map((paint) => `${Math.round(pick(paint))}`).join(', ');
  const sorted = ready.map((paint) => paint.fromNavigation).sort((a, b) => a - b);
  console.log(`  from navigation start:              ${figures((paint) => paint.fromNavigation)} ms`);
  console.log(`  until the workbench is asked for:   ${figures((paint) => paint.requestedAt)} ms`);
  console.log(`  the workbench's API request:        ${figures((paint) => paint.answerTook)} ms`);
  console.log(`  from the workbench's API response:  ${figures((paint) => paint.fromResponse)} ms`);
  const median = percentile(sorted, 0.5);
  console.log(
    `  median ${ms(median)}, slowest ${ms(sorted.at(-1)!)}   target <= ${PAINT_TARGET_MS} ms   ` +
      (median <= PAINT_TARGET_MS ? 'PASS' : 'FAIL'),
  );
  return { median, slowest: sorted.at(-1)!, met: median <= PAINT_TARGET_MS };
}

function printTables(turnover: TurnoverTable[], vacancy: TableShown[]) {
  const figures = <T>(tables: T[], pick: (table: T) => number, unit = '') =>
    tables.map((table) => `${Math.round(pick(table))}`).join(', ') + unit;
  const printShown = (tables: TableShown[], from: string) => {
    console.log(
      `  ${`from ${from} to the rows shown:`.padEnd(42)} ${figures(tables, (table) => table.fromStart, ' ms')}`,
    );
    console.log(
      `  the answer's request:                      ${figures(tables, (table) => table.answerTook, ' ms')}`,
    );
    console.log(
      `  its size as sent:                          ${figures(tables, (table) => table.answerBytes / 1024, ' kB')}`,
    );
    console.log(
      `  from its response to the rows shown:       ${figures(tables, (table) => table.fromResponse, ' ms')}`,
    );
    console.log(
      `  table rows in the document:                ${figures(tables, (table) => table.rowsInDocument)}`,
    );
    console.log(`  elements in the document:                  ${figures(tables, (table) => table.elements)}`);
  };
  console.log(
    `\nthe turnover page grouped by store, the year to date by month, as admin (Chromium at 1366 px, ` +
      `${turnover.length} fresh pages):`,
  );
  printShown(turnover, 'the click on 按门店');
  console.log(
    `  switching the turnover form, to its frame: ${figures(turnover, (table) => table.formSwitch, ' ms')}`,
  );
  console.log(
    `\nthe vacancy grid of the whole group, as admin (Chromium at 1366 px, ${vacancy.length} fresh pages):`,
  );
  printShown(vacancy, 'the navigation');
}

export async function benchStatistics(only?: 'pages') {
  const day = dayOf(new Date(), TIME_ZONE);
  const month = day.slice(0, 7);
  const first = addMonths(month, -35);
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(
    `statistics at scale on PostgreSQL: today ${day} (${TIME_ZONE}), history from ${first}-01; ` +
      `${cpus().length} cores, load average ${load()}`,
  );
  if (WHAT_IF.length > 0)
    console.log(
      `WHAT-IF run (${WHAT_IF.join(', ')}): ` +
        (WHAT_IF.includes('index')
          ? `the generated database gets: ${WHAT_IF_INDEX.replace(/\s+/g, ' ')}`
          : ''),
    );
  const webBuilt = existsSync(new URL('../../apps/web/dist/index.html', import.meta.url));
  const lines: Line[] = [];
  let generation = 0;
  let bigPaint: ReturnType<typeof printPaints> = null;

  await withDatabase(async (databaseUrl) => {
    const server = await startServer({
      env: { DATABASE_URL: databaseUrl, DATA_KEY, SEED_DEMO: '0' },
    });
    // The bench's own connections (generation, EXPLAIN) as the server's, with its settings.
    const connection = { connectionString: databaseUrl, options: SESSION_SETTINGS };
    const client = new pg.Client(connection);
    const pool = new pg.Pool({ ...connection, max: 2 });
    try {
      await client.connect();
      await client.query('listen cache_epochs');
      const started = performance.now();
      const { sizes, region } = await generateStatisticsData(client, day, `${first}-01`);
      generation = performance.now() - started;
      if (WHAT_IF.includes('index'))
        await client.query(WHAT_IF_INDEX).then(() => client.query('analyze assignments'));
      const [{ size }] = (await client.query('select pg_database_size(current_database())::float8 as size'))
        .rows as [{ size: number }];
      console.log(
        `\ngenerated in ${(generation / 1000).toFixed(1)} s (insert ... select from generate_series, then vacuum ` +
          `analyze); database ${(size / 1024 / 1024).toFixed(0)} MB:`,
      );
      console.log(
        `  ${sizes.departments} departments (1 group, 10 regions, ${sizes.stores} stores), ${sizes.stores} stores, ` +
          `${sizes.plans} headcount plan cells (6 main posts a store)`,
      );
      console.log(
        `  ${sizes.employees} employees (${sizes.onStaff} on staff today, ${sizes.employees - sizes.onStaff} ` +
          `resigned), ${sizes.assignments} assignments (${sizes.dispatches} dispatches)`,
      );
      console.log(
        `  ${sizes.resignations} completed resignations, ${sizes.transfers} effective transfers, ` +
          `${sizes.prohibited} prohibited-list entries`,
      );

      const tokens = {
        group: await login(server.url, 'admin', 'Admin@2026'),
        region: await login(server.url, REGION_USER.username, REGION_USER.password),
      };
      const userIds = Object.fromEntries(
        await Promise.all(
          (['admin', REGION_USER.username] as const).map(async (username, index) => {
            const { rows } = await client.query('select id from users where username = $1', [username]);
            return [index === 0 ? 'group' : 'region', (rows[0] as { id: number }).id] as const;
          }),
        ),
      ) as Record<Of, number>;
      if (only !== 'pages')
        console.log(
          `\nGET /api/auth/..., ${WARM_UPS} warm-ups then ${SAMPLES} sequential requests a line (2 warm-ups ` +
            `when the first took over ${SLOW_MS} ms; fewer requests, at least ${MIN_SAMPLES}, when ${SAMPLES} would ` +
            `take over ${LINE_BUDGET_MS / 1000} s); group as admin, region by department_id=${region} ` +
            `(the workbench: a region manager's account over it); then ${AFTER_CHANGE} answers each after a ` +
            `change the statistics count (a dictionary item written, its cache notice heard)`,
        );
      const width = 40;
      for (const endpoint of only === 'pages' ? [] : endpoints(month, first))
        for (const of of ['group', 'region'] as const) {
          const params =
            of === 'region' && endpoint.path !== 'home/index/workbench'
              ? { ...endpoint.params, department_id: String(region) }
              : endpoint.params;
          const query = new URLSearchParams(params).toString();
          const { sorted, bytes, first, counted } = await sample(
            `${server.url}/api/auth/${endpoint.path}${query ? `?${query}` : ''}`,
            `Bearer ${tokens[of]}`,
            () => statisticsChanged(client),
          );
          const p95 = percentile(sorted, 0.95);
          const met = p95 <= TARGET_MS[of];
          const afterChange = percentile(counted, 0.95);
          const metAfterChange = afterChange <= TARGET_MS[of];
          lines.push({ endpoint, of, params, sorted, bytes, met, afterChange, metAfterChange });
          console.log(
            `  ${endpoint.title.padEnd(width)} ${of.padEnd(6)} p50 ${ms(percentile(sorted, 0.5)).padStart(10)}` +
              `   p95 ${ms(p95).padStart(10)}   max ${ms(sorted.at(-1)!).padStart(10)}` +
              `   n=${String(sorted.length).padStart(2)} ${String(Math.round(bytes / 1024)).padStart(5)} kB` +
              `   target p95 <= ${TARGET_MS[of]} ms  ${met ? 'PASS' : 'FAIL'}` +
              `   | counted: first ${ms(first).padStart(9)}, after a change p50 ` +
              `${ms(percentile(counted, 0.5)).padStart(9)} p95 ${ms(afterChange).padStart(9)}` +
              ` ${metAfterChange ? 'within' : 'OVER'}`,
          );
        }

      const missed = lines.filter((line) => !line.met || !line.metAfterChange);
      if (missed.length > 0) {
        console.log(
          `\nthe ${missed.length} lines over their target (kept or after a change): their statements, run ` +
            'again under EXPLAIN ANALYZE',
        );
        for (const line of missed) await explainLine(client, pool, line, userIds[line.of]);
      }
      if (webBuilt)
        bigPaint = printPaints(
          `workbench first paint on this generated group, as admin (Chromium, ${BIG_PAINT_RUNS} fresh pages):`,
          await measureWorkbenchPaint(server.url, tokens.group, BIG_PAINT_RUNS),
        );
      if (webBuilt)
        printTables(
          await measureTurnoverTable(server.url, tokens.group, TABLE_RUNS),
          await measureVacancyGrid(server.url, tokens.group, TABLE_RUNS),
        );
    } finally {
      await client.end().catch(() => {});
      await pool.end();
      await server.stop();
    }
  });

  // Last: the workbench's first paint on the built app with its embedded database and the demo data.
  const demoPaint = webBuilt ? await demoWorkbenchPaint() : null;
  if (!webBuilt) console.log('\nworkbench first paint: SKIPPED, the web is not built (npm run build)');

  const passed = lines.filter((line) => line.met).length;
  console.log(
    `\nsummary (load average at the end: ${load()})${WHAT_IF.length > 0 ? `, WHAT-IF ${WHAT_IF.join(', ')}` : ''}`,
  );
  console.log(`  data generated in ${(generation / 1000).toFixed(1)} s`);
  if (only === 'pages') console.log('  endpoint lines: skipped (statistics pages)');
  else {
    console.log(
      `  endpoint lines: ${passed} of ${lines.length} PASS` +
        (passed < lines.length
          ? `; FAIL: ${lines
              .filter((line) => !line.met)
              .map((line) => `${line.endpoint.title} (${line.of}, p95 ${ms(percentile(line.sorted, 0.95))})`)
              .join('; ')}`
          : ''),
    );
    const overAfterChange = lines.filter((line) => !line.metAfterChange);
    console.log(
      `  counted after a change (p95 of ${AFTER_CHANGE}): ${lines.length - overAfterChange.length} of ${lines.length} ` +
        `within the target` +
        (overAfterChange.length > 0
          ? `; over: ${overAfterChange
              .map((line) => `${line.endpoint.title} (${line.of}, ${ms(line.afterChange)})`)
              .join('; ')}`
          : ''),
    );
  }
  const paintSummary = (title: string, paint: ReturnType<typeof printPaints>) =>
    console.log(
      `  ${title}: ` +
        (paint
          ? `median ${ms(paint.median)}, slowest ${ms(paint.slowest)} (target <= ${PAINT_TARGET_MS} ms) ${paint.met ? 'PASS' : 'FAIL'}`
          : webBuilt
            ? 'NOT READY'
            : 'skipped (web not built)'),
    );
  paintSummary('workbench first paint, demo data', demoPaint);
  paintSummary('workbench first paint, generated group (for information)', bigPaint);
}

/**
 * The workbench's first paint on the built app with its embedded database and the demo data (also alone:
 * `npm run bench -- workbench`, after `npm run build`).
 */
export async function demoWorkbenchPaint() {
  const server = await startServer();
  try {
    console.log(
      `\nthe built app with the demo data (embedded database, fresh data dir): ready in ${server.readyMs} ms (${serverEntry})`,
    );
    return printPaints(
      `workbench first paint with the demo data, as admin (Chromium, ${PAINT_RUNS} fresh pages; awaits ` +
        `'${workbenchTarget.text}' in '${workbenchTarget.selector}'):`,
      await measureWorkbenchPaint(server.url, await login(server.url, 'admin', 'Admin@2026'), PAINT_RUNS),
    );
  } finally {
    await server.stop();
  }
}
