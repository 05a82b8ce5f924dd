import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, fieldErrorsOf, type Method } from './test/api';
import { createTestApp, type TestApp } from './test/app';
import { PNG, readUpload, uploadAs } from './test/uploads';

// The input families that once answered 500, each asked directly; the generated fuzz test (api-fuzz.test.ts)
// keeps every other route honest.
let t: TestApp;
let authorization: string;
const call = callerOf(() => ({ app: t, authorization }));

beforeAll(async () => {
  t = await createTestApp();
  authorization = await t.login();
});
afterAll(() => t.close());

describe('ids beyond PostgreSQL integer', () => {
  const requests: [Method, string, Record<string, unknown>?][] = [
    ['DELETE', 'menus/destroy', { id: 2_147_483_648 }],
    ['PUT', 'menus/sort', { parent_id: 999_999_999_999, ids: [1, 2] }],
    ['DELETE', 'mutually/exclusive/destroy', { id: 999_999_999_999 }],
    ['GET', 'prohibited/detail?id=2147483648'],
    ['PUT', 'prohibited/change', { id: 2_147_483_648, reason: '核实有误' }],
    ['PUT', 'prohibited/dismiss', { id: 2_147_483_648, reason: '核实有误' }],
    ['GET', 'user/detail?id=999999999999'],
    ['GET', 'user/detail/id-number?id=2147483648'],
    ['GET', 'user/entry/step/detail?id=2147483648'],
    ['DELETE', 'user/entry/step/destroy', { id: 2_147_483_648 }],
    ['GET', 'user/index?store_id=2147483648'],
  ];

  it.each(requests)('%s %s answers 422 on the id', async (method, path, body) => {
    const answer = await call(method, path, body);
    const fields = fieldErrorsOf(answer).map((error) => error.field);
    expect(
      fields.some((field) => /(^|_)id$/.test(field)),
      JSON.stringify(answer),
    ).toBe(true);
  });

  it('a well-formed id of nothing is 404', async () => {
    expect((await call('GET', 'user/detail?id=2147483647')).code).toBe(404);
    expect((await call('GET', 'prohibited/detail?id=2147483647')).code).toBe(404);
  });
});

describe('control characters in text', () => {
  const nul = 'a\u0000b';
  const requests: [Method, string, Record<string, unknown> | undefined, string][] = [
    ['POST', '/api/login', { username: nul, password: 'Admin@2026' }, 'username'],
    ['POST', 'departments/store/same', { id: 1, name: nul }, 'name'],
    ['POST', 'departments/store/down', { parent_id: 1, name: nul }, 'name'],
    ['GET', `roles?name=${encodeURIComponent(nul)}`, undefined, 'name'],
    ['GET', `accounts/employees?keyword=${encodeURIComponent(nul)}`, undefined, 'keyword'],
    ['POST', 'prohibited/store', { name: '张三', id_number: 'E12345678', reason: nul }, 'reason'],
    ['PUT', 'prohibited/change', { id: 1, reason: nul }, 'reason'],
    ['POST', 'approval/set/store', { business_type: 'leave', name: nul, nodes: [] }, 'name'],
    ['PUT', 'user/freeze', { id: 2, reason: 'half \ud800 pair' }, 'reason'],
  ];

  it.each(requests)(
    '%s %s answers 422 on the field with a Chinese message',
    async (method, path, body, field) => {
      const errors = fieldErrorsOf(await call(method, path, body));
      expect(errors).toContainEqual({ field, message: expect.stringMatching(/不能包含控制字符/) });
    },
  );

  it('keeps tabs and line breaks in free text', async () => {
    const answer = await call('GET', `roles?name=${encodeURIComponent('a\tb')}`);
    expect(answer.code).toBe(200);
  });
});

describe('uploaded file names', () => {
  it.each([
    ['a\u0000b.png', 'ab.png'],
    ['\u202Egnp.exe', 'gnp.exe'],
    ['..\\..\\photo\u2066.png', 'photo.png'],
  ])('keeps %j as %j, and reads it back', async (name, kept) => {
    const answer = await uploadAs(t, authorization, { name, type: 'image/png', bytes: PNG });
    expect(answer.code).toBe(200);
    expect(answer.data.file_name).toBe(kept);
    const read = await readUpload(t, authorization, answer.data.id);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-disposition']).toContain(encodeURIComponent(kept));
  });
});

describe('requests refused before any route', () => {
  it('answers a path parameter over the router limit with the envelope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/upload/file/${'9'.repeat(500)}`,
      headers: { authorization },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 422, data: { errors: [{ field: 'url' }] } });
  });

  it('answers an address over the header size limit with the envelope, over real HTTP', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/auth/roles?name=${'x'.repeat(20_000)}`);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: 422,
      message: '请求头或请求地址过长',
      data: { errors: [{ field: 'url' }] },
    });
  });
});
