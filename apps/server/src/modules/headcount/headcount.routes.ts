import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok } from '../../lib/envelope';
import { uploadedFile } from '../../lib/uploaded-file';
import { actor } from '../../plugins/auth';
import {
  headcountGrid as headcountGridSchema,
  headcountSaved,
  headcountUpdateBody,
  importAnswer,
} from '@dealer-hr/shared/headcount/contract';
import { headcountMessages } from '@dealer-hr/shared/headcount/rules';
import { headcountQuery } from './headcount.schemas';
import { headcountGrid, saveCells } from './headcount.service';
import { sendExport } from '../exports';
import { headcountExport, importSheet } from './headcount.sheet';

const tags = ['headcount'];
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const fileMessages = {
  missing: headcountMessages.fileMissing,
  tooLarge: headcountMessages.fileTooLarge,
  invalid: headcountMessages.fileInvalid,
};

/**
 * Protected: the headcount plan (planned count per store x post). Every route sees only the stores inside
 * the caller's data scope.
 */
export const headcountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const exports = headcountExport(db);
  // Registered here so only the import route of this module accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 20 } });

  app.get(
    '/headcount/index',
    {
      config: { permission: 'organization:headcount:view' },
      schema: {
        tags,
        summary: 'The headcount grid: stores x active posts, planned against actual',
        description:
          'Rows are the active stores inside the caller’s data scope (`region_id`, `store_id` narrow them), ' +
          'columns the active posts in display order. `planned` comes from the plan (0 when none), `actual` ' +
          'counts the open main assignments at the store and post. Row and column totals included.',
        querystring: headcountQuery,
        response: { 200: envelope(headcountGridSchema) },
      },
    },
    async (request) => ok(await headcountGrid(db, await actor(request).scope(), request.query)),
  );

  app.put(
    '/headcount/update',
    {
      config: { permission: 'organization:headcount:update' },
      schema: {
        tags,
        summary: 'Save changed cells of the grid',
        description:
          '`items`: `{ store_id, post_id, planned }` with `planned` an integer 0-9999, each cell once. One ' +
          'transaction; each cell whose value changed is written and audited. A store outside the caller’s ' +
          'scope answers 404; an unknown post 422.',
        body: headcountUpdateBody,
        response: { 200: envelope(headcountSaved) },
      },
    },
    async (request) =>
      ok(await saveCells(db, auditActorOf(request), await actor(request).scope(), request.body.items)),
  );

  app.get(
    '/headcount/export',
    {
      config: { permission: 'organization:headcount:export' },
      schema: {
        tags,
        summary: 'The headcount plan as an .xlsx file',
        description:
          'Same stores and posts as `headcount/index` with the same filters; one row per store x post with ' +
          'the columns 门店编码, 门店名称, 岗位编码, 岗位名称, 编制人数, 在岗人数. The import takes this file back.',
        querystring: headcountQuery,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, { db, source: exports }, request.query, 'headcount.xlsx'),
  );

  app.post(
    '/headcount/import',
    {
      config: { permission: 'organization:headcount:import' },
      schema: {
        tags,
        summary: 'Import the headcount plan from an .xlsx file',
        description:
          'multipart/form-data with one file field (at most 5 MB) in the export’s format: 门店编码, 岗位编码 and ' +
          '编制人数 are read, other columns ignored. Every row is checked (unknown or out-of-scope store code, ' +
          'unknown post code, a count that is not an integer 0-9999, a store x post given twice); when any ' +
          'row is wrong nothing is written and the answer is 422 with `data.errors: [{ field: "file", row, ' +
          'message }]`, one per bad row. Otherwise all rows are applied in one transaction with one audit entry.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(importAnswer) },
      },
    },
    async (request) => {
      const { bytes } = await uploadedFile(request, fileMessages);
      return ok(await importSheet(db, auditActorOf(request), await actor(request).scope(), bytes));
    },
  );
};
