import { createSealer, sealedIdNumber } from '../../apps/server/src/lib/sealed-values';
import { DATA_KEY } from './staff-list';

// The attendance benchmark's data, generated inside the database (PostgreSQL or PGlite): people with an open
// main post in a store, one group over the whole tree with a 09:00-18:00 shift, and 16 punches a person a day.

/** A query on either database: `pg.Client.query` and `PGlite.query` both fit. */
export type Run = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

export const TIME_ZONE = 'Asia/Shanghai';
export const PUNCHES_A_DAY = 16;
/** The people the punches are generated for: everyone on staff, with their store's first clock point. */
export const PEOPLE_TABLE = 'bench_attendance_people';

export const lastDayOf = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
};

export const daysOf = (month: string) =>
  Array.from(
    { length: Number(lastDayOf(month).slice(8)) },
    (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`,
  );

const surnames = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴'];
const givenNames = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '艳', '杰', '涛', '强'];
const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

/**
 * `count` employees, each with an open main post (one of `postCodes`) in one of the stores, round robin, hired
 * some time in the 400 days before `hiredBy`. Their ID numbers are sealed with the server's key (DATA_KEY).
 */
export async function generateEmployees(
  run: Run,
  count: number,
  postCodes: readonly string[],
  hiredBy: string,
) {
  if (count <= 0) return;
  const sealer = createSealer(new TextEncoder().encode(DATA_KEY));
  const sealed = Array.from({ length: count }, (_, index) =>
    sealedIdNumber(sealer, `ATTBENCH${String(index + 1).padStart(8, '0')}`),
  );
  await run(
    `
    with slots as (
      select s.id as store_id, s.department_id, p.id as post_id,
             row_number() over (order by s.id, p.id) - 1 as slot
      from stores s cross join (select id from posts where code = any($4::text[])) p
    ), sealed as (
      select * from unnest($1::text[], $2::text[], $3::text[]) with ordinality
        as s(id_number_sealed, id_number_index, id_number_masked, n)
    ), inserted as (
      insert into employees (employee_no, name, name_pinyin, name_initials, phone, gender, id_type_id,
                             id_number_sealed, id_number_index, id_number_masked, status, entry_date,
                             employee_type_id, main_department_id, main_store_id, main_post_id)
      select 'KQ' || lpad(n::text, 6, '0'),
             (${sqlArray(surnames)})[1 + n % ${surnames.length}] || (${sqlArray(givenNames)})[1 + (n / ${surnames.length}) % ${givenNames.length}],
             'kq' || n, 'kq', '166' || lpad(n::text, 8, '0'),
             case when n % 2 = 0 then 'male' else 'female' end,
             (select id from dictionary_items where type_id = 21 and code = 'passport'),
             id_number_sealed, id_number_index, id_number_masked, 'regular',
             $5::date - (n % 400)::int,
             (select id from dictionary_items where type_id = 50 order by id limit 1),
             slots.department_id, slots.store_id, slots.post_id
      from sealed join slots on slots.slot = (n - 1) % (select count(*) from slots)
      returning id, entry_date, main_department_id, main_store_id, main_post_id
    )
    insert into assignments (employee_id, department_id, store_id, post_id, is_main, start_date)
    select id, main_department_id, main_store_id, main_post_id, true, entry_date from inserted`,
    [
      sealed.map((columns) => columns.idNumberSealed),
      sealed.map((columns) => columns.idNumberIndex),
      sealed.map((columns) => columns.idNumberMasked),
      postCodes,
      hiredBy,
    ],
  );
}

/** A 09:00-18:00 shift and one fixed group (Monday to Friday) over the root of the tree: everyone is in it. */
export async function createGroup(run: Run) {
  const { rows: shifts } = await run(
    `insert into attendance_shifts (name, start_minute, end_minute, earliest_in, latest_out, late_grace,
                                    serious_late, late_absent, early_grace, half_day_hours, absent_hours)
     values ('压测早班', 540, 1080, 120, 240, 5, 30, 120, 0, 4, 2) returning id`,
  );
  const { rows: groups } = await run(
    `insert into attendance_groups (name, kind, shift_id, workdays) values ('压测考勤组', 'fixed', $1, '{1,2,3,4,5}')
     returning id`,
    [(shifts[0] as { id: number }).id],
  );
  // The demo's rules (a group over the root and one over the stores), when installed, give way to it.
  await run(`delete from attendance_group_targets`);
  await run(
    `insert into attendance_group_targets (group_id, target, target_id)
     select $1, 'department', id from departments where parent_id is null`,
    [(groups[0] as { id: number }).id],
  );
}

/** Everyone on staff with their open main post and their store's first clock point (none at head office). */
export async function collectPeople(run: Run) {
  await run(`drop table if exists ${PEOPLE_TABLE}`);
  await run(`
    create table ${PEOPLE_TABLE} as
    select e.id, e.entry_date, e.left_on, a.store_id, a.department_id,
           p.id as point_id, p.wgs_latitude as latitude, p.wgs_longitude as longitude
    from employees e
    join assignments a on a.employee_id = e.id and a.is_main and a.end_date is null
    left join lateral (
      select id, wgs_latitude, wgs_longitude from clock_points where store_id = a.store_id order by id limit 1
    ) p on true
    where e.status <> 'resigned'`);
  const { rows } = await run(`select count(*)::int as n from ${PEOPLE_TABLE}`);
  return (rows[0] as { n: number }).n;
}

/**
 * A month of punches of everyone in the people table, 16 a day each (every day, rest days too), in time order
 * as they would have arrived: the first between 08:30 and 09:10, the last between 17:55 and 18:25, the others
 * about every 35 minutes between; 1 in 100 outside the fence. Draws are hashes of (person, day, punch).
 */
export async function generateMonthOfPunches(run: Run, month: string): Promise<number> {
  const { rows } = await run(
    `
    with drawn as (
      select p.*, d::date as day, k,
             (hashint8(p.id::bigint * 1048576 + (d::date - date '2000-01-01') * 16 + k)::bigint + 2147483648) as draw
      from generate_series($1::timestamp, $2::timestamp, interval '1 day') d
      cross join generate_series(0, ${PUNCHES_A_DAY - 1}) k
      cross join ${PEOPLE_TABLE} p
      where d::date >= p.entry_date and (p.left_on is null or d::date <= p.left_on)
    ), timed as (
      select *, (day::timestamp + make_interval(secs => (case k
                  when 0 then 30600 + draw % 2400
                  when ${PUNCHES_A_DAY - 1} then 64500 + draw % 1800
                  else 34200 + (k - 1) * 2100 + draw % 1200 end)::float8 + (draw % 997) / 1000.0))
                at time zone '${TIME_ZONE}' as punched_at,
             draw % 100 = 7 as outside
      from drawn
    ), inserted as (
      insert into clock_punches (punched_at, employee_id, store_id, department_id, point_id, distance, in_fence,
                                 latitude, longitude, datum, accuracy, source)
      select punched_at, id, store_id, department_id, point_id,
             case when point_id is null then null when outside then 600 + (draw / 7) % 900 else (draw / 7) % 150 end,
             not outside,
             latitude + ((draw / 11) % 200 - 100) * (case when outside then 0.0001 else 0.000008 end),
             longitude + ((draw / 13) % 200 - 100) * (case when outside then 0.0001 else 0.000008 end),
             case when latitude is null then null else 'wgs84' end,
             5 + (draw / 17) % 30,
             case when draw % 3 = 0 then 'wecom' else 'device' end
      from timed
      order by punched_at
      returning 1
    )
    select count(*)::int as n from inserted`,
    [`${month}-01`, lastDayOf(month)],
  );
  return (rows[0] as { n: number }).n;
}

/**
 * `count` more employees for the nightly build's day, made as {@link generateEmployees} makes them (an open main
 * post in one of the stores, round robin) but all hired on `hiredOn`, with their own series of numbers (KD…):
 * they are not on staff on any day before it, so the days built before are as they were.
 */
export async function generateDayStaff(
  run: Run,
  count: number,
  postCodes: readonly string[],
  hiredOn: string,
) {
  if (count <= 0) return;
  const sealer = createSealer(new TextEncoder().encode(DATA_KEY));
  const sealed = Array.from({ length: count }, (_, index) =>
    sealedIdNumber(sealer, `ATTDAY${String(index + 1).padStart(8, '0')}`),
  );
  await run(
    `
    with slots as (
      select s.id as store_id, s.department_id, p.id as post_id,
             row_number() over (order by s.id, p.id) - 1 as slot
      from stores s cross join (select id from posts where code = any($4::text[])) p
    ), sealed as (
      select * from unnest($1::text[], $2::text[], $3::text[]) with ordinality
        as s(id_number_sealed, id_number_index, id_number_masked, n)
    ), inserted as (
      insert into employees (employee_no, name, name_pinyin, name_initials, phone, gender, id_type_id,
                             id_number_sealed, id_number_index, id_number_masked, status, entry_date,
                             employee_type_id, main_department_id, main_store_id, main_post_id)
      select 'KD' || lpad(n::text, 6, '0'),
             (${sqlArray(surnames)})[1 + n % ${surnames.length}] || (${sqlArray(givenNames)})[1 + (n / ${surnames.length}) % ${givenNames.length}],
             'kd' || n, 'kd', '167' || lpad(n::text, 8, '0'),
             case when n % 2 = 0 then 'male' else 'female' end,
             (select id from dictionary_items where type_id = 21 and code = 'passport'),
             id_number_sealed, id_number_index, id_number_masked, 'regular',
             $5::date,
             (select id from dictionary_items where type_id = 50 order by id limit 1),
             slots.department_id, slots.store_id, slots.post_id
      from sealed join slots on slots.slot = (n - 1) % (select count(*) from slots)
      returning id, entry_date, main_department_id, main_store_id, main_post_id
    )
    insert into assignments (employee_id, department_id, store_id, post_id, is_main, start_date)
    select id, main_department_id, main_store_id, main_post_id, true, entry_date from inserted`,
    [
      sealed.map((columns) => columns.idNumberSealed),
      sealed.map((columns) => columns.idNumberIndex),
      sealed.map((columns) => columns.idNumberMasked),
      postCodes,
      hiredOn,
    ],
  );
}

/**
 * The punches of `day` of everyone employed that day who has none since `since` (the generated punches end with
 * the bench's month; the demo's reach yesterday): 2 for most (in between 08:30 and 09:10, out between 17:55
 * and 18:25), only the first for 1 in 20, none for 1 in 20; 1 in 100 outside the fence. Answers the punches
 * and the people they are for.
 */
export async function generateDayOfPunches(
  run: Run,
  day: string,
  since: string,
): Promise<{ punches: number; people: number }> {
  const { rows } = await run(
    `
    with staff as (
      select e.id, a.store_id, a.department_id,
             p.id as point_id, p.wgs_latitude as latitude, p.wgs_longitude as longitude,
             (hashint8(e.id::bigint * 7919 + ($1::date - date '2000-01-01'))::bigint + 2147483648) % 20 as fate
      from employees e
      join assignments a on a.employee_id = e.id and a.is_main and a.start_date <= $1::date
                        and (a.end_date is null or a.end_date >= $1::date)
      left join lateral (
        select id, wgs_latitude, wgs_longitude from clock_points where store_id = a.store_id order by id limit 1
      ) p on true
      where e.entry_date <= $1::date and (e.left_on is null or e.left_on >= $1::date)
        and not exists (
          select 1 from clock_punches c
          where c.employee_id = e.id and c.punched_at >= ($2::date::timestamp at time zone '${TIME_ZONE}'))
    ), drawn as (
      select s.*, k,
             (hashint8(s.id::bigint * 1048576 + ($1::date - date '2000-01-01') * 16 + k)::bigint + 2147483648) as draw
      from staff s cross join generate_series(0, 1) k
      where s.fate >= 2 or (s.fate = 1 and k = 0)
    ), timed as (
      select *, ($1::date::timestamp + make_interval(secs => (case k when 0 then 30600 + draw % 2400
                                                                      else 64500 + draw % 1800 end)::float8
                                                              + (draw % 997) / 1000.0))
                at time zone '${TIME_ZONE}' as punched_at,
             draw % 100 = 7 as outside
      from drawn
    ), inserted as (
      insert into clock_punches (punched_at, employee_id, store_id, department_id, point_id, distance, in_fence,
                                 latitude, longitude, datum, accuracy, source)
      select punched_at, id, store_id, department_id, point_id,
             case when point_id is null then null when outside then 600 + (draw / 7) % 900 else (draw / 7) % 150 end,
             not outside,
             latitude + ((draw / 11) % 200 - 100) * (case when outside then 0.0001 else 0.000008 end),
             longitude + ((draw / 13) % 200 - 100) * (case when outside then 0.0001 else 0.000008 end),
             case when latitude is null then null else 'wgs84' end,
             5 + (draw / 17) % 30,
             case when draw % 3 = 0 then 'wecom' else 'device' end
      from timed
      order by punched_at
      returning employee_id
    )
    select count(*)::int as punches, count(distinct employee_id)::int as people from inserted`,
    [day, since],
  );
  return rows[0] as { punches: number; people: number };
}
