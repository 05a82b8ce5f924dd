import { DictType } from '@dealer-hr/shared/dictionary-types';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, auditLogs, dictionaryItems, headcountPlans, posts, stores } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf } from '../../test/audit';
import { userWith } from '../../test/users';
import type { PostRow } from '@dealer-hr/shared/posts/contract';

let t: TestApp;
let admin: string;
let postType: number;
let category: number;
const call = callerOf(() => ({ app: t, authorization: admin }));
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  postType = (await itemOf(DictType.POST_TYPE)).id;
  category = (await itemOf(DictType.POST_CATEGORY)).id;
});
afterAll(() => t.close());

async function itemOf(typeId: number) {
  const [item] = await t.db
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.typeId, typeId), eq(dictionaryItems.enabled, true)))
    .limit(1);
  return item!;
}

const newPost = (code: string, extra: object = {}) =>
  call<PostRow>('POST', 'posts/store', {
    code,
    name: `岗位${code}`,
    post_type_id: postType,
    category_id: category,
    ...extra,
  });

describe('GET posts/index', () => {
  it('pages the seeded posts in sort order with their dictionary names', async () => {
    const { code, data } = await call<{ data: PostRow[]; total: number }>(
      'GET',
      'posts/index?page=1&limit=5',
    );
    expect(code).toBe(200);
    expect(data.total).toBeGreaterThanOrEqual(24);
    expect(data.data).toHaveLength(5);
    const sorts = data.data.map((row) => row.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
    expect(data.data[0]!.post_type_name).toEqual(expect.any(String));
    expect(data.data[0]!.category_name).toEqual(expect.any(String));
  });

  it('filters by keyword on name or code, type, category, main flag and status', async () => {
    const byCode = await call<{ data: PostRow[] }>('GET', 'posts/index?keyword=sales_consult');
    expect(byCode.data.data.map((row) => row.code)).toEqual(['sales_consultant']);
    const byName = await call<{ data: PostRow[] }>(
      'GET',
      `posts/index?keyword=${encodeURIComponent('销售顾问')}`,
    );
    expect(byName.data.data.map((row) => row.code)).toEqual(['sales_consultant']);
    const typed = await call<{ data: PostRow[]; total: number }>(
      'GET',
      `posts/index?post_type_id=${postType}&limit=100`,
    );
    expect(typed.data.data.every((row) => row.post_type_id === postType)).toBe(true);
    const categorised = await call<{ data: PostRow[] }>(
      'GET',
      `posts/index?category_id=${category}&limit=100`,
    );
    expect(categorised.data.data.every((row) => row.category_id === category)).toBe(true);
    const main = await call<{ data: PostRow[]; total: number }>('GET', 'posts/index?is_main=1&limit=100');
    const partTime = await call<{ data: PostRow[]; total: number }>('GET', 'posts/index?is_main=0&limit=100');
    const all = await call<{ data: PostRow[]; total: number }>('GET', 'posts/index?limit=100');
    expect(main.data.data.every((row) => row.is_main)).toBe(true);
    expect(partTime.data.data.every((row) => !row.is_main)).toBe(true);
    expect(main.data.total + partTime.data.total).toBe(all.data.total);
    const disabled = await call<{ data: PostRow[] }>('GET', 'posts/index?status=disabled&limit=100');
    expect(disabled.data.data.every((row) => row.status === 'disabled')).toBe(true);
  });

  it('answers 422 for bad filters', async () => {
    expect((await call('GET', 'posts/index?is_main=2')).code).toBe(422);
    expect((await call('GET', 'posts/index?status=gone')).code).toBe(422);
    expect((await call('GET', 'posts/index?post_type_id=x')).code).toBe(422);
  });
});

describe('GET posts/main/post', () => {
  it('answers active main posts only', async () => {
    const disabled = await newPost('main-off', { is_main: true, status: 'disabled' });
    const { code, data } = await call<{ id: number; code: string; name: string }[]>('GET', 'posts/main/post');
    expect(code).toBe(200);
    const mainRows = await t.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.isMain, true), eq(posts.status, 'active')));
    expect(data.map((row) => row.id).sort()).toEqual(mainRows.map((row) => row.id).sort());
    expect(data.some((row) => row.id === disabled.data.id)).toBe(false);
  });
});

describe('POST posts/store and PUT posts/update', () => {
  it('creates a post with an audit entry and refuses a taken code with 409 on code', async () => {
    const created = await newPost('qa-1', { is_main: true, sort: 7, description: '质检' });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ code: 'qa-1', is_main: true, sort: 7, status: 'active' });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'post'), eq(auditLogs.entityId, String(created.data.id))));
    expect(audit?.action).toBe('create');
    const taken = await newPost('qa-1');
    expect(taken.code).toBe(409);
    expect(taken.data).toEqual({ errors: [{ field: 'code', message: '岗位编码已存在' }] });
  });

  it('answers 422 with Chinese messages for missing fields, bad sort and items of the wrong dictionary', async () => {
    const missing = await call<{ errors: { field: string; message: string }[] }>('POST', 'posts/store', {});
    expect(missing.code).toBe(422);
    expect(missing.data.errors.map((error) => error.field).sort()).toEqual(['code', 'name']);
    expect(missing.data.errors[0]!.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await newPost('qa-sort', { sort: 1.5 })).code).toBe(422);
    const crossed = await call<{ errors: { field: string }[] }>('POST', 'posts/store', {
      code: 'qa-cross',
      name: '交叉',
      post_type_id: category,
      category_id: category,
    });
    expect(crossed.code).toBe(422);
    expect(crossed.data.errors).toEqual([{ field: 'post_type_id', message: '岗位类型不存在或已停用' }]);
    const wrongCategory = await newPost('qa-cross2', { category_id: postType });
    expect(wrongCategory.code).toBe(422);
    const [row] = await t.db.select().from(posts).where(eq(posts.code, 'qa-cross'));
    expect(row).toBeUndefined();
  });

  it('updates the given fields, audits the change, and keeps codes unique', async () => {
    const { data: post } = await newPost('qa-upd');
    const updated = await call<PostRow>('PUT', 'posts/update', {
      id: post.id,
      name: '改名岗位',
      status: 'disabled',
      category_id: null,
    });
    expect(updated.code).toBe(200);
    expect(updated.data).toMatchObject({
      name: '改名岗位',
      status: 'disabled',
      category_id: null,
      code: 'qa-upd',
    });
    expect(await lastAuditOf(t, 'post', post.id)).toMatchObject({
      action: 'update',
      after: { name: '改名岗位', status: 'disabled', categoryId: null },
    });
    expect((await call('PUT', 'posts/update', { id: post.id, code: 'sales_consultant' })).code).toBe(409);
    expect((await call('PUT', 'posts/update', { id: post.id, code: 'qa-upd' })).code).toBe(200);
    expect((await call('PUT', 'posts/update', { id: 99_999_999, name: '无' })).code).toBe(404);
    expect((await call('PUT', 'posts/update', { id: post.id, post_type_id: category })).code).toBe(422);
  });
});

describe('DELETE posts/destroy', () => {
  it('deletes an unused post with an audit entry, and 404 for an unknown one', async () => {
    const { data: post } = await newPost('qa-del');
    expect((await call('DELETE', 'posts/destroy', { id: post.id })).code).toBe(200);
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entity, 'post'),
          eq(auditLogs.entityId, String(post.id)),
          eq(auditLogs.action, 'delete'),
        ),
      );
    expect(audit).toBeDefined();
    expect((await call('DELETE', 'posts/destroy', { id: post.id })).code).toBe(404);
  });

  it('refuses a post named by an ended assignment or by a headcount plan row', async () => {
    const { data: historical } = await newPost('qa-hist');
    const [open] = await t.db.select().from(assignments).where(isNull(assignments.endDate)).limit(1);
    await t.db.insert(assignments).values({
      employeeId: open!.employeeId,
      departmentId: open!.departmentId,
      storeId: open!.storeId,
      postId: historical.id,
      isMain: false,
      startDate: '2020-01-01',
      endDate: '2020-12-31',
    });
    const refused = await call('DELETE', 'posts/destroy', { id: historical.id });
    expect(refused.code).toBe(409);
    expect(refused.message).toMatch(/^岗位已被使用/);

    const { data: planned } = await newPost('qa-plan');
    const [store] = await t.db.select({ id: stores.id }).from(stores).limit(1);
    await t.db.insert(headcountPlans).values({ storeId: store!.id, postId: planned.id, planned: 0 });
    expect((await call('DELETE', 'posts/destroy', { id: planned.id })).code).toBe(409);
    expect(await t.db.select().from(posts).where(eq(posts.id, planned.id))).toHaveLength(1);
  });

  it('refuses every route to a user without its permission', async () => {
    const viewer = await userWith(t, ['organization:posts:view']);
    expect((await call('GET', 'posts/index', undefined, viewer)).code).toBe(200);
    expect((await call('POST', 'posts/store', { code: 'x', name: 'x' }, viewer)).code).toBe(1403);
    expect((await call('DELETE', 'posts/destroy', { id: 1 }, viewer)).code).toBe(1403);
  });
});
