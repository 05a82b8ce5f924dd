import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { maskIdNumber } from '@dealer-hr/shared/id-number';
import { onboardingMessages } from '@dealer-hr/shared/onboarding/rules';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf } from '../test/api';
import { createTestApp, emptyDatabase, type TestApp } from '../test/app';
import type { Database } from './client';
import { dataSteps } from './data-steps';
import { rowsOf } from './rows';
import { dictionaryItems, drafts, employees, onboardingEntries, posts, stores, users } from './schema';

let t: TestApp;
let admin: string;
const call = callerOf(() => ({ app: t, authorization: admin }));
/** Every demo employee's ID number, opened once from the seeded rows. */
let demoNumbers: Map<number, string>;
/** The ID numbers of the demo's onboarding entries (demo-activity.ts), by entry. */
let entryNumbers: Map<number, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const rows = await t.db
    .select({ id: employees.id, sealed: employees.idNumberSealed })
    .from(employees)
    .orderBy(asc(employees.id));
  demoNumbers = new Map(rows.map((row) => [row.id, t.sealer.open(row.sealed)]));
  const entries = await t.db
    .select({ id: onboardingEntries.id, sealed: onboardingEntries.idNumberSealed })
    .from(onboardingEntries);
  entryNumbers = new Map(entries.map((row) => [row.id, t.sealer.open(row.sealed)]));
});
afterAll(() => t.close());

/**
 * The columns of every table in the database, found through information_schema rather than listed by hand,
 * whose raw value holds one of `values` (in any case).
 */
async function columnsHolding(db: Database, values: Iterable<string>): Promise<string[]> {
  const columns = rowsOf<{ table_schema: string; table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
        -- Types whose values cannot spell an 18-character ID number (the punches and attendance days are
        -- hundreds of thousands of such cells), and a partitioned table, whose partitions are read instead.
        and c.data_type not in ('boolean', 'smallint', 'integer', 'real', 'double precision', 'date',
          'timestamp with time zone', 'timestamp without time zone')
        and c.table_name not in (select relname from pg_class where relkind = 'p')
      order by 1, 2, 3`),
  );
  expect(columns.length).toBeGreaterThan(100);
  // Matched here rather than by the database: one pattern of 600 numbers is slow in PostgreSQL's regex.
  const pattern = new RegExp([...values].join('|'), 'i');
  const holding: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    const cells = rowsOf<{ value: string | null }>(
      await db.execute(
        sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(schema)}.${sql.identifier(table)}`,
      ),
    );
    if (cells.some((cell) => cell.value !== null && pattern.test(cell.value)))
      holding.push(`${schema}.${table}.${column}`);
  }
  return holding;
}

/** The columns and indexes of a table, comparable between two databases. */
async function shapeOf(db: Database, table: string) {
  return {
    columns: rowsOf(
      await db.execute(sql`
        select column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = 'public' and table_name = ${table} order by column_name`),
    ),
    indexes: rowsOf(
      await db.execute(sql`
        select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename = ${table} order by indexname`),
    ),
  };
}

const migrationsDir = () => t.config.MIGRATIONS_DIR;

async function journalOf(dir: string): Promise<{ entries: { tag: string; when: number }[] }> {
  return JSON.parse(await readFile(path.join(dir, 'meta', '_journal.json'), 'utf8'));
}

/** A copy of the migrations that ends with `lastTag`: what an older version shipped. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dealer-hr-migrations-'));
  await cp(migrationsDir(), dir, { recursive: true });
  const journal = await journalOf(dir);
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

const sinceTag = async (tag: string) =>
  (await journalOf(migrationsDir())).entries.find((entry) => entry.tag === tag)!.when;

/** Migrations from 0018 on undone: the shape of the version before them. */
async function undoSince0018(tx: Database) {
  // 0038: annual leave carried over.
  await tx.execute(sql`alter table leave_ledger drop column settles_id, drop column expires_on`);
  await tx.execute(
    sql`alter table attendance_groups drop column annual_carry_days, drop column annual_carry_months`,
  );
  // 0037: the day's leave by type.
  await tx.execute(sql`alter table attendance_days drop column leave_days`);
  // 0036: the stint marks of the assignments.
  await tx.execute(
    sql`alter table assignments drop column stint_start, drop column ends_employment, drop column moves_store`,
  );
  // 0035: leave by the hour.
  await tx.execute(sql`alter table attendance_days drop column leave_minutes`);
  await tx.execute(sql`alter table attendance_groups drop column hourly_leave_types`);
  await tx.execute(
    sql`alter table leave_requests drop column unit, drop column start_minute, drop column end_minute`,
  );
  // 0034 replaces the epochs' trigger function in place: nothing of the shape to undo.
  // 0033: the statutory days of the holiday calendar.
  await tx.execute(sql`alter table holiday_calendar drop column statutory`);
  // 0032: the statistics' cache epoch and its triggers.
  for (const table of [
    'assignments',
    'employees',
    'departments',
    'stores',
    'posts',
    'headcount_plans',
    'resignations',
    'job_transfers',
    'prohibited_entries',
    'dictionary_items',
  ])
    await tx.execute(sql.raw(`drop trigger ${table}_statistics_epoch on ${table}`));
  await tx.execute(sql`delete from cache_epochs where name = 'statistics'`);
  // 0031: overtime requests, their lieu lines of the ledger, the provinces' leave top-ups of a group.
  await tx.execute(sql`alter table leave_ledger drop column overtime_request_id`);
  await tx.execute(sql`drop table overtime_requests`);
  await tx.execute(sql`alter table attendance_groups drop column leave_top_ups`);
  // 0030: the shared login throttle.
  await tx.execute(sql`drop table login_throttle`);
  // 0029: the statistics' indexes (the resignations' goes with its table below).
  await tx.execute(sql`drop index assignments_main_department_idx`);
  // 0028: leave requests and the ledger, and the leave type of a day.
  await tx.execute(sql`drop table leave_ledger, leave_requests`);
  await tx.execute(sql`alter table attendance_days drop column leave_type`);
  // 0027: shifts, groups, the calendar, punches, the day table, corrections.
  await tx.execute(sql`
    drop table attendance_corrections, attendance_months, attendance_builds, attendance_days, clock_punches,
      holiday_calendar, attendance_schedules, attendance_group_targets, attendance_groups, attendance_shifts`);
  // 0026: the clock-in points.
  await tx.execute(sql`drop table clock_points`);
  // 0025: the handover's items and the local platform's customers and chats.
  await tx.execute(sql`drop table handover_items, local_customers, local_group_chats`);
  // 0024, 0023: resignations and their settings.
  await tx.execute(sql`drop table resignation_settings, resignations`);
  // 0022: dispatch and rotation, and the kind of an assignment.
  await tx.execute(sql`drop table dispatches, rotation_stages, rotation_plans`);
  await tx.execute(sql`alter table assignments drop column kind`);
  // 0021: job transfers, and the approvals' target department.
  await tx.execute(sql`drop table job_transfers`);
  await tx.execute(sql`alter table approval_instances drop column target_department_id`);
  // 0020: training.
  await tx.execute(sql`drop table training_records, training_courses`);
  // 0019: the items' names in other languages.
  await tx.execute(
    sql`alter table dictionary_items drop column name_en, drop column name_es, drop column name_ja`,
  );
  // 0018: the demo test business's requests.
  await tx.execute(sql`
    create table approval_test_requests (
      id integer primary key generated by default as identity
        (sequence name "approval_test_requests_id_seq" increment by 1 minvalue 1 maxvalue 2147483647 start with 1 cache 1),
      title text not null,
      amount integer not null,
      department_id integer not null
        constraint approval_test_requests_department_id_departments_id_fk references departments (id),
      applicant_user_id integer not null
        constraint approval_test_requests_applicant_user_id_users_id_fk references users (id),
      status text default 'pending' not null,
      created_at timestamp with time zone default now() not null,
      updated_at timestamp with time zone default now() not null
    )`);
}

/** `update <table> set id_number` from the numbers by row id. */
const plainNumbersInto = (table: string, numbers: Map<number, string>) => sql`
  update ${sql.identifier(table)} as r set id_number = v.id_number
  from (values ${sql.join(
    [...numbers].map(([id, idNumber]) => sql`(${id}::integer, ${idNumber})`),
    sql`, `,
  )}) as v(id, id_number) where r.id = v.id`;

/** Migrations 0019 to 0010 undone, with the plain numbers put back: the database an older version left. */
async function putPlainNumbersBack(db: Database) {
  const since = await sinceTag('0010_employee_id_number_sealed');
  expect(entryNumbers.size).toBeGreaterThan(0);
  await db.transaction(async (tx) => {
    await undoSince0018(tx);
    // 0017: the jobs.
    await tx.execute(sql`drop table jobs`);
    // 0016: the change notifications (the epoch function goes with 0014).
    await tx.execute(sql`drop function notify_session_change() cascade`);
    // 0015: the approval of a task message.
    await tx.execute(sql`alter table messages drop column instance_id`);
    // 0014: the cache epochs and their triggers.
    await tx.execute(sql`drop function raise_cache_epoch() cascade`);
    await tx.execute(sql`drop table cache_epochs`);
    await tx.execute(sql`alter table employees add column id_number text`);
    await tx.execute(plainNumbersInto('employees', demoNumbers));
    await tx.execute(sql`alter table employees alter column id_number set not null`);
    await tx.execute(sql`drop index employees_id_number_key`);
    await tx.execute(sql`
      alter table employees
      drop column id_number_sealed, drop column id_number_index, drop column id_number_masked`);
    await tx.execute(
      sql`create unique index employees_id_number_key on employees using btree (id_type_id, id_number)`,
    );
    await tx.execute(
      sql`create index employees_id_number_search_idx on employees using btree (upper(trim(id_number)))`,
    );

    await tx.execute(sql`drop index onboarding_open_id_number_key`);
    await tx.execute(sql`alter table onboarding_entries add column id_number text`);
    await tx.execute(plainNumbersInto('onboarding_entries', entryNumbers));
    await tx.execute(sql`
      alter table onboarding_entries alter column id_number set not null,
      drop column id_number_sealed, drop column id_number_index, drop column id_number_masked`);
    await tx.execute(sql`
      create unique index onboarding_open_id_number_key on onboarding_entries using btree (upper(id_number))
      where status <> 'approved'`);
    await tx.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${since}`);
  });
}

/** An entry as the older version wrote it, with its number in plain text. */
async function oldEntry(
  db: Database,
  entry: { idNumber: string; status: string; employeeId: number | null },
) {
  const [place] = await db
    .select({ storeId: stores.id, departmentId: stores.departmentId, postId: posts.id })
    .from(stores)
    .innerJoin(posts, sql`true`)
    .limit(1);
  const [{ id }] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into onboarding_entries
        (status, name, phone, id_type_id, id_number, store_id, department_id, post_id, employee_id,
         created_by_user_id)
      values (${entry.status}, '旧入职', '13900001111',
        (select id from dictionary_items where type_id = ${DictType.ID_CARD} and code = 'passport'),
        ${entry.idNumber}, ${place!.storeId}, ${place!.departmentId}, ${place!.postId}, ${entry.employeeId},
        (select id from users where username = 'admin'))
      returning id`),
  ) as [{ id: number }];
  return id;
}

// Each upgrade below rewrites every employee of the demo, whose rows fire the cache epochs' triggers: some 20 s on
// a busy machine, past Vitest's default 30 s beside another test file.
describe('ID numbers of employees and onboarding entries', { timeout: 120_000 }, () => {
  it('are in no column of a fresh install in plain text', async () => {
    expect(demoNumbers.size).toBeGreaterThan(500);
    // The candidates' too: their entries, the audit log of their steps, the approvals' facts.
    expect(entryNumbers.size).toBeGreaterThan(0);
    expect(await columnsHolding(t.db, [...demoNumbers.values(), ...entryNumbers.values()])).toEqual([]);
  });

  it('are sealed by the upgrade from plain text, which refuses to go on over two people with one number', async () => {
    const sealedShapes = [await shapeOf(t.db, 'employees'), await shapeOf(t.db, 'onboarding_entries')];
    await putPlainNumbersBack(t.db);

    // The database put back is the one migration 0009 leaves, and the scan sees its plain numbers.
    const older = await emptyDatabase();
    const olderMigrations = await migrationsUpTo('0009_onboarding');
    try {
      await older.database.migrate(olderMigrations);
      for (const table of ['employees', 'onboarding_entries'])
        expect(await shapeOf(t.db, table), table).toEqual(await shapeOf(older.database.db, table));
    } finally {
      await older.database.close();
      await older.drop();
      await rm(olderMigrations, { recursive: true, force: true });
    }
    // A hired person's entry keeps their number; a candidate's entry is still open.
    const [[hiredId, hiredNumber], [first, firstNumber], [second, secondNumber]] = [...demoNumbers].slice(
      0,
      3,
    ) as [[number, string], [number, string], [number, string]];
    const candidateNumber = 'E87654321';
    const hiredEntry = await oldEntry(t.db, {
      idNumber: hiredNumber,
      status: 'approved',
      employeeId: hiredId,
    });
    const openEntry = await oldEntry(t.db, { idNumber: candidateNumber, status: 'draft', employeeId: null });
    // Its personal step half typed, the number in the draft.
    const draftKey = `onboarding:${openEntry}:personal`;
    await t.db.insert(drafts).values({
      userId: (await t.db.select().from(users).where(eq(users.username, 'admin')))[0]!.id,
      formKey: draftKey,
      data: { name: '旧入职', id_number: candidateNumber, college: '同济大学' },
    });
    const everyNumber = [...demoNumbers.values(), candidateNumber];
    expect(await columnsHolding(t.db, everyNumber)).toEqual([
      'public.drafts.data',
      'public.employees.id_number',
      'public.onboarding_entries.id_number',
    ]);

    // Two numbers the old unique index told apart (a space) are one person's: the upgrade names them and
    // changes nothing.
    await t.db.execute(
      sql`update employees set id_number = ${` ${secondNumber.toLowerCase()}`} where id = ${first}`,
    );
    const upgrade = () => t.database.migrate(migrationsDir(), dataSteps(t.config.DATA_KEY));
    const numberOf = async (id: number) =>
      (await t.db.select({ no: employees.employeeNo }).from(employees).where(eq(employees.id, id)))[0]!.no;
    const named = `employees share an ID number (${await numberOf(first)}, ${await numberOf(second)})`;
    await expect(upgrade()).rejects.toThrow(named);
    expect(await columnsHolding(t.db, [secondNumber])).toEqual(['public.employees.id_number']);
    await t.db.execute(sql`update employees set id_number = ${firstNumber} where id = ${first}`);

    await upgrade();
    expect([await shapeOf(t.db, 'employees'), await shapeOf(t.db, 'onboarding_entries')]).toEqual(
      sealedShapes,
    );
    const upgraded = await t.db.select().from(employees).orderBy(asc(employees.id));
    expect(upgraded).toHaveLength(demoNumbers.size);
    for (const row of upgraded) {
      const idNumber = demoNumbers.get(row.id)!;
      expect(t.sealer.open(row.idNumberSealed)).toBe(idNumber);
      expect(row.idNumberIndex).toBe(t.sealer.blindIndex(idNumber));
      expect(row.idNumberMasked).toBe(maskIdNumber(idNumber));
    }
    const found = await t.db
      .select({ id: employees.id, index: employees.idNumberIndex })
      .from(employees)
      .where(inArray(employees.idNumberIndex, [...demoNumbers.values()].map(t.sealer.blindIndex)));
    expect(new Map(found.map((row) => [row.index, row.id]))).toEqual(
      new Map([...demoNumbers].map(([id, idNumber]) => [t.sealer.blindIndex(idNumber), id])),
    );
    for (const [entryId, idNumber] of [
      ...entryNumbers,
      [hiredEntry, hiredNumber] as const,
      [openEntry, candidateNumber] as const,
    ]) {
      const [entry] = await t.db.select().from(onboardingEntries).where(eq(onboardingEntries.id, entryId));
      expect(t.sealer.open(entry!.idNumberSealed)).toBe(idNumber);
      expect(entry).toMatchObject({
        idNumberIndex: t.sealer.blindIndex(idNumber),
        idNumberMasked: maskIdNumber(idNumber),
      });
    }
    const [draft] = await t.db.select().from(drafts).where(eq(drafts.formKey, draftKey));
    expect(draft!.data).toEqual({ name: '旧入职', college: '同济大学' });
    // A second start has nothing left to do.
    await upgrade();
    expect(await t.db.select().from(employees).orderBy(asc(employees.id))).toEqual(upgraded);

    // The directory and onboarding work on the upgraded rows, and what they write keeps no number either.
    const search = await call<{ data: { id: number }[] }>(
      'GET',
      `user/index?id_number=${hiredNumber.toLowerCase()}`,
    );
    expect(search.data.data.map((row) => row.id)).toEqual([hiredId]);
    expect((await call('GET', `user/detail/id-number?id=${hiredId}`)).data).toEqual({
      id: hiredId,
      id_number: hiredNumber,
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/auth/user/export?id_number=${hiredNumber}`,
      headers: { authorization: admin },
    });
    expect(exported.statusCode).toBe(200);
    expect((await call('GET', `user/entry/step/detail?id=${openEntry}`)).data).toMatchObject({
      id_number: candidateNumber,
    });
    const again = await call('POST', 'user/entry/step/start', {
      name: '旧入职',
      phone: '13900002222',
      id_type_id: (await t.db.select().from(onboardingEntries).where(eq(onboardingEntries.id, openEntry)))[0]!
        .idTypeId,
      id_number: candidateNumber.toLowerCase(),
      store_id: (await t.db.select().from(stores).limit(1))[0]!.id,
      post_id: (await t.db.select().from(posts).limit(1))[0]!.id,
    });
    expect(again.message).toBe(onboardingMessages.openEntry);
    expect(await columnsHolding(t.db, everyNumber)).toEqual([]);
  });
});

describe('the demo test business', () => {
  it('leaves an upgraded database with its approvals, messages, flows, requests and audit rows', async () => {
    const upgrade = () => t.database.migrate(migrationsDir(), dataSteps(t.config.DATA_KEY));
    const since = await sinceTag('0018_test_request_removed');
    await t.db.transaction(async (tx) => {
      await undoSince0018(tx);
      await tx.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${since}`);
    });
    const one = async <Row>(query: ReturnType<typeof sql>) => rowsOf<Row>(await t.db.execute(query))[0]!;
    const { user, department } = await one<{ user: number; department: number }>(sql`
      select (select id from users where username = 'admin') as user,
             (select id from departments order by id limit 1) as department`);
    // What the older version wrote for a test request and for a dismissal, each with its messages.
    const approvalOf = async (type: string, businessId: number) => {
      // The seeded dismissal flow is there already; the test flow of a demo database is made here.
      const [flow] = rowsOf<{ id: number }>(
        await t.db.execute(sql`
          insert into approval_flows (business_type, name, nodes) values (${type}, ${`${type} 流程`}, '[]'::jsonb)
          on conflict do nothing returning id`),
      );
      const { id } = await one<{ id: number }>(sql`
        insert into approval_instances
          (flow_id, business_type, business_id, title, applicant_user_id, department_id, form, nodes, status)
        values (${flow?.id ?? null}, ${type}, ${businessId}, '旧申请', ${user}, ${department}, '{}'::jsonb,
          '[]'::jsonb, 'pending')
        returning id`);
      await t.db.execute(sql`
        insert into approval_tasks (instance_id, node_index, approver_user_id) values (${id}, 0, ${user})`);
      await t.db.execute(sql`insert into approval_events (instance_id, action) values (${id}, 'submit')`);
      await t.db.execute(sql`
        insert into messages (user_id, kind, title, content, link, instance_id) values
          (${user}, 'approval_task', '待审批', '-', ${`/approval/todo?instance=${id}`}, ${id}),
          (${user}, 'approval_approved', '审批通过', '-', ${`/approval/mine?instance=${id}`}, null)`);
      return id;
    };
    const request = await one<{ id: number }>(sql`
      insert into approval_test_requests (title, amount, department_id, applicant_user_id)
      values ('旧测试申请', 1, ${department}, ${user}) returning id`);
    const test = await approvalOf('test', request.id);
    const kept = await approvalOf('prohibited_dismiss', 1);
    await t.db.execute(sql`
      insert into audit_logs (user_id, action, entity, entity_id)
      values (${user}, 'create', 'approval_test_request', ${String(request.id)})`);

    await upgrade();
    const countOf = async (query: ReturnType<typeof sql>) =>
      Number((await one<{ n: number | string }>(query)).n);
    for (const table of ['approval_tasks', 'approval_events', 'messages'])
      expect(
        await countOf(sql`select count(*) as n from ${sql.identifier(table)} where instance_id = ${test}`),
        table,
      ).toBe(0);
    expect(
      await countOf(sql`select count(*) as n from messages where link like ${`%instance=${test}`}`),
    ).toBe(0);
    expect(
      await countOf(sql`select count(*) as n from approval_instances where business_type = 'test'`),
    ).toBe(0);
    expect(await countOf(sql`select count(*) as n from approval_flows where business_type = 'test'`)).toBe(0);
    expect(
      await countOf(sql`select count(*) as n from audit_logs where entity = 'approval_test_request'`),
    ).toBe(0);
    expect(
      await countOf(
        sql`select count(*) as n from information_schema.tables where table_name = 'approval_test_requests'`,
      ),
    ).toBe(0);
    // A product business's approval keeps everything.
    expect(
      await countOf(sql`select count(*) as n from messages where link like ${`%instance=${kept}`}`),
    ).toBe(2);
    expect(await countOf(sql`select count(*) as n from approval_tasks where instance_id = ${kept}`)).toBe(1);
  });
});

describe('the names of dictionary items in other languages', () => {
  it('are given to the seeded items of an upgraded database, and to nothing an administrator added', async () => {
    const since = await sinceTag('0018_test_request_removed');
    await t.db.transaction(async (tx) => {
      await undoSince0018(tx);
      await tx.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${since}`);
    });
    await t.db.execute(sql`
      insert into dictionary_items (type_id, code, name, sort)
      values (${DictType.ETHNICITY}, 'added_by_hand', '自加民族', 999)`);

    await t.database.migrate(migrationsDir(), dataSteps(t.config.DATA_KEY));
    const items = await t.db
      .select()
      .from(dictionaryItems)
      .where(inArray(dictionaryItems.typeId, [DictType.ID_CARD, DictType.ETHNICITY]));
    const byCode = new Map(items.map((item) => [item.code, item]));
    expect(byCode.get('mainland')).toMatchObject({
      nameEn: 'Resident ID card',
      nameEs: 'Documento de identidad de residente',
      nameJa: '居民身分証',
    });
    expect(byCode.get('han')).toMatchObject({ nameEn: 'Han', nameEs: 'Han', nameJa: '漢族' });
    expect(items.filter((item) => item.code !== 'added_by_hand' && !item.nameEn)).toEqual([]);
    expect(byCode.get('added_by_hand')).toMatchObject({ nameEn: null, nameEs: null, nameJa: null });
  });
});
