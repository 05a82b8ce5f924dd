import multipart from '@fastify/multipart';
import { importIdQuery, importJob, importPreview, importStoreBody } from '@dealer-hr/shared/imports/contract';
import {
  FAILURE_FILE_NAME,
  IMPORT_MAX_BYTES,
  importLabels,
  importMessages,
} from '@dealer-hr/shared/imports/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { envelope, ok } from '../../lib/envelope';
import { validationFailed } from '../../lib/errors';
import { uploadedFile } from '../../lib/uploaded-file';
import { sendXlsx } from '../../lib/xlsx';
import { actor, capturedCallerOf } from '../../plugins/auth';
import { jobFilesDir } from '../exports';
import { importDetail, importFailures, importTemplate, previewImport, startImport } from './imports.service';

const tags = ['imports'];

const kindQuery = z.object({ kind: z.string({ error: selectMessage(importLabels.kind) }).max(40) });
const fileMessages = {
  missing: importMessages.fileMissing,
  tooLarge: importMessages.fileTooLarge,
  invalid: importMessages.fileInvalid,
};

/**
 * Protected: Excel imports (`imports/*`), one mechanism for every list that takes a file. Each route needs
 * the 导入 button of the list it imports into; an import is read and followed only by its owner.
 */
export const importRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, jobs, imports: sources, config },
) => {
  const dir = jobFilesDir(config.DATA_DIR);
  const context = { db, jobs, sources, dir };
  const anyImport = [...new Set([...sources.values()].map((source) => source.permission))];
  // No import registered (a build without one) leaves the routes to any signed-in user: they refuse every kind.
  const permission = anyImport.length > 0 ? anyImport : null;
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20 } });

  app.get(
    '/imports/template',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The Excel template of an import',
        description:
          'The header row, a hidden row of column keys, a list to choose from on each dictionary column, ' +
          'and a guide sheet with an example row and the rules.',
        querystring: kindQuery,
      },
    },
    async (request, reply) => {
      const { bytes, name } = await importTemplate(
        context,
        (await capturedCallerOf(request)).access,
        request.query.kind,
      );
      return sendXlsx(reply, bytes, 'import-template.xlsx', name);
    },
  );

  app.post(
    '/imports/preview',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Check a file before importing it',
        description:
          'multipart/form-data: `kind` and one `file` (.xlsx, at most 10 MB, 20,000 rows). Every row is ' +
          'checked; the answer has the counts, the first rows and the first bad rows with every problem, and ' +
          'a `token` for `imports/store`. Nothing is written.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(importPreview) },
      },
    },
    async (request) => {
      const upload = await uploadedFile(request, fileMessages);
      const kind = upload.fields.kind;
      if (!kind) throw validationFailed([{ field: 'kind', message: selectMessage(importLabels.kind) }]);
      return ok(await previewImport(context, await capturedCallerOf(request), kind, upload.bytes));
    },
  );

  app.post(
    '/imports/store',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Import a previewed file as a background job',
        description:
          'Good rows are written in batches, bad ones go to a failure file (`imports/failures`). With ' +
          '`all_or_nothing`, a file with any bad row writes nothing.',
        body: importStoreBody.extend({ kind: z.string({ error: selectMessage(importLabels.kind) }).max(40) }),
        response: { 200: envelope(importJob) },
      },
    },
    async (request) => ok(await startImport(context, await capturedCallerOf(request), request.body)),
  );

  app.get(
    '/imports/detail',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One of my imports, with its progress and counts',
        querystring: importIdQuery,
        response: { 200: envelope(importJob) },
      },
    },
    async (request) => ok(await importDetail(db, actor(request).userId, request.query.id)),
  );

  app.get(
    '/imports/failures',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The failure file of one of my imports (失败明细.xlsx)',
        description:
          'The refused rows with their columns, their row in the file, and 错误原因. 409 when none.',
        querystring: importIdQuery,
      },
    },
    async (request, reply) => {
      const bytes = await importFailures(db, dir, actor(request).userId, request.query.id);
      return sendXlsx(reply, bytes, 'import-failures.xlsx', FAILURE_FILE_NAME);
    },
  );
};
