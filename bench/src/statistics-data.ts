import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../../apps/server/src/db/client';
import { markStints } from '../../apps/server/src/db/stints';
import { createSealer, sealedIdNumber } from '../../apps/server/src/lib/sealed-values';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { DATA_KEY } from './staff-list';

// The statistics benchmark's group, generated inside PostgreSQL on a fresh install without the demo: 10 regions
// x 100 stores, 6 main posts with a plan per store, and 100 000 people with three years of history (hires,
// leavers with their completed resignations, one transfer each for some, dispatches, prohibited-list entries).
// Every draw is a hash of (person, draw number), so a run generates the same group on the same day.

export const REGIONS = 10;
export const STORES_PER_REGION = 100;
export const PEOPLE = 100_000;
/** Prohibited-list entries added by hand, beside those the resignations added. */
const MANUAL_PROHIBITED = 300;
export const REGION_USER = { username: 'bench_region', password: 'Bench@2026' };

const STORES = REGIONS * STORES_PER_REGION;
/** Department ids: the root 1, regions 2..11, stores 12..; store s (1-based) is department STORE_BASE + s. */
const STORE_BASE = 1 + REGIONS;
/** The main posts: name, share of the people (per cent) and so the expected holders of a store. */
const POSTS = [
  ['sales_consultant', '销售顾问', 30],
  ['service_advisor', '服务顾问', 20],
  ['mechanic', '机修技师', 20],
  ['showroom_receptionist', '展厅接待', 10],
  ['parts_specialist', '配件专员', 12],
  ['store_manager', '店长', 8],
] as const;
const RESIGNATION_SHARES = [
  ['voluntary', 65],
  ['dismissal', 8],
  ['probation_failed', 7],
  ['contract_end', 10],
  ['mutual_agreement', 8],
  ['retirement', 2],
] as const;

/** A uniform draw in 0..2^32-1 from the person `n` and the draw number `k` (SQL). */
const draw = (k: number) => `(hashint4(n * 32 + ${k})::bigint + 2147483648)`;
/** A CASE over cumulative per-cent shares of `values` (SQL), drawn by `k`. */
const byShares = (k: number, shares: readonly (readonly [string | number, number])[]) => {
  let sum = 0;
  const arms = shares.map(([value, share]) => {
    sum += share;
    return `when ${draw(k)} % 100 < ${sum} then ${typeof value === 'number' ? value : `'${value}'`}`;
  });
  return `case ${arms.join(' ')} end`;
};

export interface GeneratedSizes {
  departments: number;
  stores: number;
  plans: number;
  employees: number;
  onStaff: number;
  assignments: number;
  resignations: number;
  transfers: number;
  dispatches: number;
  prohibited: number;
}

/**
 * The whole group of the benchmark, as of `today` with history from `since` (three years before): answers the
 * generated sizes and the first region's department id.
 */
export async function generateStatisticsData(client: pg.Client, today: string, since: string) {
  const run = (text: string, params?: unknown[]) => client.query(text, params);
  const [{ n: existing }] = (await run('select count(*)::int as n from departments')).rows as [{ n: number }];
  if (existing > 0) throw new Error('the statistics data is generated on an install without the demo');
  const sealer = createSealer(new TextEncoder().encode(DATA_KEY));
  // The people, the manual prohibited entries and the region manager: one ID number each.
  const sealed = Array.from({ length: PEOPLE + MANUAL_PROHIBITED + 1 }, (_, index) =>
    sealedIdNumber(sealer, `STAT${String(index + 1).padStart(10, '0')}`),
  );
  const [{ id: adminId }] = (await run(`select id from users where username = 'admin'`)).rows as [
    { id: number },
  ];

  // The tree: group, regions, stores ('/root/region/store/'), the stores and their plan.
  await run(`insert into departments (id, parent_id, name, kind, code, path, depth, sort)
             values (1, null, '压测集团', 'group', 'BENCH', '/1/', 0, 0)`);
  await run(
    `insert into departments (id, parent_id, name, kind, code, path, depth, sort)
     select 1 + r, 1, '压测' || r || '区', 'region', 'BENCH-R' || r, '/1/' || (1 + r) || '/', 1, r
     from generate_series(1, $1) r`,
    [REGIONS],
  );
  await run(
    `insert into departments (id, parent_id, name, kind, code, path, depth, sort)
     select ${STORE_BASE} + s, 2 + (s - 1) / $1, '压测门店' || s, 'store', 'BENCH-S' || lpad(s::text, 4, '0'),
            '/1/' || (2 + (s - 1) / $1) || '/' || (${STORE_BASE} + s) || '/', 2, s
     from generate_series(1, $2) s`,
    [STORES_PER_REGION, STORES],
  );
  await run(
    `insert into stores (id, department_id, code, name, region_department_id, store_type_id, city, opened_on)
     select s, ${STORE_BASE} + s, 'BS' || lpad(s::text, 4, '0'), '压测门店' || s, 2 + (s - 1) / $1,
            (select id from dictionary_items where type_id = 19 order by sort, id limit 1), '压测市', date '2010-01-01'
     from generate_series(1, $2) s`,
    [STORES_PER_REGION, STORES],
  );
  await run(
    `insert into posts (id, code, name, is_main, sort)
     select i, code, name, true, i from unnest($1::text[], $2::text[]) with ordinality as p(code, name, i)`,
    [POSTS.map(([code]) => code), POSTS.map(([, name]) => name)],
  );
  // About 60 people on staff a store: the plan is the expected holders of each post, 10 % under to 25 % over.
  await run(
    `insert into headcount_plans (store_id, post_id, planned)
     select s, p, greatest(1, round(share * 0.6 * (0.9 + (hashint4((s * 8 + p)::int)::bigint + 2147483648) % 36 / 100.0)))
     from generate_series(1, $1) s, unnest($2::int[]) with ordinality as x(share, p)`,
    [STORES, POSTS.map(([, , share]) => share)],
  );

  // The people's draws. 40 % hired in the last three years, the others since 2012; 40 % of all leave in the
  // last three years (about 20 % of the headcount a year); 15 % moved once to another store (70 % inside their
  // region); 3 % of those on staff dispatched to another store for a while; 3 % of the leavers prohibited.
  await run(
    `create temp table bench_people as
     with d as (
       select n, case when ${draw(0)} % 100 < 40 then $2::date + (${draw(1)} % ($1::date - $2::date + 1))::int
                      else date '2012-01-01' + (${draw(1)} % ($2::date - date '2012-01-01'))::int end as entry
       from generate_series(1, $3) n
     ), l as (
       select d.*, case when ${draw(2)} % 100 < 40 and greatest($2::date, entry + 14) <= $1::date - 1
                        then greatest($2::date, entry + 14)
                             + (${draw(3)} % ($1::date - greatest($2::date, entry + 14)))::int end as last_day
       from d
     ), t as (
       select l.*, greatest($2::date, entry + 30) as t_lo, coalesce(last_day, $1::date) - 7 as t_hi from l
     ), p as (
       select n, entry, last_day,
         case when ${draw(4)} % 100 < 15 and t_lo <= t_hi then t_lo + (${draw(5)} % (t_hi - t_lo + 1))::int end as moved_on,
         (1 + ${draw(6)} % $4)::int as store_a,
         ${byShares(
           9,
           POSTS.map(([, , share], index) => [index + 1, share] as const),
         )} as post_a
       from t
     )
     select p.*,
       case when ${draw(7)} % 100 < 70
            then ((store_a - 1) / $5) * $5 + 1 + ((store_a - 1) % $5 + 1 + (${draw(8)} % ($5 - 1))::int) % $5
            else (((store_a - 1) / $5 + 1 + (${draw(8)} % ($6 - 1))::int) % $6) * $5 + 1 + (${draw(8)} / 16 % $5)::int
       end as store_b,
       case when ${draw(10)} % 100 < 80 then post_a else 1 + (post_a + (${draw(10)} % ${POSTS.length - 1})::int) % ${POSTS.length} end as post_b,
       ${byShares(11, RESIGNATION_SHARES)} as type,
       case when ${draw(12)} % 100 < 62 then 'male' else 'female' end as gender,
       case when ${draw(14)} % 100 >= 3 then entry - (6570 + ${draw(13)} % 9855)::int end as birth_date,
       case when ${draw(16)} % 100 >= 4 then (${draw(15)} % 1000)::int end as education_draw,
       last_day is null and ${draw(17)} % 100 < 3 as dispatched,
       last_day is not null and ${draw(20)} % 100 < 3 as prohibited
     from p`,
    [today, since, PEOPLE, STORES, STORES_PER_REGION, REGIONS],
  );
  await run(`alter table bench_people add column store_final int, add column post_final int,
             add column dispatch_store int, add column dispatch_from date, add column dispatch_to date`);
  await run(
    `update bench_people set
       store_final = case when moved_on is null then store_a else store_b end,
       post_final = case when moved_on is null then post_a else post_b end,
       dispatch_store = case when dispatched then 1 + ((case when moved_on is null then store_a else store_b end)
                              + (${draw(18)} % ($1 - 1))::int) % $1 end`,
    [STORES],
  );
  await run(
    `update bench_people set dispatch_from = greatest(coalesce(moved_on, entry), $2::date)
       + (${draw(19)} % ($1::date - greatest(coalesce(moved_on, entry), $2::date) + 1))::int
     where dispatched`,
    [today, since],
  );
  await run(
    `update bench_people set dispatch_to = nullif(least(dispatch_from + 30 + (${draw(21)} % 150)::int, $1::date), $1::date)
     where dispatched`,
    [today],
  );

  // The people, sealed ID numbers joined by position; where they work is their last main post.
  await run(
    `with sealed as (
       select * from unnest($1::text[], $2::text[], $3::text[]) with ordinality as s(sealed, blind, masked, position)
     ), lists as (
       select array_agg(id order by sort, id) filter (where type_id = 22) as education,
              min(id) filter (where type_id = 21 and code = 'passport') as passport,
              min(id) filter (where type_id = 50) as employee_type
       from dictionary_items
     )
     insert into employees (id, employee_no, name, name_pinyin, name_initials, phone, gender, id_type_id,
                            id_number_sealed, id_number_index, id_number_masked, birth_date, education_id, status,
                            entry_date, left_on, employee_type_id, main_department_id, main_store_id, main_post_id)
     select n, 'S' || lpad(n::text, 7, '0'),
            (array['王','李','张','刘','陈','杨','黄','赵'])[1 + n % 8] || (array['伟','芳','娜','敏','静','磊','洋','勇','艳','杰'])[1 + n / 8 % 10],
            'stat' || n, 's', '13' || lpad(n::text, 9, '0'), gender, lists.passport, sealed, blind, masked, birth_date,
            case when education_draw is not null then lists.education[1 + education_draw % cardinality(lists.education)] end,
            case when last_day is not null then 'resigned' when entry > $4::date - 90 then 'probation' else 'regular' end,
            entry, last_day, lists.employee_type, ${STORE_BASE} + store_final, store_final, post_final
     from bench_people join sealed on position = n cross join lists`,
    [
      sealed.map((columns) => columns.idNumberSealed),
      sealed.map((columns) => columns.idNumberIndex),
      sealed.map((columns) => columns.idNumberMasked),
      today,
    ],
  );
  // Main posts (the first ends the day before the second starts), then the dispatches beside them.
  await run(
    `insert into assignments (id, employee_id, department_id, store_id, post_id, is_main, kind, start_date, end_date)
     select n, n, ${STORE_BASE} + store_a, store_a, post_a, true, 'post', entry, coalesce(moved_on - 1, last_day)
     from bench_people
     union all
     select $1 + n, n, ${STORE_BASE} + store_b, store_b, post_b, true, 'post', moved_on, last_day
     from bench_people where moved_on is not null
     union all
     select 2 * $1 + n, n, ${STORE_BASE} + dispatch_store, dispatch_store, post_final, false, 'dispatch',
            dispatch_from, dispatch_to
     from bench_people where dispatched`,
    [PEOPLE],
  );
  // Prohibited entries: those the leavers' resignations added (1 in 10 lifted after 100 days), and by hand.
  const manual = sealed.slice(PEOPLE, PEOPLE + MANUAL_PROHIBITED);
  const shanghai = (day: string) => `((${day})::timestamp at time zone 'Asia/Shanghai')`;
  await run(
    `insert into prohibited_entries (id, name, id_number_sealed, id_number_index, id_number_masked, disable_reason,
                                     source, status, created_by_user_id, dismissed_at, created_at, updated_at)
     select n, e.name, e.id_number_sealed, e.id_number_index, e.id_number_masked, '离职列入禁止录用', 'resignation',
            case when lifted then 'dismissed' else 'active' end, $1,
            case when lifted then added + interval '100 days' end, added, added
     from (select n, ${shanghai('last_day + 1')} + interval '10 hours' as added,
                  ${draw(22)} % 10 = 0 and last_day + 101 < $2::date as lifted
           from bench_people where prohibited) p
     join employees e on e.id = p.n`,
    [adminId, today],
  );
  await run(
    `insert into prohibited_entries (id, name, id_number_sealed, id_number_index, id_number_masked, disable_reason,
                                     source, status, created_by_user_id, created_at, updated_at)
     select $1 + k, '禁录' || k, sealed, blind, masked, '手动列入', case when k % 3 = 0 then 'import' else 'manual' end,
            'active', $5, ${shanghai('$6::date + ((hashint4(k::int)::bigint + 2147483648) % ($7::date - $6::date))::int')},
            ${shanghai('$6::date')}
     from unnest($2::text[], $3::text[], $4::text[]) with ordinality as s(sealed, blind, masked, k)`,
    [
      PEOPLE,
      manual.map((columns) => columns.idNumberSealed),
      manual.map((columns) => columns.idNumberIndex),
      manual.map((columns) => columns.idNumberMasked),
      adminId,
      since,
      today,
    ],
  );
  // A completed resignation for every leaver, filed where they last worked.
  await run(
    `with lists as (
       select array_agg(id order by id) filter (where type_id = 52) as reasons,
              array_agg(id order by id) filter (where type_id = 53) as destinations
       from dictionary_items
     )
     insert into resignations (id, employee_id, previous_status, store_id, department_id, post_id, type, reason_id,
                               destination_id, applied_on, last_day, explanation, status, created_by_user_id,
                               go_by_user_id, completed_at, add_prohibited, prohibited_entry_id, created_at, updated_at)
     select n, n, case when last_day < entry + 90 then 'probation' else 'regular' end, store_final,
            ${STORE_BASE} + store_final, post_final, type,
            lists.reasons[1 + ${draw(23)} % cardinality(lists.reasons)],
            lists.destinations[1 + ${draw(24)} % cardinality(lists.destinations)],
            greatest(entry, last_day - 30), last_day, '压测离职', 'completed', $1, $1,
            ${shanghai('last_day + 1')}, prohibited, case when prohibited then n end,
            ${shanghai('greatest(entry, last_day - 30)')}, ${shanghai('last_day + 1')}
     from bench_people cross join lists where last_day is not null`,
    [adminId],
  );
  await run(
    `with lists as (select array_agg(id order by id) as types from dictionary_items where type_id = 54)
     insert into job_transfers (id, employee_id, from_assignment_id, from_is_main, from_department_id, from_store_id,
                                from_post_id, to_department_id, to_store_id, to_post_id, type_id, effective_date,
                                reason, status, new_assignment_id, created_by_user_id, applied_at, created_at, updated_at)
     select n, n, n, true, ${STORE_BASE} + store_a, store_a, post_a, ${STORE_BASE} + store_b, store_b, post_b,
            lists.types[1 + ${draw(25)} % cardinality(lists.types)], moved_on, '压测调动', 'effective', $1 + n, $2,
            ${shanghai('moved_on')}, ${shanghai('moved_on - 20')}, ${shanghai('moved_on')}
     from bench_people cross join lists where moved_on is not null`,
    [PEOPLE, adminId],
  );

  // The region manager: an employee on the first region's node, with a role over their subtree that opens the
  // workbench and the statistics pages (no attendance: the workbench's figures are the statistics').
  const region = 2;
  const manager = sealed[PEOPLE + MANUAL_PROHIBITED]!;
  await run(
    `insert into employees (id, employee_no, name, phone, gender, id_type_id, id_number_sealed, id_number_index,
                            id_number_masked, status, entry_date, main_department_id, main_post_id)
     values ($1, 'S-REGION', '区域经理', '13900000000', 'male',
             (select id from dictionary_items where type_id = 21 and code = 'passport'), $2, $3, $4, 'regular',
             date '2015-03-01', $5, $6)`,
    [PEOPLE + 1, manager.idNumberSealed, manager.idNumberIndex, manager.idNumberMasked, region, POSTS.length],
  );
  await run(
    `insert into assignments (id, employee_id, department_id, post_id, is_main, start_date)
     values (3 * $1 + 1, $1 + 1, $2, $3, true, date '2015-03-01')`,
    [PEOPLE, region, POSTS.length],
  );
  const [{ id: roleId }] = (
    await run(
      `insert into roles (key, name, data_scope) values ('bench-region', '压测区域经理', 'subtree') returning id`,
    )
  ).rows as [{ id: number }];
  await run(
    `insert into role_menus (role_id, menu_id) select $1, id from menus
     where name in ('dashboard', 'statisticsOverview', 'statisticsTurnover', 'statisticsVacancy',
                    'statisticsResign', 'statisticsDistribution')`,
    [roleId],
  );
  const [{ id: userId }] = (
    await run(
      `insert into users (username, password_hash, name, employee_id) values ($1, $2, '区域经理', $3) returning id`,
      [REGION_USER.username, await hashPassword(REGION_USER.password), PEOPLE + 1],
    )
  ).rows as [{ id: number }];
  await run(`insert into user_roles (user_id, role_id) values ($1, $2)`, [userId, roleId]);

  // Identities continue after the explicit ids.
  for (const table of [
    'departments',
    'stores',
    'posts',
    'employees',
    'assignments',
    'resignations',
    'job_transfers',
    'prohibited_entries',
  ])
    await run(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  await run('drop table bench_people');
  // The marks the employment module keeps on each main assignment, for the rows written here in bulk.
  await markStints(drizzle({ client }) as unknown as Database, 'all');
  // As autovacuum would have done on a database that grew over years: statistics and the visibility map.
  await run('vacuum analyze');

  const { rows } = await run(`select
      (select count(*)::int from departments) as departments, (select count(*)::int from stores) as stores,
      (select count(*)::int from headcount_plans) as plans, (select count(*)::int from employees) as employees,
      (select count(*)::int from employees where status <> 'resigned') as "onStaff",
      (select count(*)::int from assignments) as assignments,
      (select count(*)::int from resignations) as resignations,
      (select count(*)::int from job_transfers) as transfers,
      (select count(*)::int from assignments where kind = 'dispatch') as dispatches,
      (select count(*)::int from prohibited_entries) as prohibited`);
  return { sizes: rows[0] as GeneratedSizes, region };
}
