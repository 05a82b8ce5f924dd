// The uploads routes' answer and form field schemas (`/api/auth/upload/file`). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of its bundle. The
// body is multipart form data, read by the server's own code; the file's id in the path is the server's own.
import { z } from 'zod';
import { UPLOAD_PURPOSES } from './rules';

export const zUploadPurpose = z.enum(UPLOAD_PURPOSES);

/** An uploaded file (`POST upload/file`). */
export const uploadAnswer = z.object({
  id: z.number().int(),
  /** Where the file is read back (with the bearer token). */
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  file_name: z.string(),
  purpose: zUploadPurpose,
  created_at: z.string(),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;
