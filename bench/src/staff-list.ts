import pg from 'pg';
import { createSealer, sealedIdNumber } from '../../apps/server/src/lib/sealed-values';
import { startServer } from '../../scripts/built-server';

// The staff directory on a large group: 100 000 generated employees on PostgreSQL, each with an open main
// post in one of the demo stores, then filtered pages asked one at a time (latency, not throughput).

export const EMPLOYEES = 100_000;
const SAMPLES = 200;
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The server is started with this key, so the generated rows are sealed as the server seals them. */
export const DATA_KEY = 'bench-data-key-bench-data-key-bench';

const surnames = [
  ['王', 'wang'],
  ['李', 'li'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['黄', 'huang'],
  ['赵', 'zhao'],
] as const;
const givenNames = [
  ['伟', 'wei'],
  ['芳', 'fang'],
  ['娜', 'na'],
  ['敏', 'min'],
  ['静', 'jing'],
  ['磊', 'lei'],
  ['洋', 'yang'],
  ['勇', 'yong'],
  ['艳', 'yan'],
  ['杰', 'jie'],
] as const;

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

/**
 * `count` employees (EMPLOYEES unless told) and their open main posts, generated inside PostgreSQL (seconds, not minutes). Their ID numbers
 * (BENCH + the row number) are sealed here, as SQL has no key, and joined to the rows by their position.
 */
export async function generateStaff(client: pg.Client, count = EMPLOYEES) {
  const sealer = createSealer(new TextEncoder().encode(DATA_KEY));
  const sealed = Array.from({ length: count }, (_, index) =>
    sealedIdNumber(sealer, `BENCH${String(index + 1).padStart(10, '0')}`),
  );
  await client.query(
    `
    with stores_posts as (
      select s.id as store_id, s.department_id, p.id as post_id,
             row_number() over (order by s.id, p.id) - 1 as slot
      from stores s cross join (select id from posts where is_main order by id limit 6) p
    ), slots as (select count(*) as n from stores_posts),
    -- Names and statuses drawn independently of each other (hashes of the row number), as they are in life.
    people as (
      select g as n,
             abs(hashint4(g + 2000000)) as status_draw, abs(hashint4(g + 3000000)) as entry_draw,
             (${sqlArray(surnames.map(([han]) => han))})[1 + abs(hashint4(g)) % ${surnames.length}] ||
               (${sqlArray(givenNames.map(([han]) => han))})[1 + abs(hashint4(g + 1000000)) % ${givenNames.length}] as name,
             (${sqlArray(surnames.map(([, latin]) => latin))})[1 + abs(hashint4(g)) % ${surnames.length}] ||
               (${sqlArray(givenNames.map(([, latin]) => latin))})[1 + abs(hashint4(g + 1000000)) % ${givenNames.length}] as pinyin
      from generate_series(1, ${count}) g
    ), sealed as (
      select * from unnest($1::text[], $2::text[], $3::text[]) with ordinality
        as s(id_number_sealed, id_number_index, id_number_masked, position)
    ), inserted as (
      insert into employees (employee_no, name, name_pinyin, name_initials, phone, gender, id_type_id,
                             id_number_sealed, id_number_index, id_number_masked,
                             status, entry_date, employee_type_id, main_department_id, main_store_id, main_post_id)
      select 'B' || lpad(n::text, 7, '0'), name, pinyin, left(pinyin, 1), '19' || lpad(n::text, 9, '0'),
             case when n % 2 = 0 then 'male' else 'female' end,
             (select id from dictionary_items where type_id = 21 and code = 'passport'),
             sealed.id_number_sealed, sealed.id_number_index, sealed.id_number_masked,
             case when status_draw % 20 = 0 then 'probation' else 'regular' end,
             date '2015-01-01' + (entry_draw % 3900),
             (select id from dictionary_items where type_id = 50 order by id limit 1),
             sp.department_id, sp.store_id, sp.post_id
      from people
      join sealed on sealed.position = people.n
      join stores_posts sp on sp.slot = (people.n % (select n from slots))
      returning id, entry_date, main_department_id, main_store_id, main_post_id
    )
    insert into assignments (employee_id, department_id, store_id, post_id, is_main, start_date)
    select id, main_department_id, main_store_id, main_post_id, true, entry_date from inserted
  `,
    [
      sealed.map((columns) => columns.idNumberSealed),
      sealed.map((columns) => columns.idNumberIndex),
      sealed.map((columns) => columns.idNumberMasked),
    ],
  );
  // As autovacuum would have done on a database that grew over years: statistics and the visibility map.
  await client.query('vacuum analyze');
}

export const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function measure(url: string, authorization: string, title: string, query: string) {
  const took: number[] = [];
  let total = 0;
  for (let sample = 0; sample < SAMPLES + 10; sample += 1) {
    const started = performance.now();
    const response = await fetch(`${url}/api/auth/user/index?${query}`, { headers: { authorization } });
    const body = (await response.json()) as { code: number; data: { total: number } };
    if (body.code !== 200) throw new Error(`${title}: ${JSON.stringify(body)}`);
    total = body.data.total;
    // The first requests warm the connection pool and the plans; they are not counted.
    if (sample >= 10) took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  console.log(
    `  ${title.padEnd(40)} ${String(total).padStart(6)} rows   p50 ${percentile(took, 0.5).toFixed(1)} ms` +
      `   p95 ${percentile(took, 0.95).toFixed(1)} ms   max ${took.at(-1)!.toFixed(1)} ms`,
  );
}

/** Runs the staff-list benchmark against its own database on the PostgreSQL server; drops it after. */
export async function benchStaffList() {
  const name = `dealer_hr_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = serverUrl.replace(/\/[^/]*$/, `/${name}`);
  try {
    const server = await startServer({ env: { DATABASE_URL: databaseUrl, DATA_KEY } });
    try {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const generating = performance.now();
      await generateStaff(client);
      const [{ count }] = (await client.query('select count(*)::int as count from employees')).rows as [
        { count: number },
      ];
      const [{ store_id: storeId, region }] = (
        await client.query(
          `select s.id as store_id, s.region_department_id as region from stores s order by s.id limit 1`,
        )
      ).rows as [{ store_id: number; region: number }];
      await client.end();
      console.log(
        `\nstaff directory on PostgreSQL: ${count} employees (${EMPLOYEES} generated in ` +
          `${Math.round(performance.now() - generating)} ms); ${SAMPLES} sequential requests per filter, page of 20`,
      );
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
      });
      const authorization = `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}`;
      await measure(server.url, authorization, 'first page, no filter', 'page=1&limit=20');
      await measure(server.url, authorization, 'store', `store_id=${storeId}&limit=20`);
      await measure(
        server.url,
        authorization,
        'region (department subtree)',
        `department_id=${region}&limit=20`,
      );
      await measure(server.url, authorization, 'name in pinyin', 'keyword=zhangwei&limit=20');
      await measure(
        server.url,
        authorization,
        'name in Chinese, status',
        `keyword=${encodeURIComponent('李')}&status=probation&limit=20`,
      );
      await measure(
        server.url,
        authorization,
        'entry year, page 5',
        'entry_from=2020-01-01&entry_to=2020-12-31&page=5&limit=20',
      );
      await measure(server.url, authorization, 'whole ID number', 'id_number=BENCH0000054321&limit=20');
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
