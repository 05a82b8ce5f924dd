import multipart from '@fastify/multipart';
import { uploadAnswer, zUploadPurpose } from '@dealer-hr/shared/uploads/contract';
import { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, uploadMessages } from '@dealer-hr/shared/uploads/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { envelope, ok } from '../../lib/envelope';
import { validationFailed } from '../../lib/errors';
import { uploadedFile } from '../../lib/uploaded-file';
import { actor } from '../../plugins/auth';
import { uploadIdParams } from './uploads.schemas';
import { openUpload, saveUpload } from './uploads.service';

const tags = ['uploads'];

const purposeOf = (value: string | undefined) => {
  const purpose = UPLOAD_PURPOSES.find((candidate) => candidate === (value ?? 'other'));
  if (!purpose) throw validationFailed([{ field: 'purpose', message: uploadMessages.purposeInvalid }]);
  return purpose;
};

/**
 * Protected: files uploaded with a record (`POST upload/file`), read back through `GET upload/file/:id`. Any
 * signed-in user may upload; reading is limited to the uploader and, once a record owns the file, to whoever
 * may see that record.
 */
export const uploadRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, files }) => {
  // Registered here so only this module's routes accept multipart bodies, with the upload size limit.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 10 },
  });

  app.post(
    '/upload/file',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Upload one file',
        description:
          'multipart/form-data with a `purpose` field (id_card_front, id_card_back, education, ' +
          'driving_licence, face, other; default other) before one `file` field of at most 5 MB. The type ' +
          'is read from the content: JPEG, PNG, WEBP or PDF (a face photo: images only); anything else is ' +
          '422 on `file`. Stored by the SHA-256 of its content.',
        consumes: ['multipart/form-data'],
        'x-form-fields': { purpose: z.toJSONSchema(zUploadPurpose) },
        response: { 200: envelope(uploadAnswer) },
      },
    },
    async (request) => {
      const file = await uploadedFile(request, uploadMessages);
      return ok(
        await saveUpload(db, files, actor(request).userId, {
          bytes: file.bytes,
          fileName: file.fileName,
          purpose: purposeOf(file.fields.purpose),
        }),
      );
    },
  );

  app.get(
    '/upload/file/:id',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Read an uploaded file',
        description:
          'The bytes with the type found at upload. 404 for a file the caller may not see (the same answer ' +
          'as a file that does not exist).',
        params: uploadIdParams,
      },
    },
    async (request, reply) => {
      const { upload, stream } = await openUpload(db, files, actor(request), request.params.id);
      return reply
        .header('content-type', upload.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header(
          'content-disposition',
          `inline; filename="upload-${upload.id}"; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`,
        )
        .send(stream);
    },
  );
};
