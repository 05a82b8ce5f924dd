import { DictType } from '@dealer-hr/shared/dictionary-types';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, dictionaryItems, headcountPlans, posts, stores } from '../../db/schema';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf } from '../../test/audit';
import { grantPermissions, mainPostOf, userWith } from '../../test/users';
import type { StoreRow, TreeNode } from '@dealer-hr/shared/stores/contract';

let t: TestApp;
let admin: string;
/** The demo account `manager` (a store's general manager), also granted the stores page here. */
let manager: string;
let managerStore: { id: number; regionId: number; departmentId: number };
let otherStore: { id: number; regionId: number };
let regionIds: number[];
const items: Record<number, number[]> = {};
const call = callerOf(() => ({ app: t, authorization: admin }));

let serial = 0;
const newCode = () => `T-${Date.now().toString(36)}-${(serial += 1)}`;

function storeBody(overrides: Record<string, unknown> = {}) {
  return {
    region_id: regionIds[0],
    code: newCode(),
    name: '测试门店',
    store_type_id: items[DictType.STORE_TYPE]![0],
    brand_id: items[DictType.STORE_BRAND]![0],
    category_id: items[DictType.STORE_CATEGORY]![0],
    city: '上海',
    address: '测试路 1 号',
    latitude: '31.2',
    longitude: 121.5,
    opened_on: '2026-01-15',
    ...overrides,
  };
}

async function createStore(overrides: Record<string, unknown> = {}) {
  const answer = await call<{ id: number; department_id: number }>(
    'POST',
    'store/store',
    storeBody(overrides),
  );
  expect(answer.code).toBe(200);
  return answer.data;
}

async function departmentRow(id: number) {
  const [row] = await t.db.select().from(departments).where(eq(departments.id, id));
  return row;
}

const lastAudit = (entityId: number) => lastAuditOf(t, 'store', entityId);

/** Grants the demo manager the stores page and its buttons (their scope stays their store). */
async function grantManager() {
  await grantPermissions(t, 'manager', [
    'organization:stores:view',
    'organization:stores:update',
    'organization:stores:delete',
    'organization:stores:create',
  ]);
  const { storeId } = await mainPostOf(t, 'manager');
  const [own] = await t.db.select().from(stores).where(eq(stores.id, storeId!));
  managerStore = { id: own!.id, regionId: own!.regionDepartmentId, departmentId: own!.departmentId };
  const [other] = await t.db
    .select()
    .from(stores)
    .where(ne(stores.regionDepartmentId, own!.regionDepartmentId))
    .limit(1);
  otherStore = { id: other!.id, regionId: other!.regionDepartmentId };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const regions = await t.db
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.kind, 'region'))
    .orderBy(asc(departments.sort), asc(departments.id));
  regionIds = regions.map((row) => row.id);
  for (const typeId of [DictType.STORE_TYPE, DictType.STORE_BRAND, DictType.STORE_CATEGORY]) {
    const rows = await t.db
      .select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.typeId, typeId), eq(dictionaryItems.enabled, true)))
      .orderBy(asc(dictionaryItems.id));
    items[typeId] = rows.map((row) => row.id);
  }
  await grantManager();
  manager = await t.login('manager');
});
afterAll(() => t.close());

describe('GET /api/auth/store/index', () => {
  it('pages every store for a group-wide role, with names of region and dictionary items', async () => {
    const [{ total }] = (await t.db.select({ total: sql<number>`count(*)::int` }).from(stores)) as [
      { total: number },
    ];
    const answer = await call<{ data: StoreRow[]; total: number }>('GET', 'store/index?page=1&limit=10');
    expect(answer.code).toBe(200);
    expect(answer.data.total).toBe(total);
    expect(answer.data.data).toHaveLength(10);
    const row = answer.data.data[0]!;
    expect(row.regionName).toBeTruthy();
    expect(row.storeTypeName).toBeTruthy();
    expect(row.staffCount).toBeGreaterThan(0);
  });

  it('filters by region, brand, store type, category, status and name or code', async () => {
    const [sample] = await t.db.select().from(stores).orderBy(asc(stores.id)).limit(1);
    const filters = {
      region_id: sample!.regionDepartmentId,
      brand_id: sample!.brandId,
      store_type_id: sample!.storeTypeId,
      category_id: sample!.categoryId,
    };
    for (const [name, value] of Object.entries(filters)) {
      const { data } = await call<{ data: StoreRow[]; total: number }>(
        'GET',
        `store/index?limit=100&${name}=${value}`,
      );
      expect(data.total).toBeGreaterThan(0);
      const column = {
        region_id: 'regionId',
        brand_id: 'brandId',
        store_type_id: 'storeTypeId',
        category_id: 'categoryId',
      }[name] as keyof StoreRow;
      expect(data.data.every((row) => row[column] === value)).toBe(true);
    }
    const byCode = await call<{ data: StoreRow[] }>(
      'GET',
      `store/index?keyword=${sample!.code.toLowerCase()}`,
    );
    expect(byCode.data.data.map((row) => row.id)).toContain(sample!.id);
    const byName = await call<{ data: StoreRow[] }>(
      'GET',
      `store/index?keyword=${encodeURIComponent(sample!.name)}`,
    );
    expect(byName.data.data.map((row) => row.id)).toEqual([sample!.id]);
    const disabled = await call<{ total: number }>('GET', 'store/index?status=disabled');
    expect(disabled.code).toBe(200);
    const none = await call<{ total: number }>('GET', 'store/index?keyword=%25no-such-store');
    expect(none.data.total).toBe(0);
  });

  it('answers 422 for a malformed filter', async () => {
    const answer = await call('GET', 'store/index?region_id=abc');
    expect(answer.status).toBe(422);
    expect(fieldErrorsOf(answer)[0]).toEqual({ field: 'region_id', message: '区域门店格式不正确' });
    expect((await call('GET', 'store/index?status=closed')).status).toBe(422);
  });

  it('shows a store manager only their own store', async () => {
    const { data } = await call<{ data: StoreRow[]; total: number }>(
      'GET',
      'store/index',
      undefined,
      manager,
    );
    expect(data.data.map((row) => row.id)).toEqual([managerStore.id]);
    expect(data.total).toBe(1);
  });
});

describe('GET /api/auth/store/detail', () => {
  it('answers the store, and 404 for an unknown one or one outside the scope', async () => {
    const own = await call<StoreRow>('GET', `store/detail?id=${managerStore.id}`, undefined, manager);
    expect(own.code).toBe(200);
    expect(own.data).toMatchObject({ id: managerStore.id, departmentId: managerStore.departmentId });
    const outside = await call('GET', `store/detail?id=${otherStore.id}`, undefined, manager);
    expect(outside.status).toBe(404);
    expect((await call('GET', `store/detail?id=${otherStore.id}`)).code).toBe(200);
    expect((await call('GET', 'store/detail?id=999999')).status).toBe(404);
    expect((await call('GET', 'store/detail?id=x')).status).toBe(422);
  });
});

describe('GET /api/auth/store/tree', () => {
  it('answers the regions as roots, and a region’s stores as its children', async () => {
    const roots = await call<TreeNode[]>('GET', 'store/tree');
    expect(roots.data.map((node) => node.id)).toEqual(regionIds);
    expect(roots.data.every((node) => node.kind === 'region' && node.store_id === null)).toBe(true);
    expect(roots.data.every((node) => node.children.length === 0)).toBe(true);
    expect(roots.data.some((node) => node.has_children)).toBe(true);

    const region = roots.data.find((node) => node.has_children)!;
    const children = await call<TreeNode[]>('GET', `store/tree?parent_id=${region.id}`);
    const expected = await t.db
      .select({ id: stores.id, departmentId: stores.departmentId })
      .from(stores)
      .where(eq(stores.regionDepartmentId, region.id));
    expect(children.data.map((node) => node.store_id).sort()).toEqual(expected.map((row) => row.id).sort());
    for (const node of children.data) {
      expect(node).toMatchObject({ kind: 'store', has_children: false, children: [] });
      // Node ids are department ids, so a store node can never share an id with a region node.
      expect(expected.find((row) => row.id === node.store_id)!.departmentId).toBe(node.id);
      expect(regionIds).not.toContain(node.id);
    }
  });

  it('answers no children below a store or an unknown node', async () => {
    expect((await call<TreeNode[]>('GET', `store/tree?parent_id=${managerStore.departmentId}`)).data).toEqual(
      [],
    );
    expect((await call<TreeNode[]>('GET', 'store/tree?parent_id=999999')).data).toEqual([]);
  });

  it('shows a store manager their region and only their store', async () => {
    const roots = await call<TreeNode[]>('GET', 'store/tree', undefined, manager);
    expect(roots.data.map((node) => node.id)).toEqual([managerStore.regionId]);
    const children = await call<TreeNode[]>(
      'GET',
      `store/tree?parent_id=${managerStore.regionId}`,
      undefined,
      manager,
    );
    expect(children.data.map((node) => node.store_id)).toEqual([managerStore.id]);
    expect(
      (await call<TreeNode[]>('GET', `store/tree?parent_id=${otherStore.regionId}`, undefined, manager)).data,
    ).toEqual([]);
  });
});

describe('POST /api/auth/store/store', () => {
  it('creates the store and its department node under the region, with an audit row', async () => {
    const body = storeBody();
    const answer = await call<{ id: number; department_id: number }>('POST', 'store/store', body);
    expect(answer.code).toBe(200);
    const region = await departmentRow(regionIds[0]!);
    const node = await departmentRow(answer.data.department_id);
    expect(node).toMatchObject({
      parentId: region!.id,
      kind: 'store',
      name: '测试门店',
      code: body.code,
      path: `${region!.path}${node!.id}/`,
      depth: region!.depth + 1,
    });
    const detail = await call<StoreRow>('GET', `store/detail?id=${answer.data.id}`);
    expect(detail.data).toMatchObject({
      code: body.code,
      regionId: region!.id,
      latitude: '31.200000',
      longitude: '121.500000',
      openedOn: '2026-01-15',
      status: 'active',
      staffCount: 0,
    });
    expect(await lastAudit(answer.data.id)).toMatchObject({ action: 'create' });
  });

  // The messages of docs/domain.md "Form rules".
  it('answers 422 with the form rules’ messages for missing district store, code, name and store type', async () => {
    const answer = await call('POST', 'store/store', {
      region_id: null,
      code: ' ',
      name: '',
      store_type_id: '',
    });
    expect(answer.status).toBe(422);
    expect(fieldErrorsOf(answer)).toEqual(
      expect.arrayContaining([
        { field: 'region_id', message: '区域门店不能为空' },
        { field: 'code', message: '门店编码不能为空' },
        { field: 'name', message: '门店名称不能为空' },
        { field: 'store_type_id', message: '门店类型不能为空' },
      ]),
    );
  });

  it('answers 422 for a region that is no region, a dictionary item of another type, bad coordinates', async () => {
    const notRegion = await call('POST', 'store/store', storeBody({ region_id: managerStore.departmentId }));
    expect(notRegion.status).toBe(422);
    expect(fieldErrorsOf(notRegion)[0]!.field).toBe('region_id');

    const wrongType = await call(
      'POST',
      'store/store',
      storeBody({ brand_id: items[DictType.STORE_TYPE]![0], store_type_id: items[DictType.STORE_BRAND]![0] }),
    );
    expect(wrongType.status).toBe(422);
    expect(
      fieldErrorsOf(wrongType)
        .map((error) => error.field)
        .sort(),
    ).toEqual(['brand_id', 'store_type_id']);

    const badCoordinates = await call('POST', 'store/store', storeBody({ latitude: '91', code: 'a b' }));
    expect(fieldErrorsOf(badCoordinates)).toEqual(
      expect.arrayContaining([
        { field: 'latitude', message: '请输入正确的纬度' },
        { field: 'code', message: '门店编码只能包含字母、数字、下划线和短横线' },
      ]),
    );
  });

  it('puts a store node only directly under a region: not under a department, a team or the group', async () => {
    const parents = await t.db
      .select({ id: departments.id, kind: departments.kind })
      .from(departments)
      .where(sql`${departments.kind} in ('group', 'department', 'team')`);
    for (const kind of ['group', 'department', 'team']) {
      const parent = parents.find((row) => row.kind === kind)!;
      const answer = await call('POST', 'store/store', storeBody({ region_id: parent.id }));
      expect(fieldErrorsOf(answer), kind).toEqual([
        { field: 'region_id', message: '区域门店不存在或不在您的数据范围内' },
      ]);
    }
  });

  it('answers 409 for a code taken by a store or by a department', async () => {
    const [existing] = await t.db.select({ code: stores.code }).from(stores).limit(1);
    const taken = await call('POST', 'store/store', storeBody({ code: existing!.code }));
    expect(taken.status).toBe(409);
    expect(taken.message).toBe('门店编码已存在');
    const [department] = await t.db
      .select({ code: departments.code })
      .from(departments)
      .where(eq(departments.kind, 'team'))
      .limit(1);
    expect((await call('POST', 'store/store', storeBody({ code: department!.code }))).status).toBe(409);
  });

  it('refuses a store manager a region outside their scope', async () => {
    const answer = await call('POST', 'store/store', storeBody({ region_id: otherStore.regionId }), manager);
    expect(answer.status).toBe(422);
    expect(fieldErrorsOf(answer)[0]!.field).toBe('region_id');
  });
});

describe('PUT /api/auth/store/update', () => {
  it('changes the store and renames its node', async () => {
    const created = await createStore();
    const code = newCode();
    const answer = await call(
      'PUT',
      'store/update',
      storeBody({ id: created.id, code, name: '改名门店', brand_id: null }),
    );
    expect(answer.code).toBe(200);
    const detail = await call<StoreRow>('GET', `store/detail?id=${created.id}`);
    expect(detail.data).toMatchObject({ code, name: '改名门店', brandId: null });
    expect(await departmentRow(created.department_id)).toMatchObject({ code, name: '改名门店' });
    expect(await lastAudit(created.id)).toMatchObject({
      action: 'update',
      after: { code, name: '改名门店', brandId: null },
    });
  });

  it('moves the store node and its whole subtree to a new region', async () => {
    const created = await createStore({ region_id: regionIds[0] });
    const node = await departmentRow(created.department_id);
    const [child] = await t.db
      .insert(departments)
      .values({ parentId: node!.id, name: '销售部', kind: 'department', path: 'tmp', depth: node!.depth + 1 })
      .returning();
    await t.db
      .update(departments)
      .set({ path: `${node!.path}${child!.id}/` })
      .where(eq(departments.id, child!.id));

    const answer = await call('PUT', 'store/update', storeBody({ id: created.id, region_id: regionIds[1] }));
    expect(answer.code).toBe(200);
    const target = await departmentRow(regionIds[1]!);
    const moved = await departmentRow(created.department_id);
    expect(moved).toMatchObject({
      parentId: target!.id,
      path: `${target!.path}${moved!.id}/`,
      depth: target!.depth + 1,
    });
    expect(await departmentRow(child!.id)).toMatchObject({
      path: `${target!.path}${moved!.id}/${child!.id}/`,
      depth: target!.depth + 2,
    });
    const [store] = await t.db.select().from(stores).where(eq(stores.id, created.id));
    expect(store!.regionDepartmentId).toBe(target!.id);
  });

  it('answers 409 for a taken code, 422 for missing fields, 404 outside the scope', async () => {
    const created = await createStore();
    const [existing] = await t.db.select({ code: stores.code }).from(stores).limit(1);
    const taken = await call('PUT', 'store/update', storeBody({ id: created.id, code: existing!.code }));
    expect(taken.status).toBe(409);
    const missing = await call('PUT', 'store/update', { id: created.id });
    expect(missing.status).toBe(422);
    const outside = await call(
      'PUT',
      'store/update',
      storeBody({ id: otherStore.id, region_id: otherStore.regionId }),
      manager,
    );
    expect(outside.status).toBe(404);
    expect((await call('PUT', 'store/update', storeBody({ id: 999999 }))).status).toBe(404);
  });
});

describe('PUT /api/auth/store/status', () => {
  it('disables and enables with a required reason; the department node follows', async () => {
    const created = await createStore();
    const noReason = await call('PUT', 'store/status', {
      id: created.id,
      status: 'disabled',
      reason: ' ',
    });
    expect(noReason.status).toBe(422);
    expect(fieldErrorsOf(noReason)).toEqual([{ field: 'reason', message: '禁用原因不能为空' }]);

    const disabled = await call('PUT', 'store/status', {
      id: created.id,
      status: 'disabled',
      reason: '装修',
    });
    expect(disabled.data).toEqual({ id: created.id, status: 'disabled' });
    expect(await departmentRow(created.department_id)).toMatchObject({ status: 'disabled' });
    const detail = await call<StoreRow>('GET', `store/detail?id=${created.id}`);
    expect(detail.data).toMatchObject({ status: 'disabled', statusReason: '装修' });
    expect(await lastAudit(created.id)).toMatchObject({ action: 'disable' });

    expect(
      (await call('PUT', 'store/status', { id: created.id, status: 'disabled', reason: '再次' })).status,
    ).toBe(409);
    const enableWithout = await call('PUT', 'store/status', { id: created.id, status: 'active' });
    expect(fieldErrorsOf(enableWithout)).toEqual([{ field: 'reason', message: '启用原因不能为空' }]);
    const enabled = await call('PUT', 'store/status', {
      id: created.id,
      status: 'active',
      reason: '重新开业',
    });
    expect(enabled.code).toBe(200);
    expect(await departmentRow(created.department_id)).toMatchObject({ status: 'active' });
  });

  it('answers 404 outside the scope', async () => {
    const answer = await call(
      'PUT',
      'store/status',
      {
        id: otherStore.id,
        status: 'disabled',
        reason: '测试',
      },
      manager,
    );
    expect(answer.status).toBe(404);
  });
});

describe('DELETE /api/auth/store/destroy', () => {
  it('refuses a store with staff', async () => {
    const answer = await call('DELETE', 'store/destroy', { id: managerStore.id });
    expect(answer.status).toBe(409);
    expect(answer.message).toMatch(/^门店还有 \d+ 名在职员工，不能删除$/);
  });

  it('refuses a store whose headcount plan plans people', async () => {
    const created = await createStore();
    const [post] = await t.db.select({ id: posts.id }).from(posts).limit(1);
    await t.db.insert(headcountPlans).values({ storeId: created.id, postId: post!.id, planned: 3 });
    const answer = await call('DELETE', 'store/destroy', { id: created.id });
    expect(answer.status).toBe(409);
    expect(answer.message).toBe('门店还有 3 人的编制计划，不能删除');
  });

  it('deletes an empty store with its department nodes and zero plan rows', async () => {
    const created = await createStore();
    const node = await departmentRow(created.department_id);
    const [child] = await t.db
      .insert(departments)
      .values({ parentId: node!.id, name: '空部门', kind: 'department', path: 'tmp', depth: node!.depth + 1 })
      .returning();
    await t.db
      .update(departments)
      .set({ path: `${node!.path}${child!.id}/` })
      .where(eq(departments.id, child!.id));
    const [post] = await t.db.select({ id: posts.id }).from(posts).limit(1);
    await t.db.insert(headcountPlans).values({ storeId: created.id, postId: post!.id, planned: 0 });

    const answer = await call('DELETE', 'store/destroy', { id: created.id });
    expect(answer.code).toBe(200);
    expect(await t.db.select().from(stores).where(eq(stores.id, created.id))).toEqual([]);
    expect(await departmentRow(created.department_id)).toBeUndefined();
    expect(await departmentRow(child!.id)).toBeUndefined();
    expect(await lastAudit(created.id)).toMatchObject({ action: 'delete' });
    expect((await call('DELETE', 'store/destroy', { id: created.id })).status).toBe(404);
  });

  it('answers 404 outside the scope', async () => {
    expect((await call('DELETE', 'store/destroy', { id: otherStore.id }, manager)).status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a viewer read but not change', async () => {
    const viewer = await userWith(t, ['organization:stores:view']);
    expect((await call('GET', 'store/index', undefined, viewer)).code).toBe(200);
    expect((await call('POST', 'store/store', storeBody(), viewer)).code).toBe(1403);
    expect((await call('PUT', 'store/status', { id: 1, status: 'disabled', reason: 'x' }, viewer)).code).toBe(
      1403,
    );
  });
});

describe('OpenAPI', () => {
  it('documents every store route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of ['index', 'detail', 'tree', 'store', 'update', 'status', 'destroy'])
      expect(paths).toContain(`/api/auth/store/${path}`);
  });
});
