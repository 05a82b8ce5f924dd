import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { addDays, dayOf } from '../../apps/server/src/core/clock';
import { openPglite, type Database } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import {
  BUILD_BATCH,
  buildDay,
  isMonthLocked,
  requestRebuild,
} from '../../apps/server/src/modules/attendance/days.build';
import { addMonths, ensurePunchPartitions } from '../../apps/server/src/modules/attendance/punch-partitions';
import { listPunches, punchListQuery } from '../../apps/server/src/modules/attendance/records.service';
import {
  monthlyStatistics,
  statisticsQuery,
} from '../../apps/server/src/modules/attendance/statistics.service';
import { startServer } from '../../scripts/built-server';
import {
  collectPeople,
  createGroup,
  daysOf,
  generateDayOfPunches,
  generateDayStaff,
  generateEmployees,
  generateMonthOfPunches,
  lastDayOf,
  PEOPLE_TABLE,
  PUNCHES_A_DAY,
  TIME_ZONE,
  type Run,
} from './attendance-data';
import { KeptConnection, type Answer } from './kept-connection';
import { DATA_KEY, percentile } from './staff-list';

// Attendance at scale (`npm run bench -- attendance [people] [months]`): 1 000 people punching 16 times a day
// for 20 months (about 10 million punches) on PostgreSQL; the day table of the last full month built day by day
// as the nightly job does; the monthly statistics page of a store and one person's month of punches through
// the server; 200 people clocking in at once; and the day table of 100 people on the embedded database. Section
// 2b: the nightly build of one day for 10 000 people (2 000 with fewer than 1 000 people), stopped part way as
// when its instance stops, resumed, and not run a third time; the process ends non-zero when one of its checks
// fails.

const postgresServer = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STORE_POSTS = [
  'sales_consultant',
  'service_advisor',
  'mechanic',
  'showroom_receptionist',
  'parts_specialist',
];
const CLOCKING_PEOPLE = 200;
const CLOCK_ROUNDS = 5;
const SAMPLES = 200;
const PGLITE_PEOPLE = 100;
const CLOCK_PASSWORD = 'Bench@2026';
/** People employed on the nightly build's day (section 2b), and with fewer than 1 000 people asked for. */
const NIGHTLY_PEOPLE = 10_000;
const NIGHTLY_PEOPLE_SMALL = 2_000;
/** The batch after which the first nightly run is stopped. */
const STOP_AFTER_BATCH = 6;

interface Figure {
  title: string;
  value: string;
  target: string;
  met: boolean | null;
}
const summary: Figure[] = [];
/** The checks that failed (section 2b): the process ends non-zero when there is one. */
const failures: string[] = [];
const verdict = (check: string, passed: boolean) => {
  if (!passed) failures.push(check);
  return passed ? 'PASS' : 'FAIL';
};

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const spread = (sorted: number[], high = 0.95) =>
  `p50 ${ms(percentile(sorted, 0.5))}   p${Math.round(high * 100)} ${ms(percentile(sorted, high))}   max ${ms(sorted.at(-1)!)}`;

/** A fresh database on the benchmark's PostgreSQL server for `run`, dropped afterwards (and on Ctrl-C). */
async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_attendance_${process.pid}`;
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

async function explain(client: pg.Client, statement: { sql: string; params: unknown[] }) {
  const { rows } = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
  return rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
}

/**
 * The time this process spends waiting on PostgreSQL round trips (pg clients, either calling style) until
 * `stop`: with one query at a time, the rest of a run's time is spent in the process itself.
 */
function timeRoundTrips() {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let total = 0;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        total += performance.now() - started;
        return (last as (...values: unknown[]) => unknown)(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise)
      result.then(
        () => void (total += performance.now() - started),
        () => {},
      );
    return result;
  };
  return {
    stop: () => {
      prototype.query = original;
      return total;
    },
  };
}

const executionMs = (plan: string[]) => Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1]);

async function login(url: string, username: string, password: string) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const answer = (await response.json()) as { code: number; message: string; data: { access_token: string } };
  if (answer.code !== 200) throw new Error(`login ${username}: ${answer.message}`);
  return `Bearer ${answer.data.access_token}`;
}

/** `count` sequential GETs after 10 not counted (they warm the pool and the plans): sorted latencies. */
async function sequential(count: number, request: (index: number) => Promise<Response>) {
  const took: number[] = [];
  for (let index = 0; index < count + 10; index += 1) {
    const started = performance.now();
    const response = await request(index);
    const body = (await response.json()) as { code: number; message: string };
    if (body.code !== 200) throw new Error(`${response.url}: ${body.code} ${body.message}`);
    if (index >= 10) took.push(performance.now() - started);
  }
  return took.sort((a, b) => a - b);
}

/** Each day of `month` built in turn as the nightly job builds it: each day's time and people. */
async function buildMonth(db: Database, month: string) {
  const days: { day: string; took: number; people: number }[] = [];
  for (const day of daysOf(month)) {
    const started = performance.now();
    const result = await buildDay(db, day, TIME_ZONE);
    if (result.skipped) throw new Error(`${day} was not built: ${result.skipped}`);
    days.push({ day, took: performance.now() - started, people: result.people });
  }
  return days;
}

function printDays(days: { day: string; took: number; people: number }[]) {
  for (let start = 0; start < days.length; start += 7)
    console.log(
      '    ' +
        days
          .slice(start, start + 7)
          .map(({ day, took }) => `${day.slice(5)} ${String(Math.round(took)).padStart(4)} ms`)
          .join('   '),
    );
}

async function postgresFigures(people: number, months: number, month: string) {
  const first = addMonths(month, -(months - 1));
  await withDatabase(async (databaseUrl) => {
    const server = await startServer({ env: { DATABASE_URL: databaseUrl, DATA_KEY } });
    const client = new pg.Client({ connectionString: databaseUrl });
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    try {
      await client.connect();
      const run: Run = (text, params) => client.query(text, params);
      const { db, statements } = recordingDatabase(pool);

      // 1. The people, their group and 20 months of punches.
      console.log(`\n1. ${people} people x ${PUNCHES_A_DAY} punches a day x ${months} months on PostgreSQL`);
      const [{ n: onStaff }] = (
        await run(`select count(*)::int as n from employees where status <> 'resigned'`)
      ).rows as [{ n: number }];
      await generateEmployees(run, people - onStaff, STORE_POSTS, `${first}-01`);
      await createGroup(run);
      // The demo built its days up to yesterday under its own rules: they are built again under the bench's.
      await run(`delete from attendance_builds`);
      const everyone = await collectPeople(run);
      const [{ stores }] = (
        await run(
          `select count(distinct store_id)::int as stores from ${PEOPLE_TABLE} where store_id is not null`,
        )
      ).rows as [{ stores: number }];
      console.log(
        `  people on staff: ${everyone} (${onStaff} of the demo, ${Math.max(0, people - onStaff)} generated) in ` +
          `${stores} stores and head office; one fixed group over the whole tree, shift 09:00-18:00, Monday to Friday`,
      );
      let started = performance.now();
      const created = await ensurePunchPartitions(db, first, month, TIME_ZONE);
      console.log(
        `  ensurePunchPartitions ${first}..${month}: ${created} partitions in ${ms(performance.now() - started)}`,
      );

      // Two sessions (the machine's two cores), each taking the next month; each month is one statement.
      const queue = Array.from({ length: months }, (_, index) => addMonths(first, index));
      let punches = 0;
      started = performance.now();
      await Promise.all(
        [0, 1].map(async () => {
          const worker = new pg.Client({ connectionString: databaseUrl });
          await worker.connect();
          await worker.query(`set work_mem = '256MB'`);
          for (let next = queue.shift(); next; next = queue.shift()) {
            const rows = await generateMonthOfPunches((text, params) => worker.query(text, params), next);
            punches += rows;
          }
          await worker.end();
        }),
      );
      const generated = performance.now() - started;
      await run(`drop table ${PEOPLE_TABLE}`);
      started = performance.now();
      await run('vacuum analyze');
      const vacuumed = performance.now() - started;
      const [size] = (
        await run(`
          select count(*)::int as partitions, sum(pg_relation_size(relid))::float8 as heap,
                 sum(pg_indexes_size(relid))::float8 as indexes, sum(pg_total_relation_size(relid))::float8 as total
          from pg_partition_tree('clock_punches') where isleaf`)
      ).rows as [{ partitions: number; heap: number; indexes: number; total: number }];
      console.log(
        `  generated ${punches.toLocaleString('en')} punches in ${seconds(generated)} ` +
          `(${Math.round(punches / (generated / 1000)).toLocaleString('en')} rows/s, insert ... select from generate_series, 2 sessions); ` +
          `vacuum analyze ${seconds(vacuumed)}`,
      );
      console.log(
        `  clock_punches: ${size.partitions} partitions, heap ${mb(size.heap)} + indexes ${mb(size.indexes)} = ${mb(size.total)}`,
      );
      summary.push({
        title: 'punches generated',
        value: punches.toLocaleString('en'),
        target: '~10 000 000',
        met: null,
      });
      summary.push({ title: 'generation time', value: seconds(generated), target: '', met: null });
      summary.push({ title: 'clock_punches size', value: mb(size.total), target: '', met: null });

      // 2. The day table of the month, day by day.
      console.log(
        `\n2. day table of ${month}, buildDay for each day in turn (batches of 500 people, one transaction each)`,
      );
      const roundTrips = timeRoundTrips();
      const built = await buildMonth(db, month);
      const waited = roundTrips.stop();
      const total = built.reduce((sum, day) => sum + day.took, 0);
      const sorted = built.map((day) => day.took).sort((a, b) => a - b);
      console.log(
        `  ${built.length} days, ${built.reduce((sum, day) => sum + day.people, 0).toLocaleString('en')} rows: ` +
          `total ${seconds(total)} (target <= 10 s); per day mean ${ms(total / built.length)}, fastest ${ms(sorted[0]!)}, median ${ms(percentile(sorted, 0.5))}, slowest ${ms(sorted.at(-1)!)}`,
      );
      printDays(built);
      console.log(
        `  of the total, waiting on PostgreSQL round trips: ${seconds(waited)}; in this process (building the ` +
          `statements, reading the rows, evaluating the days): ${seconds(total - waited)}`,
      );
      summary.push({
        title: `day table ${month}, ${everyone} people`,
        value: seconds(total),
        target: '<= 10 s',
        met: total <= 10_000,
      });
      summary.push({
        title: 'day table, per day (mean)',
        value: ms(total / built.length),
        target: '',
        met: null,
      });

      // The other months too, as the nightly job would have left them: the statistics read a full table.
      started = performance.now();
      const otherDays = Array.from({ length: months - 1 }, (_, index) => addMonths(first, index)).flatMap(
        daysOf,
      );
      const dayCount = otherDays.length;
      await Promise.all(
        [0, 1].map(async () => {
          for (let day = otherDays.shift(); day; day = otherDays.shift()) await buildDay(db, day, TIME_ZONE);
        }),
      );
      await run('vacuum analyze attendance_days');
      const [{ rows: dayRows }] = (await run('select count(*)::int as rows from attendance_days')).rows as [
        { rows: number },
      ];
      console.log(
        `  the ${dayCount} other days of the ${months} months (for the statistics below, two at a time): ` +
          `${seconds(performance.now() - started)}; attendance_days now ${dayRows.toLocaleString('en')} rows`,
      );

      // 2b. The nightly build of one day for 10 000 people, stopped part way and resumed.
      await nightlyBuildFigures(
        run,
        db,
        month,
        people >= 1_000 ? Math.max(NIGHTLY_PEOPLE, people) : NIGHTLY_PEOPLE_SMALL,
      );

      // 3. The monthly statistics of a store, as its page asks.
      const admin = await login(server.url, 'admin', 'Admin@2026');
      const [store] = (
        await run(
          `select store_id, count(distinct employee_id)::int as people from attendance_days
           where day between $1 and $2 and store_id is not null group by 1 order by 2 desc, 1 limit 1`,
          [`${month}-01`, lastDayOf(month)],
        )
      ).rows as [{ store_id: number; people: number }];
      const statisticsUrl = `${server.url}/api/auth/clock/statistics?month=${month}&store_id=${store.store_id}&limit=20`;
      const statistics = await sequential(SAMPLES, () =>
        fetch(statisticsUrl, { headers: { authorization: admin } }),
      );
      console.log(
        `\n3. GET /api/auth/clock/statistics?month=${month}&store_id=${store.store_id}&limit=20 (${store.people} people), ${SAMPLES} sequential requests`,
      );
      console.log(`  ${spread(statistics)}   (target p95 <= 50 ms)`);
      summary.push({
        title: 'statistics page of a store',
        value: `p50 ${ms(percentile(statistics, 0.5))}, p95 ${ms(percentile(statistics, 0.95))}`,
        target: 'p95 <= 50 ms',
        met: percentile(statistics, 0.95) <= 50,
      });
      statements.length = 0;
      await monthlyStatistics(
        db,
        { all: true },
        statisticsQuery.parse({ month, store_id: String(store.store_id), limit: '20' }),
      );
      const statisticsPlans: string[][] = [];
      for (const statement of statements) statisticsPlans.push(await explain(client, statement));
      console.log(
        `  its queries under EXPLAIN ANALYZE: ${statisticsPlans.map((plan) => ms(executionMs(plan))).join(', ')} ` +
          '(page, count, corrections, store names)',
      );
      if (percentile(statistics, 0.95) > 50)
        for (const plan of statisticsPlans.slice(0, 2))
          console.log(plan.map((line) => `    ${line}`).join('\n'));

      // 4. One person's month of punches.
      const { rows: sample } = await run(
        `select employee_id from attendance_days where day = $1 and store_id is not null order by employee_id limit 50`,
        [`${month}-01`],
      );
      const ids = (sample as { employee_id: number }[]).map((row) => row.employee_id);
      const range = `from=${month}-01&to=${lastDayOf(month)}`;
      const records = await sequential(SAMPLES, (index) =>
        fetch(
          `${server.url}/api/auth/clock/records?employee_id=${ids[index % ids.length]}&${range}&limit=100`,
          {
            headers: { authorization: admin },
          },
        ),
      );
      console.log(
        `\n4. GET /api/auth/clock/records?employee_id=N&${range}&limit=100, ${SAMPLES} sequential requests over ${ids.length} people`,
      );
      console.log(`  ${spread(records)}   (target p95 <= 20 ms)`);
      summary.push({
        title: "a person's month of punches",
        value: `p50 ${ms(percentile(records, 0.5))}, p95 ${ms(percentile(records, 0.95))}`,
        target: 'p95 <= 20 ms',
        met: percentile(records, 0.95) <= 20,
      });
      statements.length = 0;
      const listed = await listPunches(
        db,
        { all: true },
        1,
        () => dayOf(new Date(), TIME_ZONE),
        TIME_ZONE,
        punchListQuery.parse({
          employee_id: String(ids[0]),
          from: `${month}-01`,
          to: lastDayOf(month),
          limit: '100',
        }),
      );
      const [page, counting] = statements as [(typeof statements)[number], (typeof statements)[number]];
      const raw: number[] = [];
      for (let index = 0; index < SAMPLES + 10; index += 1) {
        const started = performance.now();
        await client.query(page.sql, page.params);
        await client.query(counting.sql, counting.params);
        if (index >= 10) raw.push(performance.now() - started);
      }
      raw.sort((a, b) => a - b);
      console.log(
        `  the same two statements (page of 100, count: ${listed.total} punches) on one connection, ${SAMPLES} times: ${spread(raw)}`,
      );
      for (const [title, statement] of [
        ['page', page],
        ['count', counting],
      ] as const) {
        const plan = await explain(client, statement);
        const partitions = [
          ...new Set(
            plan.flatMap((line) => [...line.matchAll(/ on (clock_punches_\w+)/g)].map((match) => match[1]!)),
          ),
        ];
        console.log(
          `  EXPLAIN ANALYZE ${title}: execution ${ms(executionMs(plan))}; partitions scanned: ${partitions.join(', ')} ` +
            `(of ${size.partitions}, with the months ahead and the default)`,
        );
        for (const line of plan.filter((row) => / on clock_punches_|Subplans Removed/.test(row)))
          console.log(`    ${line.trim()}`);
      }
      summary.push({
        title: "a person's month, raw SQL",
        value: `p50 ${ms(percentile(raw, 0.5))}, p95 ${ms(percentile(raw, 0.95))}`,
        target: '',
        met: null,
      });

      // 5. 200 people clocking in at once, each their own account.
      const { rows: clocking } = await run(
        `select e.id, e.name, p.wgs_latitude as latitude, p.wgs_longitude as longitude
         from employees e
         join lateral (select wgs_latitude, wgs_longitude from clock_points
                       where store_id = e.main_store_id and enabled order by id limit 1) p on true
         where e.status <> 'resigned' and e.entry_date <= current_date
           and not exists (select 1 from users u where u.employee_id = e.id)
         order by e.id desc limit $1`,
        [CLOCKING_PEOPLE],
      );
      const hash = await hashPassword(CLOCK_PASSWORD);
      await run(
        `insert into users (username, password_hash, name, employee_id)
         select 'kq_bench_' || id, $1, name, id from unnest($2::int[], $3::text[]) as u(id, name)`,
        [
          hash,
          clocking.map((row) => (row as { id: number }).id),
          clocking.map((row) => (row as { name: string }).name),
        ],
      );
      const accounts = [...(clocking as { id: number; latitude: number; longitude: number }[])];
      const tokens: { authorization: string; body: string }[] = [];
      started = performance.now();
      await Promise.all(
        [0, 1, 2, 3].map(async () => {
          for (let next = accounts.shift(); next; next = accounts.shift())
            tokens.push({
              authorization: await login(server.url, `kq_bench_${next.id}`, CLOCK_PASSWORD),
              body: JSON.stringify({
                latitude: next.latitude,
                longitude: next.longitude,
                datum: 'wgs84',
                accuracy: 10,
                source: 'device',
              }),
            });
        }),
      );
      const loggedIn = performance.now() - started;
      console.log(
        `\n5. POST /api/auth/clock/in, ${tokens.length} people at once (each signed in once: ${seconds(loggedIn)}, 4 at a time), ` +
          `${CLOCK_ROUNDS} rounds, a kept-alive connection each`,
      );
      const connections = new Map(tokens.map((token) => [token, new KeptConnection(server.url)]));
      const send = (token: (typeof tokens)[number], path: string, body?: string) =>
        connections.get(token)!.send(body === undefined ? 'GET' : 'POST', path, token.authorization, body);
      // Each person has the clock-in page open, which asked for their day (GET clock/today), before pressing.
      started = performance.now();
      for (const token of tokens) {
        const answer = await send(token, '/api/auth/clock/today');
        if (answer.code !== 200) throw new Error(`clock/today answered ${answer.status}/${answer.code}`);
      }
      console.log(
        `  the clock-in page opened by each (GET clock/today, one after another): ${seconds(performance.now() - started)}`,
      );
      const alone: number[] = [];
      for (const token of tokens.slice(0, 50)) {
        const answer = await send(token, '/api/auth/clock/in', token.body);
        if (answer.code !== 200) throw new Error(`clock/in answered ${answer.status}/${answer.code}`);
        alone.push(answer.took);
      }
      alone.sort((a, b) => a - b);
      console.log(`  for comparison, 50 of them one after another: ${spread(alone)}`);
      /** CLOCK_ROUNDS rounds of one request by each of the 200 at once, half a second apart. */
      const rounds = async (ask: (token: (typeof tokens)[number]) => Promise<Answer>) => {
        const took: number[] = [];
        let failed = 0;
        for (let round = 1; round <= CLOCK_ROUNDS; round += 1) {
          started = performance.now();
          const answers = await Promise.all(tokens.map(ask));
          const wall = performance.now() - started;
          const wrong = answers.filter((answer) => answer.status !== 200 || answer.code !== 200);
          failed += wrong.length;
          const times = answers.map((answer) => answer.took).sort((a, b) => a - b);
          took.push(...times);
          console.log(
            `    round ${round}: p50 ${ms(percentile(times, 0.5))}   p99 ${ms(percentile(times, 0.99))}   max ${ms(times.at(-1)!)}` +
              `   all answered in ${ms(wall)} (${Math.round(tokens.length / (wall / 1000))}/s)   errors ${wrong.length}` +
              (wrong.length > 0 ? ` (${wrong[0]!.status}/${wrong[0]!.code})` : ''),
          );
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return { took: took.sort((a, b) => a - b), failed };
      };
      // What 200 requests at once cost this machine before any work: the server's liveness answer, no session.
      console.log('  GET /api/live, the floor (HTTP only, this load generator on the same cores):');
      const floorBefore = await cpuNow(server.process.pid!);
      const floor = await rounds((token) => send(token, '/api/live'));
      const floorCpu = cpuBetween(floorBefore, await cpuNow(server.process.pid!));
      console.log(`  all ${floor.took.length}: ${spread(floor.took, 0.99)}`);
      console.log('  POST /api/auth/clock/in:');
      const cpuBefore = await cpuNow(server.process.pid!);
      const { took: all, failed: failures } = await rounds((token) =>
        send(token, '/api/auth/clock/in', token.body),
      );
      const cpu = cpuBetween(cpuBefore, await cpuNow(server.process.pid!));
      const perPunch = (ms: number) => `${(ms / (CLOCK_ROUNDS * tokens.length)).toFixed(2)} ms`;
      // Two cores between them: what the three spend per request bounds how many are answered a second.
      const cpuLine = (what: string, used: ReturnType<typeof cpuBetween>) =>
        console.log(
          `  CPU per ${what}: server ${perPunch(used.server)}, PostgreSQL ${perPunch(used.postgres)}, ` +
            `this load generator ${perPunch(used.generator)}`,
        );
      cpuLine('GET /api/live', floorCpu);
      cpuLine('clock-in', cpu);
      for (const connection of connections.values()) connection.close();
      console.log(`  all ${all.length}: ${spread(all, 0.99)}   errors ${failures}   (target p99 <= 100 ms)`);
      const [{ n: clockedIn }] = (
        await run(`select count(*)::int as n from clock_punches where punched_at > now() - interval '1 hour'`)
      ).rows as [{ n: number }];
      console.log(`  punches written in the last hour: ${clockedIn} (the rounds and the 50 alone)`);
      summary.push({
        title: `clock-in, ${tokens.length} at once`,
        value: `p50 ${ms(percentile(all, 0.5))}, p99 ${ms(percentile(all, 0.99))}`,
        target: 'p99 <= 100 ms',
        met: percentile(all, 0.99) <= 100 && failures === 0,
      });
      summary.push({
        title: `GET /api/live, ${tokens.length} at once`,
        value: `p50 ${ms(percentile(floor.took, 0.5))}, p99 ${ms(percentile(floor.took, 0.99))}`,
        target: '',
        met: null,
      });
    } finally {
      await client.end().catch(() => {});
      await pool.end();
      await server.stop();
    }
  });
}

/** What the job runner's checkpoint throws when the instance is stopping (core/jobs/runner.ts). */
class Stopped extends Error {
  constructor(readonly why: 'shutdown') {
    super(why);
  }
}

/**
 * Section 2b: the nightly build of one day (yesterday, as the job builds it; today when yesterday is the last day
 * of the month built above) with `target` people employed that day, on the database of section 1. The first
 * run is stopped by its checkpoint after the 6th batch, as the job runner's checkpoint stops a run whose
 * instance stops; the second goes on from the bookmark; the third finds the day built.
 */
async function nightlyBuildFigures(run: Run, db: Database, month: string, target: number) {
  const yesterday = addDays(dayOf(new Date(), TIME_ZONE), -1);
  const day = yesterday > lastDayOf(month) ? yesterday : addDays(yesterday, 1);
  // Hired after the month built above: the days built before are left as they were.
  const hiredOn = addDays(lastDayOf(month), 1);
  const employedOn = `entry_date <= $1::date and (left_on is null or left_on >= $1::date)`;
  const one = async <Row>(text: string, params: unknown[] = [day]) =>
    (await run(text, params)).rows[0] as Row;
  const employed = async () =>
    (await one<{ n: number }>(`select count(*)::int as n from employees where ${employedOn}`)).n;
  const dayRows = () =>
    one<{ rows: number; people: number; computed: Date | null }>(
      `select count(*)::int as rows, count(distinct employee_id)::int as people, max(computed_at) as computed
       from attendance_days where day = $1`,
    );
  const bookmarkOf = () =>
    one<{ last_employee_id: number; finished_at: Date | null } | undefined>(
      `select last_employee_id, finished_at from attendance_builds where day = $1`,
    );

  const before = await employed();
  let started = performance.now();
  await generateDayStaff(run, target - before, STORE_POSTS, hiredOn);
  const staff = await employed();
  await ensurePunchPartitions(db, day.slice(0, 7), day.slice(0, 7), TIME_ZONE);
  const punched = await generateDayOfPunches(run, day, hiredOn);
  // The demo builds its days up to yesterday: the day is asked for anew (as a change of the rules asks) and
  // starts without rows, so that what the stopped run committed is its own.
  await requestRebuild(db, day, day);
  await run(`delete from attendance_days where day = $1`, [day]);
  await run('analyze employees, assignments, attendance_days');
  const prepared = performance.now() - started;
  const batches = Math.ceil(staff / BUILD_BATCH);
  const stopAfter = Math.max(1, Math.min(STOP_AFTER_BATCH, batches - 1));
  console.log(
    `\n2b. nightly build of ${day} for ${staff.toLocaleString('en')} people on PostgreSQL: stopped after batch ` +
      `${stopAfter} of ${batches}, resumed, then asked again (buildDay, batches of ${BUILD_BATCH}, one transaction each)`,
  );
  console.log(
    `  people employed on ${day}: ${staff.toLocaleString('en')} (${before.toLocaleString('en')} already, ` +
      `${Math.max(0, target - before).toLocaleString('en')} generated, hired ${hiredOn}, round robin over the stores); ` +
      `${punched.punches.toLocaleString('en')} punches of the day generated for the ${punched.people.toLocaleString('en')} ` +
      `without any since ${hiredOn} (2 for most, only the first for 1 in 20, none for 1 in 20); ` +
      `the day's bookmark and rows cleared (requestRebuild); ${seconds(prepared)}`,
  );
  if (await isMonthLocked(db, day)) console.log(`  ${day.slice(0, 7)} is closed: the builds will skip it`);

  // 1. Stopped by its checkpoint after the 6th batch.
  let calls = 0;
  let stopped = false;
  started = performance.now();
  try {
    await buildDay(db, day, TIME_ZONE, async () => {
      calls += 1;
      if (calls === stopAfter) throw new Stopped('shutdown');
    });
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    stopped = true;
  }
  const stoppedTook = performance.now() - started;
  const committed = await dayRows();
  const halfway = await bookmarkOf();
  const [{ id: lastOfBatch } = { id: null }] = (
    await run(`select id from employees where ${employedOn} order by id offset $2 limit 1`, [
      day,
      stopAfter * BUILD_BATCH - 1,
    ])
  ).rows as { id: number }[];
  console.log(
    `  run 1, its checkpoint throwing after batch ${stopAfter} (the instance stopping): ` +
      `${stopped ? `stopped after ${ms(stoppedTook)}` : 'NOT stopped'}; rows of the day committed: ` +
      `${committed.rows.toLocaleString('en')}; bookmark last_employee_id ${halfway?.last_employee_id ?? 'none'}, ` +
      `finished_at ${halfway?.finished_at ? 'set' : 'null'}`,
  );
  console.log(
    `    stopped by the checkpoint, bookmark at the last person of batch ${stopAfter} (id ${lastOfBatch}), ` +
      `not finished: ${verdict('the first run stopped at its bookmark', stopped && halfway?.last_employee_id === lastOfBatch && !halfway?.finished_at)}`,
  );

  // 2. Resumed from the bookmark.
  const batchTook: number[] = [];
  let batchStarted = performance.now();
  started = batchStarted;
  const resumed = await buildDay(db, day, TIME_ZONE, async () => {
    const now = performance.now();
    batchTook.push(now - batchStarted);
    batchStarted = now;
  });
  const resumedTook = performance.now() - started;
  const built = await dayRows();
  const done = await bookmarkOf();
  const [{ n: missing }] = (
    await run(
      `select count(*)::int as n from employees
       where ${employedOn}
         and not exists (select 1 from attendance_days d where d.employee_id = employees.id and d.day = $1)`,
      [day],
    )
  ).rows as [{ n: number }];
  const batchMean = batchTook.reduce((sum, took) => sum + took, 0) / Math.max(1, batchTook.length);
  console.log(
    `  run 2, resumed: ${ms(resumedTook)}, people ${resumed.people.toLocaleString('en')}` +
      `${resumed.skipped ? `, skipped: ${resumed.skipped}` : ''} in ${batchTook.length} batch${batchTook.length === 1 ? '' : 'es'}`,
  );
  console.log(
    `    rows of the day ${built.rows.toLocaleString('en')} = people employed that day ${staff.toLocaleString('en')} ` +
      `(employed without a row: ${missing}): ${verdict('a row for everyone employed', built.rows === staff && missing === 0)}`,
  );
  console.log(
    `    no one twice (${built.rows.toLocaleString('en')} rows, ${built.people.toLocaleString('en')} people): ` +
      verdict('no duplicate rows', built.rows === built.people),
  );
  console.log(
    `    bookmark finished_at set (${done?.finished_at?.toISOString() ?? 'null'}), last_employee_id ` +
      `${done?.last_employee_id ?? 'none'}: ${verdict('the bookmark is finished', Boolean(done?.finished_at))}`,
  );

  // 3. Asked again: the day is built.
  started = performance.now();
  const again = await buildDay(db, day, TIME_ZONE);
  const againTook = performance.now() - started;
  const after = await dayRows();
  const unchanged = after.rows === built.rows && after.computed?.getTime() === built.computed?.getTime();
  console.log(
    `  run 3: ${JSON.stringify(again)} in ${ms(againTook)}; rows ${after.rows.toLocaleString('en')}, ` +
      `max computed_at ${after.computed?.toISOString() ?? 'null'} (before: ${built.computed?.toISOString() ?? 'null'}): ` +
      verdict(
        "the third run skipped: 'built' and wrote nothing",
        again.skipped === 'built' && again.people === 0 && unchanged,
      ),
  );

  // 4. The figures.
  const allBatches = stopAfter + batchTook.length;
  console.log(
    `  the resumed build: ${seconds(resumedTook)} for the ${resumed.people.toLocaleString('en')} people after the ` +
      `bookmark (${batchTook.length} batches, mean ${ms(batchMean)} a batch, slowest ${ms(Math.max(0, ...batchTook))}); ` +
      `with the stopped run, ${staff.toLocaleString('en')} people in ${seconds(stoppedTook + resumedTook)} ` +
      `(${allBatches} batches, mean ${ms((stoppedTook + resumedTook) / allBatches)} a batch)`,
  );
  summary.push({
    title: `nightly build ${day}, ${staff} people, resumed`,
    value: `${seconds(resumedTook)} (stopped run ${seconds(stoppedTook)})`,
    target: 'checks PASS',
    met: failures.length === 0,
  });
  summary.push({
    title: 'nightly build, per batch of 500 (mean)',
    value: ms(batchMean),
    target: '',
    met: null,
  });

  // The generated people leave on the day: sections 3 to 5 run on the staff of section 1, as before.
  await run(
    `with gone as (
       update employees set status = 'resigned', left_on = $1
       where employee_no like 'KD%' and entry_date = $2 returning id
     )
     update assignments set end_date = $1 where employee_id in (select id from gone) and end_date is null`,
    [day, hiredOn],
  );
}

/** The day table of `month` for 100 people on the embedded database (PGlite on disk), in a fresh install. */
async function pgliteFigures(month: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-hr-bench-attendance-'));
  try {
    // The server installs the database (migrations, base data) as a fresh install without the demo.
    const server = await startServer({ dataDir, env: { SEED_DEMO: '0', DATA_KEY } });
    await server.stop();
    const pglite = new PGlite(path.resolve(dataDir, 'pg'));
    const database = openPglite({ pglite });
    const run: Run = (text, params) => pglite.query(text, params);
    try {
      // A group with one region and five stores.
      const one = async (text: string, params?: unknown[]) =>
        ((await run(text, params)).rows[0] as { id: number }).id;
      const root = await one(
        `insert into departments (name, kind, path, depth) values ('压测集团', 'group', '', 0) returning id`,
      );
      await run(`update departments set path = '/' || id || '/' where id = $1`, [root]);
      const region = await one(
        `insert into departments (parent_id, name, kind, path, depth) values ($1, '压测大区', 'region', '', 1) returning id`,
        [root],
      );
      await run(`update departments set path = '/' || $2 || '/' || id || '/' where id = $1`, [region, root]);
      for (let index = 1; index <= 5; index += 1) {
        const department = await one(
          `insert into departments (parent_id, name, kind, path, depth) values ($1, $2, 'store', '', 2) returning id`,
          [region, `压测门店${index}`],
        );
        await run(`update departments set path = $2 || id || '/' where id = $1`, [
          department,
          `/${root}/${region}/`,
        ]);
        await run(
          `insert into stores (department_id, code, name, region_department_id, store_type_id)
           values ($1, $2, $3, $4, (select id from dictionary_items where type_id = 19 order by id limit 1))`,
          [department, `KQ${index}`, `压测门店${index}`, region],
        );
      }
      await run(`insert into posts (code, name, is_main) values ('bench_staff', '压测岗位', true)`);
      await generateEmployees(run, PGLITE_PEOPLE, ['bench_staff'], `${addMonths(month, -1)}-01`);
      await createGroup(run);
      const people = await collectPeople(run);
      await ensurePunchPartitions(database.db, month, month, TIME_ZONE);
      let started = performance.now();
      const punches = await generateMonthOfPunches(run, month);
      const generated = performance.now() - started;
      await run(`drop table ${PEOPLE_TABLE}`);
      await run('vacuum analyze');
      started = performance.now();
      const built = await buildMonth(database.db, month);
      const total = performance.now() - started;
      const sorted = built.map((day) => day.took).sort((a, b) => a - b);
      console.log(
        `\n6. embedded database (PGlite on disk, fresh install): ${people} people, day table of ${month}`,
      );
      console.log(`  ${punches.toLocaleString('en')} punches generated in ${seconds(generated)}`);
      console.log(
        `  ${built.length} days, ${built.reduce((sum, day) => sum + day.people, 0).toLocaleString('en')} rows: ` +
          `total ${seconds(total)}; per day mean ${ms(total / built.length)}, fastest ${ms(sorted[0]!)}, median ${ms(percentile(sorted, 0.5))}, slowest ${ms(sorted.at(-1)!)}`,
      );
      printDays(built);
      summary.push({
        title: `day table ${month} on PGlite, ${people} people`,
        value: seconds(total),
        target: '',
        met: null,
      });
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchAttendance(people: number, months: number) {
  // The last whole month in the group's time zone; the punches end with it.
  const month = addMonths(dayOf(new Date(), TIME_ZONE).slice(0, 7), -1);
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(
    `attendance at scale: ${people} people, ${months} months up to ${month}, time zone ${TIME_ZONE}; ` +
      `${cpus().length} cores, load average ${load()}`,
  );
  await postgresFigures(people, months, month);
  await pgliteFigures(month);
  console.log(`\nsummary (load average at the end: ${load()})`);
  const width = Math.max(...summary.map((figure) => figure.title.length));
  const valueWidth = Math.max(...summary.map((figure) => figure.value.length));
  for (const figure of summary)
    console.log(
      `  ${figure.title.padEnd(width)}   ${figure.value.padEnd(valueWidth)}   ${figure.target.padEnd(15)}` +
        `${figure.met === null ? '' : figure.met ? 'met' : 'MISSED'}`,
    );
  if (failures.length > 0) {
    console.log(`\nFAIL: ${failures.join('; ')}`);
    process.exit(1);
  }
}

/**
 * CPU time used so far, in ms, by PostgreSQL's processes (its backends run the server's statements), each by
 * its pid, and by this process (the load generator) and the server. Linux only (/proc).
 */
async function cpuNow(serverPid: number) {
  const ticks = 1000 / 100; // USER_HZ is 100 on Linux: one tick is 10 ms.
  const cpuOf = async (pid: string) => {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * ticks;
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      ms: Number.isFinite(ms) ? ms : 0,
    };
  };
  const postgres = new Map<string, number>();
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const { name, ms } = await cpuOf(pid);
    if (name === 'postgres') postgres.set(pid, ms);
  }
  const own = process.cpuUsage();
  return { server: (await cpuOf(String(serverPid))).ms, postgres, generator: (own.user + own.system) / 1000 };
}

/** What each used between two readings; a PostgreSQL process that started between them counts whole. */
function cpuBetween(before: Awaited<ReturnType<typeof cpuNow>>, after: Awaited<ReturnType<typeof cpuNow>>) {
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  return { server: after.server - before.server, postgres, generator: after.generator - before.generator };
}
