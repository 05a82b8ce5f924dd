import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, auditLogs, departments, headcountPlans, posts, stores } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPermissions, mainPostOf, userWith } from '../../test/users';
import type { HeadcountGrid } from '@dealer-hr/shared/headcount/contract';
import { importThrough } from '../../test/imports';
import { XLSX_TYPE } from '../../lib/xlsx';

const ALL = [
  'organization:headcount:view',
  'organization:headcount:update',
  'organization:headcount:import',
  'organization:headcount:export',
];

let t: TestApp;
let admin: string;
/** The seeded store manager, given the headcount permissions: their scope is their own store. */
let manager: string;
let managerStore: { id: number; code: string };
let otherStore: { id: number; code: string };
const call = callerOf(() => ({ app: t, authorization: admin }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await grantPermissions(t, 'manager', ALL);
  manager = await t.login('manager');
  const { departmentId } = await mainPostOf(t, 'manager');
  const [held] = await t.db
    .select({ id: stores.id, code: stores.code })
    .from(stores)
    .where(eq(stores.departmentId, departmentId));
  managerStore = held!;
  [otherStore] = (await t.db
    .select({ id: stores.id, code: stores.code })
    .from(stores)
    .where(and(ne(stores.id, managerStore.id), eq(stores.status, 'active')))
    .limit(1)) as [{ id: number; code: string }];
});
afterAll(() => t.close());

const grid = async (query = '', authorization = admin) =>
  (await call<HeadcountGrid>('GET', `headcount/index${query}`, undefined, authorization)).data;

async function plannedOf(storeId: number, postId: number): Promise<number | undefined> {
  const [row] = await t.db
    .select({ planned: headcountPlans.planned })
    .from(headcountPlans)
    .where(and(eq(headcountPlans.storeId, storeId), eq(headcountPlans.postId, postId)));
  return row?.planned;
}

async function postByCode(code: string) {
  const [post] = await t.db
    .select({ id: posts.id, code: posts.code })
    .from(posts)
    .where(eq(posts.code, code));
  return post!;
}

/** An .xlsx built the way a user would: header row, then one row per store x post. */
async function workbook(rows: (string | number | null)[][], headers = ['门店编码', '岗位编码', '编制人数']) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('编制计划');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The file through the import mechanism, all or nothing unless told: checked, committed and run. */
const upload = (bytes: Buffer, authorization = admin, allOrNothing = true) =>
  importThrough(t, { kind: 'headcount', bytes, authorization, allOrNothing });

const planSnapshot = () =>
  t.db
    .select()
    .from(headcountPlans)
    .orderBy(headcountPlans.storeId, headcountPlans.postId)
    .then((rows) => rows.map((row) => `${row.storeId}:${row.postId}:${row.planned}`));

describe('GET headcount/index', () => {
  it('answers every active store x active post with planned, actual and consistent totals', async () => {
    const data = await grid();
    const [{ storeCount }] = (await t.db
      .select({ storeCount: sql<number>`count(*)::int` })
      .from(stores)
      .where(eq(stores.status, 'active'))) as [{ storeCount: number }];
    const [{ postCount }] = (await t.db
      .select({ postCount: sql<number>`count(*)::int` })
      .from(posts)
      .where(eq(posts.status, 'active'))) as [{ postCount: number }];
    expect(data.rows).toHaveLength(storeCount);
    expect(data.posts).toHaveLength(postCount);
    for (const row of data.rows) {
      expect(row.cells.map((cell) => cell.post_id)).toEqual(data.posts.map((post) => post.id));
      expect(row.planned_total).toBe(row.cells.reduce((sum, cell) => sum + cell.planned, 0));
    }
    expect(data.planned_total).toBe(data.rows.reduce((sum, row) => sum + row.planned_total, 0));
    expect(data.actual_total).toBe(data.totals.reduce((sum, cell) => sum + cell.actual, 0));
    const [{ planned }] = (await t.db
      .select({ planned: sql<number>`coalesce(sum(${headcountPlans.planned}), 0)::int` })
      .from(headcountPlans)
      .innerJoin(stores, eq(stores.id, headcountPlans.storeId))
      .innerJoin(posts, eq(posts.id, headcountPlans.postId))
      .where(and(eq(stores.status, 'active'), eq(posts.status, 'active')))) as [{ planned: number }];
    expect(data.planned_total).toBe(planned);
    expect(planned).toBeGreaterThan(0);
    const [{ actual }] = (await t.db
      .select({ actual: sql<number>`count(*)::int` })
      .from(assignments)
      .innerJoin(stores, eq(stores.id, assignments.storeId))
      .innerJoin(posts, eq(posts.id, assignments.postId))
      .where(
        and(
          eq(assignments.isMain, true),
          isNull(assignments.endDate),
          eq(stores.status, 'active'),
          eq(posts.status, 'active'),
        ),
      )) as [{ actual: number }];
    expect(data.actual_total).toBe(actual);
  });

  it('narrows by region and store, and answers 422 for a bad filter', async () => {
    const [store] = await t.db.select().from(stores).where(eq(stores.id, otherStore.id));
    const byRegion = await grid(`?region_id=${store!.regionDepartmentId}`);
    expect(byRegion.rows.length).toBeGreaterThan(1);
    expect(byRegion.rows.every((row) => row.region_id === store!.regionDepartmentId)).toBe(true);
    const byStore = await grid(`?store_id=${store!.id}`);
    expect(byStore.rows.map((row) => row.store_id)).toEqual([store!.id]);
    expect((await call('GET', 'headcount/index?store_id=abc')).code).toBe(422);
  });

  it("shows a store manager only their own store's row", async () => {
    const data = await grid('', manager);
    expect(data.rows.map((row) => row.store_id)).toEqual([managerStore.id]);
    expect((await grid(`?store_id=${otherStore.id}`, manager)).rows).toEqual([]);
  });
});

describe('PUT headcount/update', () => {
  it('writes and audits only the changed cells in one batch', async () => {
    const consultant = await postByCode('sales_consultant');
    const mechanic = await postByCode('mechanic');
    const before = (await plannedOf(otherStore.id, mechanic.id)) ?? 0;
    const { code, data } = await call<{ changed: number }>('PUT', 'headcount/update', {
      items: [
        { store_id: otherStore.id, post_id: consultant.id, planned: 11 },
        { store_id: otherStore.id, post_id: mechanic.id, planned: before },
      ],
    });
    expect(code).toBe(200);
    expect(data.changed).toBe(1);
    expect(await plannedOf(otherStore.id, consultant.id)).toBe(11);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'headcount_plan'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'update',
      entityId: `${otherStore.id}:${consultant.id}`,
      after: { planned: 11 },
    });
    const row = (await grid(`?store_id=${otherStore.id}`)).rows[0]!;
    expect(row.cells.find((cell) => cell.post_id === consultant.id)?.planned).toBe(11);
  });

  it('answers 422 for a negative or fractional count, a repeated cell and an unknown post, writing nothing', async () => {
    const consultant = await postByCode('sales_consultant');
    const snapshot = await planSnapshot();
    const cell = { store_id: otherStore.id, post_id: consultant.id };
    for (const items of [
      [{ ...cell, planned: -1 }],
      [{ ...cell, planned: 1.5 }],
      [
        { ...cell, planned: 1 },
        { ...cell, planned: 2 },
      ],
      [
        { ...cell, planned: 3 },
        { store_id: otherStore.id, post_id: 99_999_999, planned: 1 },
      ],
      [],
    ]) {
      const answer = await call<{ errors: { message: string }[] }>('PUT', 'headcount/update', { items });
      expect(answer.code).toBe(422);
      expect(answer.data.errors[0]!.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await planSnapshot()).toEqual(snapshot);
  });

  it("lets a store manager change their own store and answers 404 for another store's cells", async () => {
    const consultant = await postByCode('sales_consultant');
    const own = await call(
      'PUT',
      'headcount/update',
      { items: [{ store_id: managerStore.id, post_id: consultant.id, planned: 9 }] },
      manager,
    );
    expect(own.code).toBe(200);
    expect(await plannedOf(managerStore.id, consultant.id)).toBe(9);
    const before = await plannedOf(otherStore.id, consultant.id);
    const outside = await call(
      'PUT',
      'headcount/update',
      {
        items: [
          { store_id: managerStore.id, post_id: consultant.id, planned: 4 },
          { store_id: otherStore.id, post_id: consultant.id, planned: 4 },
        ],
      },
      manager,
    );
    expect(outside.code).toBe(404);
    expect(await plannedOf(otherStore.id, consultant.id)).toBe(before);
    expect(await plannedOf(managerStore.id, consultant.id)).toBe(9);
  });
});

describe('GET headcount/export', () => {
  it('answers an .xlsx with one row per store x post in the caller scope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/headcount/export',
      headers: { authorization: manager },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain('attachment');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('编制计划')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '门店编码',
      '门店名称',
      '岗位编码',
      '岗位名称',
      '编制人数',
      '在岗人数',
    ]);
    const data = await grid('', manager);
    expect(sheet.actualRowCount - 1).toBe(data.posts.length);
    const codes = new Set<string>();
    sheet.eachRow((row, number) => {
      if (number > 1) codes.add(String(row.getCell(1).value));
    });
    expect([...codes]).toEqual([managerStore.code]);
  });
});

describe('the headcount import (imports/*, kind headcount)', () => {
  it('applies a good file with an audit entry, and round-trips the export', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/auth/headcount/export?store_id=${otherStore.id}`,
      headers: { authorization: admin },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('编制计划')!;
    sheet.getRow(2).getCell(5).value = 42;
    const postCode = String(sheet.getRow(2).getCell(3).value);
    const roundTrip = await upload(Buffer.from(await book.xlsx.writeBuffer()));
    expect(roundTrip.preview.data).toMatchObject({ total: sheet.actualRowCount - 1, invalid: 0 });
    expect(roundTrip.job).toMatchObject({ succeeded: sheet.actualRowCount - 1, failed: 0 });
    expect(await plannedOf(otherStore.id, (await postByCode(postCode)).id)).toBe(42);

    const mechanic = await postByCode('mechanic');
    const painter = await postByCode('paint_technician');
    const answer = await upload(
      await workbook([
        [otherStore.code, 'mechanic', 7],
        [otherStore.code, 'paint_technician', '5'],
      ]),
    );
    expect(answer.job).toMatchObject({ succeeded: 2, failed: 0, error: null });
    expect(await plannedOf(otherStore.id, mechanic.id)).toBe(7);
    expect(await plannedOf(otherStore.id, painter.id)).toBe(5);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'headcount_plan'), eq(auditLogs.action, 'import')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.after).toMatchObject({ rows: 2 });
  });

  it('writes nothing of a file with one bad row when all or nothing is asked, and names the row', async () => {
    const snapshot = await planSnapshot();
    const answer = await upload(
      await workbook([
        [otherStore.code, 'mechanic', 8],
        [otherStore.code, 'paint_technician', -2],
      ]),
    );
    expect(answer.preview.data.failures).toEqual([
      { row: 3, cells: expect.any(Object), problems: ['编制人数必须是 0 到 9999 之间的整数'] },
    ]);
    expect(answer.job).toMatchObject({ succeeded: 0, failed: 1 });
    expect(await planSnapshot()).toEqual(snapshot);
  });

  it('names every bad row: unknown codes, bad counts, duplicates and stores outside the scope', async () => {
    const snapshot = await planSnapshot();
    const answer = await upload(
      await workbook([
        [managerStore.code, 'mechanic', 2],
        ['NO-SUCH', 'mechanic', 1],
        [managerStore.code, 'no_such_post', 1],
        [managerStore.code, 'paint_technician', 1.5],
        [managerStore.code, 'mechanic', 3],
        [otherStore.code, 'mechanic', 1],
        [managerStore.code, 'body_technician', 'abc'],
      ]),
      manager,
    );
    expect(answer.preview.data).toMatchObject({ total: 7, valid: 1, invalid: 6 });
    const failures = answer.preview.data.failures;
    expect(failures.map((failure) => failure.row)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(failures.map((failure) => failure.problems)).toEqual([
      ['门店编码“NO-SUCH”不存在或不在您的数据范围内'],
      ['岗位编码“no_such_post”不存在'],
      ['编制人数必须是 0 到 9999 之间的整数'],
      ['与第 2 行的门店和岗位重复'],
      [`门店编码“${otherStore.code}”不存在或不在您的数据范围内`],
      ['编制人数必须是 0 到 9999 之间的整数'],
    ]);
    expect(answer.job).toMatchObject({ succeeded: 0, failed: 6 });
    expect(await planSnapshot()).toEqual(snapshot);
  });

  it('answers 422 for a file that is not .xlsx, missing headers and no rows', async () => {
    const garbage = await upload(Buffer.from('not a spreadsheet'));
    expect(garbage.preview).toMatchObject({ code: 422, message: '文件不是有效的 Excel（.xlsx）文件' });
    const headless = await upload(
      await workbook([[otherStore.code, 'mechanic', 1]], ['门店', '岗位', '人数']),
    );
    expect(headless.preview).toMatchObject({ code: 422, message: '缺少列：门店编码、岗位编码、编制人数' });
    expect((await upload(await workbook([]))).preview.message).toBe('文件中没有数据行');
  });

  it('needs the import permission', async () => {
    const viewer = await userWith(t, ['organization:headcount:view']);
    expect((await upload(await workbook([[otherStore.code, 'mechanic', 1]]), viewer)).preview.code).toBe(
      1403,
    );
    expect((await call('PUT', 'headcount/update', { items: [] }, viewer)).code).toBe(1403);
  });
});

describe('OpenAPI', () => {
  it('documents the headcount routes, and the import as a multipart upload', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/headcount/index',
        '/api/auth/headcount/update',
        '/api/auth/headcount/export',
        '/api/auth/imports/preview',
        '/api/auth/posts/index',
        '/api/auth/posts/main/post',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/auth/imports/preview'])).toContain('multipart/form-data');
  });
});

// The scope tests above rest on this: the manager holds their main post at a store node of the tree.
describe('fixture', () => {
  it('puts the manager in a store department', async () => {
    const [node] = await t.db
      .select({ kind: departments.kind })
      .from(stores)
      .innerJoin(departments, eq(departments.id, stores.departmentId))
      .where(eq(stores.id, managerStore.id));
    expect(node?.kind).toBe('store');
  });
});
