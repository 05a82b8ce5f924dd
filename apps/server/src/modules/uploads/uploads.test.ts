import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadMessages, UPLOAD_MAX_BYTES } from '@dealer-hr/shared/uploads/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { answerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { PDF, PNG, readUpload, uploadAs, type TestFile } from '../../test/uploads';
import { userWith } from '../../test/users';
import { sniffFileType } from '../../lib/file-type';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);

const upload = (file: TestFile, purpose?: string, authorization = admin) =>
  uploadAs(t, authorization, file, purpose);
const read = (id: number, authorization = admin) => readUpload(t, authorization, id);

describe('file types from content', () => {
  it('knows JPEG, PNG, WEBP and PDF by their first bytes, and nothing else', () => {
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffFileType(PNG)).toBe('image/png');
    expect(sniffFileType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffFileType(PDF)).toBe('application/pdf');
    expect(sniffFileType(EXE)).toBeNull();
    expect(sniffFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});

describe('POST upload/file and GET upload/file/:id', () => {
  it('stores an ID photo by its content hash and gives it back with the type read from its bytes', async () => {
    const { code, data } = await upload(
      { name: 'front.jpg', type: 'image/jpeg', bytes: PNG },
      'id_card_front',
    );
    expect(code).toBe(200);
    // The browser called it a JPEG; its bytes say PNG, and PNG it is.
    expect(data).toMatchObject({
      mime: 'image/png',
      size: PNG.length,
      file_name: 'front.jpg',
      purpose: 'id_card_front',
    });
    const hash = createHash('sha256').update(PNG).digest('hex');
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, data.id));
    expect(row!.sha256).toBe(hash);
    expect(await readdir(join(t.config.DATA_DIR, 'uploads', hash.slice(0, 2), hash.slice(2, 4)))).toEqual([
      hash,
    ]);

    const response = await read(data.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(data.url).toBe(`/api/auth/upload/file/${data.id}`);
  });

  it('keeps one copy of a file uploaded twice', async () => {
    const first = await upload({ name: 'a.pdf', type: 'application/pdf', bytes: PDF }, 'education');
    const second = await upload({ name: 'b.pdf', type: 'application/pdf', bytes: PDF }, 'education');
    expect(second.data.id).not.toBe(first.data.id);
    const hash = createHash('sha256').update(PDF).digest('hex');
    expect(await readdir(join(t.config.DATA_DIR, 'uploads', hash.slice(0, 2), hash.slice(2, 4)))).toEqual([
      hash,
    ]);
  });

  it('refuses a file whose content is not an accepted type, whatever its name says (422 on file)', async () => {
    const renamed = await upload({ name: 'photo.jpg', type: 'image/jpeg', bytes: EXE }, 'id_card_back');
    expect(fieldErrorsOf(renamed)).toEqual([{ field: 'file', message: uploadMessages.invalid }]);
    const pdfFace = await upload({ name: 'face.pdf', type: 'application/pdf', bytes: PDF }, 'face');
    expect(fieldErrorsOf(pdfFace)).toEqual([{ field: 'file', message: uploadMessages.imageOnly }]);
    const unknownPurpose = await upload({ name: 'a.png', type: 'image/png', bytes: PNG }, 'passport-scan');
    expect(fieldErrorsOf(unknownPurpose)).toEqual([
      { field: 'purpose', message: uploadMessages.purposeInvalid },
    ]);
  });

  it('refuses a file over the size limit and a request without a file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const tooLarge = await upload({ name: 'big.png', type: 'image/png', bytes: big }, 'other');
    expect(fieldErrorsOf(tooLarge)).toEqual([{ field: 'file', message: uploadMessages.tooLarge }]);
    const json = answerOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/upload/file',
        payload: { file: 'x' },
        headers: { authorization: admin },
      }),
    );
    expect(fieldErrorsOf(json)).toEqual([{ field: 'file', message: uploadMessages.missing }]);
  });

  it('shows a file not yet owned by a record only to its uploader (404 to others)', async () => {
    const { data } = await upload({ name: 'front.png', type: 'image/png', bytes: PNG }, 'id_card_front');
    const someone = await userWith(t, []);
    const answer = answerOf(await read(data.id, someone));
    expect(answer.code).toBe(404);
    expect(answerOf(await read(999_999)).code).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/auth/upload/file/${data.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
