import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { userWith } from '../../test/users';
import { DRAFT_MAX_BYTES, draftMessages } from '@dealer-hr/shared/drafts/rules';

let t: TestApp;
let hr: string;
let someoneElse: string;
const call = callerOf(() => ({ app: t, authorization: hr }));
beforeAll(async () => {
  t = await createTestApp();
  hr = await t.login('hr');
  someoneElse = await userWith(t, []);
});
afterAll(() => t.close());

describe('draft/store, draft/detail, draft/delete', () => {
  it('keeps one draft per user and form key, replaced on each save', async () => {
    expect((await call('GET', 'draft/detail?key=entry:personal')).data).toBeNull();
    const first = await call('POST', 'draft/store', { key: 'entry:personal', data: { name: '张三' } });
    expect(first.data).toMatchObject({
      key: 'entry:personal',
      data: { name: '张三' },
      created_at: expect.any(String),
    });
    await call('POST', 'draft/store', { key: 'entry:personal', data: { name: '张三', phone: '138' } });
    const { data } = await call('GET', 'draft/detail?key=entry:personal');
    expect(data).toMatchObject({ data: { name: '张三', phone: '138' }, created_at: first.data.created_at });
    // Another form and another user have their own.
    expect((await call('GET', 'draft/detail?key=entry:documents')).data).toBeNull();
    expect((await call('GET', 'draft/detail?key=entry:personal', undefined, someoneElse)).data).toBeNull();
  });

  it('deletes with message ok, also when there was nothing to delete', async () => {
    await call('POST', 'draft/store', { key: 'entry:post', data: { store_id: 3 } });
    const deleted = await call('GET', 'draft/delete?key=entry:post');
    expect(deleted).toMatchObject({ code: 200, message: 'ok' });
    expect((await call('GET', 'draft/detail?key=entry:post')).data).toBeNull();
    expect((await call('GET', 'draft/delete?key=entry:post')).message).toBe('ok');
  });

  it('refuses a malformed key and a draft over the size limit (422)', async () => {
    expect(fieldErrorsOf(await call('GET', 'draft/detail?key=../x'))).toEqual([
      { field: 'key', message: draftMessages.keyInvalid },
    ]);
    const huge = await call('POST', 'draft/store', {
      key: 'entry:big',
      data: { text: 'x'.repeat(DRAFT_MAX_BYTES) },
    });
    expect(fieldErrorsOf(huge)).toEqual([{ field: 'data', message: draftMessages.tooLarge }]);
  });
});
