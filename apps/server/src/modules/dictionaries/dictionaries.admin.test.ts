import { DictType } from '@dealer-hr/shared';
import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import {
  auditLogs,
  dictionaryItems,
  dictionaryTypes,
  employees,
  jobTransfers,
  onboardingEntries,
  posts,
  resignations,
  stores,
} from '../../db/schema';
import { callerOf } from '../../test/api';
import { sealedIdNumber } from '../../lib/sealed-values';
import { createTestApp, type TestApp } from '../../test/app';
import { auditRowsOf } from '../../test/audit';
import { userWith } from '../../test/users';
import { dictionaryItemColumns, dictionaryItemJsonFields, usedItemIds } from './dictionary-references';

let t: TestApp;
let admin: string;
let viewer: string;
let nobody: string;
const call = callerOf(() => ({ app: t, authorization: admin }));
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  viewer = await userWith(t, ['system:dictionaries:view']);
  nobody = await userWith(t, []);
});
afterAll(() => t.close());

/** The audit rows of one record, newest first. */
const auditOf = (entity: string, entityId: number) => auditRowsOf(t, entity, entityId);

let counter = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++counter}`;

async function newType(fields: Record<string, unknown> = {}) {
  const body = await call('POST', 'dictionaries/store', {
    code: unique('type'),
    name: unique('类型'),
    ...fields,
  });
  expect(body.code).toBe(200);
  return body.data as { id: number; code: string; name: string };
}

async function newItem(typeId: number, fields: Record<string, unknown> = {}) {
  const body = await call('POST', 'dictionarie/data/store', {
    type_id: typeId,
    code: unique('item'),
    name: unique('项'),
    ...fields,
  });
  expect(body.code).toBe(200);
  return body.data as { id: number; code: string; name: string; sort: number; enabled: boolean };
}

async function itemByCode(typeId: number, code: string) {
  const [row] = await t.db
    .select()
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.typeId, typeId), eq(dictionaryItems.code, code)));
  return row!;
}

const selectNames = async (typeId: number) => {
  const body = await call('GET', `dictionarie/data?type_ids=${typeId}`);
  return (body.data[String(typeId)] as { name: string }[]).map((item) => item.name);
};

const fieldError = (field: string, message: string) => ({
  code: 422,
  message,
  data: { errors: [{ field, message }] },
});

describe('GET /api/auth/dictionaries', () => {
  it('pages the types in id order with their item counts', async () => {
    const { status, ...body } = await call('GET', 'dictionaries?limit=50', undefined, viewer);

    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThanOrEqual(15);
    const rows = body.data.data as { id: number; code: string; item_count: number; is_system: boolean }[];
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => a - b));
    const ethnicity = rows.find((row) => row.id === DictType.ETHNICITY)!;
    expect(ethnicity).toMatchObject({
      code: 'ethnicity',
      name: '民族',
      item_count: 56,
      enabled_count: 56,
      is_system: true,
    });
    expect(Object.keys(ethnicity).sort()).toEqual(
      [
        'code',
        'created_at',
        'description',
        'enabled_count',
        'id',
        'is_system',
        'item_count',
        'name',
        'updated_at',
      ].sort(),
    );
  });

  it('filters by part of the name or the code and pages', async () => {
    const byName = await call('GET', `dictionaries?name=${encodeURIComponent('离职')}`);
    expect(byName.data.data.map((row: { id: number }) => row.id)).toEqual([
      DictType.LEAVING_REASON,
      DictType.LEAVING_DESTINATION,
    ]);
    expect(byName.data.total).toBe(2);

    const byCode = await call('GET', 'dictionaries?code=STORE_');
    expect(byCode.data.data.map((row: { code: string }) => row.code)).toEqual([
      'store_category',
      'store_type',
      'store_brand',
    ]);

    // A LIKE wildcard is taken literally.
    const wildcard = await call('GET', 'dictionaries?code=%25');
    expect(wildcard.data).toEqual({ data: [], total: 0 });

    const second = await call('GET', 'dictionaries?page=2&limit=10');
    expect(second.data.data[0].id).toBe(DictType.POST_CATEGORY);
  });

  it.each([
    ['page=0', 'page', '页码必须是正整数'],
    ['limit=101', 'limit', '每页条数必须是 1 到 100 之间的整数'],
    ['limit=abc', 'limit', '每页条数必须是 1 到 100 之间的整数'],
    [`name=${'长'.repeat(51)}`, 'name', '名称不能超过50个字符'],
  ])('refuses %s with 422', async (query, field, message) => {
    const { status, ...body } = await call('GET', `dictionaries?${encodeURI(query)}`);
    expect(status).toBe(422);
    expect(body).toEqual(fieldError(field, message));
  });

  it('refuses a user without system:dictionaries:view', async () => {
    const { status, ...body } = await call('GET', 'dictionaries', undefined, nobody);
    expect(status).toBe(403);
    expect(body.code).toBe(1403);
  });
});

describe('POST /api/auth/dictionaries/store', () => {
  it('creates a type and records who did it', async () => {
    const code = unique('shift');
    const { status, ...body } = await call('POST', 'dictionaries/store', {
      code,
      name: ' 班次 ',
      description: '考勤班次',
    });

    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      code,
      name: '班次',
      description: '考勤班次',
      item_count: 0,
      enabled_count: 0,
      is_system: false,
    });
    const [audit] = await auditOf('dictionary_type', body.data.id);
    expect(audit).toMatchObject({
      action: 'create',
      userId: expect.any(Number),
      ip: '127.0.0.1',
      before: null,
      after: { id: body.data.id, code, name: '班次', description: '考勤班次' },
    });
    const [listed] = (await call('GET', `dictionaries?code=${code}`)).data.data;
    expect(listed.id).toBe(body.data.id);
  });

  it.each([
    [{ name: '班次' }, 'code', '编码不能为空'],
    [{ code: 'shift', name: '  ' }, 'name', '名称不能为空'],
    [{ code: '班次', name: '班次' }, 'code', '编码只能包含字母、数字、下划线和短横线，且以字母或数字开头'],
    [{ code: 'x'.repeat(51), name: '班次' }, 'code', '编码不能超过50个字符'],
    [{ code: 'shift', name: '班'.repeat(51) }, 'name', '名称不能超过50个字符'],
    [{ code: 'shift', name: '班次', description: 'x'.repeat(201) }, 'description', '描述不能超过200个字符'],
  ])('refuses %j with 422 on the field', async (payload, field, message) => {
    const { status, ...body } = await call('POST', 'dictionaries/store', payload);
    expect(status).toBe(422);
    expect(body).toEqual(fieldError(field, message));
  });

  it('refuses a code that another type has with 409 and writes nothing', async () => {
    const before = await t.db.select().from(auditLogs);
    const { status, ...body } = await call('POST', 'dictionaries/store', {
      code: 'region',
      name: '另一个区域',
    });
    expect(status).toBe(409);
    expect(body).toEqual({ code: 409, message: '字典类型编码已存在', data: null });
    expect(await t.db.select().from(auditLogs)).toHaveLength(before.length);
  });

  it('lets exactly one of two simultaneous creates of a code through (no 500)', async () => {
    const code = unique('race');
    const answers = await Promise.all([
      call('POST', 'dictionaries/store', { code, name: '甲' }),
      call('POST', 'dictionaries/store', { code, name: '乙' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('refuses a viewer (1403)', async () => {
    const { status, ...body } = await call('POST', 'dictionaries/store', { code: 'x', name: 'x' }, viewer);
    expect(status).toBe(403);
    expect(body.code).toBe(1403);
  });
});

describe('PUT /api/auth/dictionaries/update', () => {
  it('changes the given fields and audits only what changed', async () => {
    const type = await newType({ description: '旧描述' });
    const { status, ...body } = await call('PUT', 'dictionaries/update', { id: type.id, name: '新名称' });

    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: type.id, code: type.code, name: '新名称', description: '旧描述' });
    const [audit] = await auditOf('dictionary_type', type.id);
    expect(audit).toMatchObject({
      action: 'update',
      before: { name: type.name },
      after: { name: '新名称' },
    });
  });

  it('writes nothing when nothing changes', async () => {
    const type = await newType();
    const { status } = await call('PUT', 'dictionaries/update', { id: type.id, name: type.name });
    expect(status).toBe(200);
    expect((await auditOf('dictionary_type', type.id)).map((row) => row.action)).toEqual(['create']);
  });

  it('lets a seeded type be renamed, keeping its item count', async () => {
    const body = await call('PUT', 'dictionaries/update', {
      id: DictType.REGION,
      description: '销售大区',
    });
    expect(body.data).toMatchObject({ id: DictType.REGION, description: '销售大区', item_count: 4 });
  });

  it('refuses another type’s code (409), an unknown id (404), a missing id (422) and a viewer (1403)', async () => {
    const type = await newType();
    const taken = await call('PUT', 'dictionaries/update', { id: type.id, code: 'education' });
    expect(taken.status).toBe(409);
    expect(taken.message).toBe('字典类型编码已存在');

    const missing = await call('PUT', 'dictionaries/update', { id: 999_999, name: '无' });
    expect(missing.status).toBe(404);
    expect(missing).toEqual({ status: 404, code: 404, message: '字典类型不存在', data: null });

    const invalid = await call('PUT', 'dictionaries/update', { name: '无' });
    expect(invalid.status).toBe(422);
    expect(invalid).toEqual({ status: 422, ...fieldError('id', '请选择字典类型') });

    const refused = await call('PUT', 'dictionaries/update', { id: type.id, name: '无' }, viewer);
    expect(refused.code).toBe(1403);
  });
});

describe('DELETE /api/auth/dictionaries/destroy', () => {
  it('deletes a type without items and audits the whole record', async () => {
    const type = await newType();
    const { status, ...body } = await call('DELETE', 'dictionaries/destroy', { id: type.id });

    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, message: 'ok', data: null });
    expect(await t.db.select().from(dictionaryTypes).where(eq(dictionaryTypes.id, type.id))).toEqual([]);
    const [audit] = await auditOf('dictionary_type', type.id);
    expect(audit).toMatchObject({
      action: 'delete',
      before: { id: type.id, code: type.code, name: type.name },
      after: null,
    });
  });

  it('refuses a type that still has items with their count (409)', async () => {
    const type = await newType();
    await newItem(type.id);
    await newItem(type.id, { enabled: false });

    const { status, ...body } = await call('DELETE', 'dictionaries/destroy', { id: type.id });
    expect(status).toBe(409);
    expect(body).toEqual({
      code: 409,
      message: '该字典类型下还有 2 个字典项，不能删除',
      data: { count: 2 },
    });
    expect(await t.db.select().from(dictionaryTypes).where(eq(dictionaryTypes.id, type.id))).toHaveLength(1);
  });

  it('refuses a seeded type even without items (409)', async () => {
    await t.db.delete(dictionaryItems).where(eq(dictionaryItems.typeId, DictType.EMPLOYEE_STATUS));
    const { status, ...body } = await call('DELETE', 'dictionaries/destroy', {
      id: DictType.EMPLOYEE_STATUS,
    });
    expect(status).toBe(409);
    expect(body.message).toBe('系统预置的字典类型不能删除');
  });

  it('answers 404, 422 and 1403', async () => {
    expect((await call('DELETE', 'dictionaries/destroy', { id: 999_999 })).status).toBe(404);
    const invalid = await call('DELETE', 'dictionaries/destroy', { id: 'abc' });
    expect(invalid).toEqual({ status: 422, ...fieldError('id', '请选择字典类型') });
    const type = await newType();
    expect((await call('DELETE', 'dictionaries/destroy', { id: type.id }, viewer)).code).toBe(1403);
  });
});

describe('GET /api/auth/dictionarie/data/index', () => {
  it('pages the items of a type in sort order, disabled ones included, with in-use and seeded flags', async () => {
    const miao = await itemByCode(DictType.ETHNICITY, 'miao');
    await t.db.update(dictionaryItems).set({ enabled: false }).where(eq(dictionaryItems.id, miao.id));

    const { status, ...body } = await call(
      'GET',
      `dictionarie/data/index?type_id=${DictType.ETHNICITY}&limit=10`,
      undefined,
      viewer,
    );

    expect(status).toBe(200);
    expect(body.data.total).toBe(56);
    const rows = body.data.data as { name: string; enabled: boolean; in_use: boolean; is_system: boolean }[];
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 4).map((row) => row.name)).toEqual(['汉族', '蒙古族', '回族', '藏族']);
    expect(rows.find((row) => row.name === '苗族')).toMatchObject({ enabled: false });
    // The demo staff are Han: the item is used by employees.
    expect(rows[0]).toMatchObject({ in_use: true, is_system: true, type_id: DictType.ETHNICITY });
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'code',
        'created_at',
        'enabled',
        'id',
        'in_use',
        'is_system',
        'name',
        'name_en',
        'name_es',
        'name_ja',
        'sort',
        'type_id',
        'updated_at',
      ].sort(),
    );
  });

  it('filters by part of the name or code', async () => {
    const body = await call('GET', `dictionarie/data/index?type_id=${DictType.REGION}&name=south`);
    expect(body.data.data.map((row: { code: string }) => row.code)).toEqual(['south', 'southwest']);
  });

  it('answers 404 for an unknown type, 422 without one, 1403 without the permission', async () => {
    const missing = await call('GET', 'dictionarie/data/index?type_id=999999');
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('字典类型不存在');
    const invalid = await call('GET', 'dictionarie/data/index');
    expect(invalid).toEqual({ status: 422, ...fieldError('type_id', '请选择字典类型') });
    const refused = await call('GET', `dictionarie/data/index?type_id=${DictType.REGION}`, undefined, nobody);
    expect(refused.code).toBe(1403);
  });
});

describe('POST /api/auth/dictionarie/data/store', () => {
  it('adds an item after the last one, enabled, shows it in the selects and audits it', async () => {
    const type = await newType();
    const first = await newItem(type.id, { sort: 5 });
    const code = unique('item');
    const { status, ...body } = await call('POST', 'dictionarie/data/store', {
      type_id: type.id,
      code,
      name: '第二项',
    });

    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      type_id: type.id,
      code,
      name: '第二项',
      sort: 15,
      enabled: true,
      in_use: false,
      is_system: false,
    });
    expect(await selectNames(type.id)).toEqual([first.name, '第二项']);
    const [audit] = await auditOf('dictionary_item', body.data.id);
    expect(audit).toMatchObject({
      action: 'create',
      before: null,
      after: { id: body.data.id, typeId: type.id, code, name: '第二项', sort: 15, enabled: true },
    });
    const types = await call('GET', `dictionaries?code=${type.code}`);
    expect(types.data.data[0]).toMatchObject({ item_count: 2, enabled_count: 2 });
  });

  it('accepts a sort given as digits and a disabled item', async () => {
    const type = await newType();
    const item = await newItem(type.id, { sort: '30', enabled: false });
    expect(item).toMatchObject({ sort: 30, enabled: false });
    expect(await selectNames(type.id)).toEqual([]);
  });

  it('refuses a code or a name the type already has (409)', async () => {
    const code = await call('POST', 'dictionarie/data/store', {
      type_id: DictType.REGION,
      code: 'east',
      name: '东区',
    });
    expect(code.status).toBe(409);
    expect(code.message).toBe('该字典类型下已存在相同编码的字典项');

    const name = await call('POST', 'dictionarie/data/store', {
      type_id: DictType.REGION,
      code: 'east2',
      name: '华东区',
    });
    expect(name.status).toBe(409);
    expect(name.message).toBe('该字典类型下已存在同名的字典项');

    // The same code in another type is fine.
    const other = await newType();
    await newItem(other.id, { code: 'east', name: '华东区' });
  });

  it('lets exactly one of two simultaneous items with one name through', async () => {
    const type = await newType();
    const answers = await Promise.all([
      call('POST', 'dictionarie/data/store', { type_id: type.id, code: 'a', name: '同名' }),
      call('POST', 'dictionarie/data/store', { type_id: type.id, code: 'b', name: '同名' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it.each([
    [{ code: 'a', name: 'a' }, 'type_id', '请选择字典类型'],
    [{ type_id: 1, name: 'a' }, 'code', '编码不能为空'],
    [{ type_id: 1, code: 'a' }, 'name', '名称不能为空'],
    [{ type_id: 1, code: 'a', name: 'a', sort: -1 }, 'sort', '排序必须是 0 到 999999 之间的整数'],
    [{ type_id: 1, code: 'a', name: 'a', sort: 1.5 }, 'sort', '排序必须是 0 到 999999 之间的整数'],
    [{ type_id: 1, code: 'a', name: 'a', sort: null }, 'sort', '排序不能为空'],
    [{ type_id: 1, code: 'a', name: 'a', enabled: 'yes' }, 'enabled', '启用状态只能是 true 或 false'],
  ])('refuses %j with 422 on the field', async (payload, field, message) => {
    const { status, ...body } = await call('POST', 'dictionarie/data/store', payload);
    expect(status).toBe(422);
    expect(body).toEqual(fieldError(field, message));
  });

  it('answers 404 for an unknown type and 1403 to a viewer', async () => {
    const missing = await call('POST', 'dictionarie/data/store', { type_id: 999_999, code: 'a', name: 'a' });
    expect(missing.status).toBe(404);
    const refused = await call(
      'POST',
      'dictionarie/data/store',
      { type_id: 1, code: 'a', name: 'a' },
      viewer,
    );
    expect(refused.code).toBe(1403);
  });
});

describe('PUT /api/auth/dictionarie/data/update', () => {
  it('disables an item: it leaves the selects, stays in the list, and the change is audited', async () => {
    const type = await newType();
    const item = await newItem(type.id);
    const { status, ...body } = await call('PUT', 'dictionarie/data/update', { id: item.id, enabled: false });

    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: item.id, name: item.name, enabled: false });
    expect(await selectNames(type.id)).toEqual([]);
    const list = await call('GET', `dictionarie/data/index?type_id=${type.id}`);
    expect(list.data.data).toHaveLength(1);
    const [audit] = await auditOf('dictionary_item', item.id);
    expect(audit).toMatchObject({ action: 'update', before: { enabled: true }, after: { enabled: false } });

    await call('PUT', 'dictionarie/data/update', { id: item.id, enabled: true });
    expect(await selectNames(type.id)).toEqual([item.name]);
  });

  it('changes name, code and sort; a seeded item may be renamed and reordered', async () => {
    const type = await newType();
    const item = await newItem(type.id);
    const body = await call('PUT', 'dictionarie/data/update', {
      id: item.id,
      code: 'renamed',
      name: '改名',
      sort: 1,
    });
    expect(body.data).toMatchObject({ code: 'renamed', name: '改名', sort: 1 });

    const east = await itemByCode(DictType.REGION, 'east');
    const seeded = await call('PUT', 'dictionarie/data/update', { id: east.id, name: '华东大区', sort: 1 });
    expect(seeded.data).toMatchObject({ name: '华东大区', code: 'east', is_system: true });
  });

  it('keeps an item’s names in the other languages: given, changed, cleared, left alone when left out', async () => {
    const type = await newType();
    const created = await call('POST', 'dictionarie/data/store', {
      type_id: type.id,
      code: unique('item'),
      name: '全职',
      name_en: ' Full-time ',
      name_ja: '',
    });
    expect(created.data).toMatchObject({ name: '全职', name_en: 'Full-time', name_es: null, name_ja: null });
    const id = created.data.id as number;
    const changed = await call('PUT', 'dictionarie/data/update', {
      id,
      name_es: 'Jornada completa',
      name_en: null,
    });
    expect(changed.data).toMatchObject({ name_en: null, name_es: 'Jornada completa', name_ja: null });
    // Fields left out keep their value.
    const kept = await call('PUT', 'dictionarie/data/update', { id, sort: 3 });
    expect(kept.data).toMatchObject({ name_es: 'Jornada completa', sort: 3 });
    const [audit] = await auditOf('dictionary_item', id);
    expect(audit).toMatchObject({ before: { sort: 10 }, after: { sort: 3 } });
    const [renamed] = (await auditOf('dictionary_item', id)).slice(1);
    expect(renamed).toMatchObject({
      before: { nameEn: 'Full-time', nameEs: null },
      after: { nameEn: null, nameEs: 'Jornada completa' },
    });
    const selects = await call('GET', `dictionarie/data?type_ids=${type.id}`);
    expect(selects.data[String(type.id)]).toEqual([
      { id, name: '全职', name_en: null, name_es: 'Jornada completa', name_ja: null },
    ]);
  });

  it('refuses a name in another language that is too long or holds a control character (422)', async () => {
    const item = await newItem((await newType()).id);
    const long = await call('PUT', 'dictionarie/data/update', { id: item.id, name_en: 'x'.repeat(51) });
    expect(long).toEqual({ status: 422, ...fieldError('name_en', '英文名称不能超过50个字符') });
    const tab = await call('PUT', 'dictionarie/data/update', { id: item.id, name_ja: 'a\tb' });
    expect(tab.status).toBe(422);
    expect(tab.data.errors[0].field).toBe('name_ja');
    const number = await call('PUT', 'dictionarie/data/update', { id: item.id, name_es: 5 });
    expect(number).toEqual({ status: 422, ...fieldError('name_es', '西班牙文名称格式不正确') });
  });

  it('refuses a code or name another item of the type has, and a new code for a seeded item (409)', async () => {
    const type = await newType();
    const first = await newItem(type.id);
    const second = await newItem(type.id);
    const code = await call('PUT', 'dictionarie/data/update', { id: second.id, code: first.code });
    expect(code).toEqual({
      status: 409,
      code: 409,
      message: '该字典类型下已存在相同编码的字典项',
      data: null,
    });
    const name = await call('PUT', 'dictionarie/data/update', { id: second.id, name: first.name });
    expect(name.message).toBe('该字典类型下已存在同名的字典项');

    const mainland = await itemByCode(DictType.ID_CARD, 'mainland');
    const seeded = await call('PUT', 'dictionarie/data/update', { id: mainland.id, code: 'cn' });
    expect(seeded.status).toBe(409);
    expect(seeded.message).toBe('系统预置字典项的编码不能修改');
    expect((await itemByCode(DictType.ID_CARD, 'mainland')).id).toBe(mainland.id);
  });

  it('answers 404, 422 and 1403', async () => {
    expect((await call('PUT', 'dictionarie/data/update', { id: 999_999, name: 'x' })).status).toBe(404);
    const blank = await call('PUT', 'dictionarie/data/update', { id: 1, name: '' });
    expect(blank).toEqual({ status: 422, ...fieldError('name', '名称不能为空') });
    const noId = await call('PUT', 'dictionarie/data/update', { name: 'x' });
    expect(noId).toEqual({ status: 422, ...fieldError('id', '请选择字典项') });
    const refused = await call('PUT', 'dictionarie/data/update', { id: 1, enabled: false }, viewer);
    expect(refused.code).toBe(1403);
  });
});

describe('DELETE /api/auth/dictionarie/data/destroy', () => {
  it('deletes an unused item and audits the whole record', async () => {
    const type = await newType();
    const item = await newItem(type.id);
    const { status, ...body } = await call('DELETE', 'dictionarie/data/destroy', { id: item.id });

    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, item.id))).toEqual([]);
    const [audit] = await auditOf('dictionary_item', item.id);
    expect(audit).toMatchObject({
      action: 'delete',
      before: { id: item.id, typeId: type.id, code: item.code, name: item.name },
      after: null,
    });
  });

  it('refuses an item a record uses (409) and leaves it and the audit log alone', async () => {
    const item = await newItem(DictType.ETHNICITY);
    const [employee] = await t.db.select({ id: employees.id }).from(employees).limit(1);
    await t.db.update(employees).set({ ethnicityId: item.id }).where(eq(employees.id, employee!.id));

    const { status, ...body } = await call('DELETE', 'dictionarie/data/destroy', { id: item.id });

    expect(status).toBe(409);
    expect(body).toEqual({ code: 409, message: '该字典项已被使用，只能停用', data: null });
    expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, item.id))).toHaveLength(1);
    expect((await auditOf('dictionary_item', item.id)).map((row) => row.action)).toEqual(['create']);
    const list = await call('GET', `dictionarie/data/index?type_id=${DictType.ETHNICITY}&name=${item.code}`);
    expect(list.data.data[0]).toMatchObject({ id: item.id, in_use: true });

    // Disabling is the way out; the employee keeps the item.
    await call('PUT', 'dictionarie/data/update', { id: item.id, enabled: false });
    const [still] = await t.db
      .select({ ethnicityId: employees.ethnicityId })
      .from(employees)
      .where(eq(employees.id, employee!.id));
    expect(still!.ethnicityId).toBe(item.id);
  });

  it('refuses a seeded item nobody uses (409): the seed would bring it back', async () => {
    const item = await itemByCode(DictType.LEAVING_REASON, (await firstUnused(DictType.LEAVING_REASON)).code);
    const { status, ...body } = await call('DELETE', 'dictionarie/data/destroy', { id: item.id });
    expect(status).toBe(409);
    expect(body.message).toBe('系统预置的字典项不能删除，只能停用');
  });

  it('answers 404, 422 and 1403', async () => {
    expect((await call('DELETE', 'dictionarie/data/destroy', { id: 999_999 })).status).toBe(404);
    expect(await call('DELETE', 'dictionarie/data/destroy', {})).toEqual({
      status: 422,
      ...fieldError('id', '请选择字典项'),
    });
    const type = await newType();
    const item = await newItem(type.id);
    expect((await call('DELETE', 'dictionarie/data/destroy', { id: item.id }, viewer)).code).toBe(1403);
  });
});

async function firstUnused(typeId: number) {
  const items = await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.typeId, typeId));
  const used = await usedItemIds(
    t.db,
    items.map((item) => item.id),
  );
  const unused = items.find((item) => !used.has(item.id));
  if (!unused) throw new Error(`every item of type ${typeId} is in use`);
  return unused;
}

/** An onboarding entry to hold item ids (the seed has none): a draft for the first store's first post. */
async function anOnboardingEntry(): Promise<number> {
  const [existing] = await t.db.select({ id: onboardingEntries.id }).from(onboardingEntries).limit(1);
  if (existing) return existing.id;
  const [store] = await t.db.select().from(stores).limit(1);
  const [post] = await t.db.select().from(posts).limit(1);
  const [idType] = await t.db
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(eq(dictionaryItems.typeId, DictType.ID_CARD))
    .limit(1);
  const [creator] = await t.db.select({ id: schema.users.id }).from(schema.users).limit(1);
  const [entry] = await t.db
    .insert(onboardingEntries)
    .values({
      name: '字典引用',
      phone: '13900009999',
      idTypeId: idType!.id,
      ...sealedIdNumber(t.sealer, 'DICT-REFERENCE-1'),
      storeId: store!.id,
      departmentId: store!.departmentId,
      postId: post!.id,
      createdByUserId: creator!.id,
    })
    .returning({ id: onboardingEntries.id });
  return entry!.id;
}

describe('dictionary item references', () => {
  it('lists every column with a foreign key to dictionary_items', () => {
    const listed = new Set(
      dictionaryItemColumns.map((column) => `${getTableName(column.table)}.${column.name}`),
    );
    const referencing: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const foreignKey of getTableConfig(table).foreignKeys) {
        const reference = foreignKey.reference();
        if (reference.foreignTable !== dictionaryItems) continue;
        for (const column of reference.columns) referencing.push(`${getTableName(table)}.${column.name}`);
      }
    }
    expect(referencing.length).toBeGreaterThan(0);
    expect(referencing.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('finds an item through each listed column', async () => {
    const type = await newType();
    const item = await newItem(type.id);
    await anOnboardingEntry();
    const tables = {
      employees,
      stores,
      posts,
      onboarding_entries: onboardingEntries,
      job_transfers: jobTransfers,
      // The demo's departures give this table rows to try.
      resignations,
    } as const;
    for (const column of dictionaryItemColumns) {
      const name = getTableName(column.table) as keyof typeof tables;
      const table = tables[name];
      expect(table, `no test row source for ${name}`).toBeDefined();
      const key = Object.entries(table).find(([, value]) => value === column)?.[0];
      const [row] = await t.db.select().from(table).limit(1);
      const original = (row as Record<string, unknown>)[key!];
      const id = (row as { id: number }).id;
      await t.db
        .update(table)
        .set({ [key!]: item.id })
        .where(eq((table as typeof employees).id, id));
      expect([...(await usedItemIds(t.db, [item.id, 999_999]))], `${name}.${key}`).toEqual([item.id]);
      await t.db
        .update(table)
        .set({ [key!]: original })
        .where(eq((table as typeof employees).id, id));
      expect((await usedItemIds(t.db, [item.id])).size, `${name}.${key} reset`).toBe(0);
    }
  });

  it('finds an item through each listed JSON field', async () => {
    const type = await newType();
    const item = await newItem(type.id);
    const entryId = await anOnboardingEntry();
    for (const { column, keys } of dictionaryItemJsonFields) {
      for (const key of keys) {
        await t.db
          .update(onboardingEntries)
          .set({ [column.name]: sql`jsonb_build_object(${key}::text, ${item.id}::int)` })
          .where(eq(onboardingEntries.id, entryId));
        expect([...(await usedItemIds(t.db, [item.id, 999_999]))], `${column.name}.${key}`).toEqual([
          item.id,
        ]);
        await t.db
          .update(onboardingEntries)
          .set({ [column.name]: null })
          .where(eq(onboardingEntries.id, entryId));
      }
    }
    expect((await usedItemIds(t.db, [item.id])).size).toBe(0);
  });
});
