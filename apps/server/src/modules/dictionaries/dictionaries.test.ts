import { DictType } from '@dealer-hr/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaryItems } from '../../db/schema';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let bearer: string;
beforeAll(async () => {
  t = await createTestApp();
  bearer = await t.login('staff');
});
afterAll(() => t.close());

const names = (items: { name: string }[]) => items.map((item) => item.name);

const call = callerOf(() => ({ app: t }));

/** `signedIn: false` sends no token. */
async function dictionaryData(query: string, signedIn = true) {
  const { status, ...body } = await call(
    'GET',
    `dictionarie/data${query}`,
    undefined,
    signedIn ? bearer : undefined,
  );
  return { status, body };
}

describe('GET /api/auth/dictionarie/data', () => {
  it('answers the seeded items of each asked type to any signed-in user, an unknown type empty', async () => {
    const { status, body } = await dictionaryData(`?type_ids=${DictType.REGION},${DictType.ID_CARD},9999`);

    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['1', '21', '9999']);
    expect(names(body.data['1'])).toEqual(['华东区', '华南区', '华北区', '西南区']);
    expect(names(body.data['21'])).toEqual([
      '居民身份证',
      '护照',
      '港澳居民来往内地通行证',
      '台湾居民来往大陆通行证',
      '外国人永久居留身份证',
    ]);
    expect(body.data['9999']).toEqual([]);
    for (const item of body.data['21'])
      expect(Object.keys(item).sort()).toEqual(['id', 'name', 'name_en', 'name_es', 'name_ja']);
  });

  it('answers the seeded items with their names in English, Spanish and Japanese', async () => {
    const types = [
      DictType.ID_CARD,
      DictType.ETHNICITY,
      DictType.MARITAL_STATUS,
      DictType.EMPLOYEE_TYPE,
      DictType.EDUCATION,
      DictType.EMPLOYEE_STATUS,
      DictType.LEAVING_REASON,
    ];
    const { body } = await dictionaryData(`?type_ids=${types.join(',')}`);
    for (const type of types)
      for (const item of body.data[String(type)] as Record<string, string | null>[])
        for (const field of ['name_en', 'name_es', 'name_ja'])
          expect(item[field], `${item.name} ${field}`).toMatch(/\S/);
    const named = (type: number, name: string) =>
      (body.data[String(type)] as { name: string }[]).find((item) => item.name === name);
    expect(named(DictType.ID_CARD, '居民身份证')).toMatchObject({ name_en: 'Resident ID card' });
    expect(named(DictType.ETHNICITY, '汉族')).toMatchObject({ name_en: 'Han', name_ja: '漢族' });
    expect(named(DictType.MARITAL_STATUS, '已婚')).toMatchObject({ name_en: 'Married', name_es: 'Casado/a' });
    expect(named(DictType.EMPLOYEE_TYPE, '全职')).toMatchObject({ name_en: 'Full-time' });
  });

  it('leaves out disabled items and orders by sort, then id', async () => {
    const byCode = (code: string) =>
      and(eq(dictionaryItems.typeId, DictType.REGION), eq(dictionaryItems.code, code));
    await t.db.update(dictionaryItems).set({ enabled: false }).where(byCode('south'));
    await t.db.update(dictionaryItems).set({ sort: 0 }).where(byCode('southwest'));
    // The same sort as 华东区, which was seeded first: the lower id comes first.
    const [east] = await t.db
      .select({ sort: dictionaryItems.sort })
      .from(dictionaryItems)
      .where(byCode('east'));
    await t.db.update(dictionaryItems).set({ sort: east!.sort }).where(byCode('north'));

    const { body } = await dictionaryData(`?type_ids=${DictType.REGION}`);

    expect(names(body.data['1'])).toEqual(['西南区', '华东区', '华北区']);
  });

  it('accepts spaces around the ids and asks for a repeated id once', async () => {
    const { status, body } = await dictionaryData('?type_ids=21,%2021,21');
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toEqual(['21']);
  });

  it.each([
    ['missing', '', '字典类型不能为空'],
    ['empty', '?type_ids=', '字典类型不能为空'],
    ['not a number', '?type_ids=1,abc', '字典类型格式不正确，应为以英文逗号分隔的正整数'],
    ['zero', '?type_ids=0', '字典类型格式不正确，应为以英文逗号分隔的正整数'],
    ['negative', '?type_ids=-1', '字典类型格式不正确，应为以英文逗号分隔的正整数'],
    ['a fraction', '?type_ids=1.5', '字典类型格式不正确，应为以英文逗号分隔的正整数'],
    ['an empty entry', '?type_ids=1,,21', '字典类型格式不正确，应为以英文逗号分隔的正整数'],
    ['beyond an integer id', '?type_ids=2147483648', '字典类型格式不正确，应为以英文逗号分隔的正整数'],
    ['repeated as parameters', '?type_ids=1&type_ids=21', '字典类型格式不正确，应为以英文逗号分隔的正整数'],
    [
      'more than 50',
      `?type_ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`,
      '字典类型一次最多查询 50 个',
    ],
  ])('refuses type_ids %s with 422 on the field', async (_case, query, message) => {
    const { status, body } = await dictionaryData(query);
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, message, data: { errors: [{ field: 'type_ids', message }] } });
  });

  it('accepts exactly 50 types', async () => {
    const { status, body } = await dictionaryData(
      `?type_ids=${Array.from({ length: 50 }, (_, i) => i + 1).join(',')}`,
    );
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toHaveLength(50);
  });

  it('refuses without a token', async () => {
    const { body } = await dictionaryData('?type_ids=21', false);
    expect(body.code).toBe(10004);
  });
});
