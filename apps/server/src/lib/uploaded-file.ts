import { safeFileName } from '@dealer-hr/shared/uploads/rules';
import type { FastifyRequest } from 'fastify';
import { validationFailed } from './errors';

export interface UploadMessages {
  missing: string;
  tooLarge: string;
  invalid: string;
}

export interface UploadedFile {
  bytes: Buffer;
  /** The name the browser gave, made safe to keep and show (`safeFileName`); never trusted for the type. */
  fileName: string;
  /** The other form fields of the request. */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart request (the route's module registers @fastify/multipart with its size limit).
 * Anything else is the caller's mistake: 422 on `file`, never a 500.
 */
export async function uploadedFile(request: FastifyRequest, messages: UploadMessages): Promise<UploadedFile> {
  if (!request.isMultipart()) throw validationFailed([{ field: 'file', message: messages.missing }]);
  let file: UploadedFile | undefined;
  try {
    const part = await request.file();
    if (part) {
      const bytes = await part.toBuffer();
      const fields: Record<string, string> = {};
      for (const [name, field] of Object.entries(part.fields)) {
        const value = Array.isArray(field) ? field[0] : field;
        if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
      }
      file = { bytes, fileName: safeFileName(part.filename ?? ''), fields };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message = code === 'FST_REQ_FILE_TOO_LARGE' ? messages.tooLarge : messages.invalid;
    throw validationFailed([{ field: 'file', message }]);
  }
  if (!file || file.bytes.length === 0)
    throw validationFailed([{ field: 'file', message: messages.missing }]);
  return file;
}
