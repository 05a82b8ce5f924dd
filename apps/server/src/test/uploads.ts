import { answerOf } from './api';
import type { TestApp } from './app';

// The smallest real files of each kind: their first bytes are what the server reads.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export interface TestFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * A multipart body with form fields before the file, as a browser's FormData sends it: a string is the
 * `purpose` field of an upload.
 */
export function multipart(file: TestFile, fields?: string | Record<string, string>) {
  const boundary = '----dealer-hr-test';
  const parts: Buffer[] = [];
  const named = typeof fields === 'string' ? { purpose: fields } : (fields ?? {});
  for (const [name, value] of Object.entries(named))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `POST upload/file` as `authorization`. */
export async function uploadAs(t: TestApp, authorization: string, file: TestFile, purpose?: string) {
  const { payload, headers } = multipart(file, purpose);
  return answerOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload/file',
      payload,
      headers: { ...headers, authorization },
    }),
  );
}

/** `GET upload/file/:id` as `authorization`. */
export const readUpload = (t: TestApp, authorization: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/auth/upload/file/${id}`, headers: { authorization } });
