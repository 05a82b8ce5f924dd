import { join } from 'node:path';
import { exportIdBody, exportJob, exportStoreBody } from '@dealer-hr/shared/exports/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { envelope, ok, page } from '../../lib/envelope';
import { actor, capturedCallerOf } from '../../plugins/auth';
import { exportIdQuery, exportListQuery } from './exports.schemas';
import {
  cancelExport,
  deleteExport,
  exportDetail,
  listExports,
  sendExportFile,
  startExport,
} from './exports.service';

const tags = ['exports'];

/** Where job products (export files) are written: beside the uploads, under DATA_DIR. */
export const jobFilesDir = (dataDir: string) => join(dataDir, 'job-files');

/**
 * Protected: the caller's export jobs (`down/timing/excel*`, page `/system/exports`). Every route reads and
 * changes only the caller's own exports; another user's answers 404.
 */
export const exportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, jobs, exports: sources, config } = context;
  const dir = jobFilesDir(config.DATA_DIR);
  // Starting an export needs the export button of the list it exports.
  const anyExport = [...new Set([...sources.values()].flatMap((source) => source.permission))];

  app.get(
    '/down/timing/excel',
    {
      config: { permission: 'system:exports:view' },
      schema: {
        tags,
        summary: 'My exports, newest first',
        description: 'With `active=1` only those still queued or running (the navbar badge).',
        querystring: exportListQuery,
        response: { 200: envelope(page(exportJob)) },
      },
    },
    async (request) => ok(await listExports(db, actor(request).userId, request.query)),
  );

  app.get(
    '/down/timing/excel/detail',
    {
      config: { permission: 'system:exports:view' },
      schema: {
        tags,
        summary: 'One of my exports, with its progress',
        querystring: exportIdQuery,
        response: { 200: envelope(exportJob) },
      },
    },
    async (request) => ok(await exportDetail(db, actor(request).userId, request.query.id)),
  );

  app.post(
    '/down/timing/excel/store',
    {
      config: { permission: anyExport },
      schema: {
        tags,
        summary: 'Start an export as a background job',
        description:
          '`kind` names the list, `query` its filters as that list’s export route takes them (a query ' +
          'string without `?`). The caller’s data scope and rights are captured now. Needs the list’s own ' +
          'export permission (1403 otherwise); a wrong filter answers 422 on `query.<field>`; at most ' +
          'five exports of one user queued or running at once (409).',
        body: exportStoreBody,
        response: { 200: envelope(exportJob) },
      },
    },
    async (request) =>
      ok(await startExport({ db, jobs, sources }, await capturedCallerOf(request), request.body)),
  );

  app.post(
    '/down/timing/excel/cancel',
    {
      config: { permission: 'system:exports:cancel' },
      schema: {
        tags,
        summary: 'Cancel one of my exports',
        description: 'A queued export ends at once, a running one at its next page of rows; 409 when over.',
        body: exportIdBody,
        response: { 200: envelope(exportJob) },
      },
    },
    async (request) => ok(await cancelExport(db, jobs, actor(request).userId, request.body.id)),
  );

  app.delete(
    '/down/timing/excel/destroy',
    {
      config: { permission: 'system:exports:delete' },
      schema: {
        tags,
        summary: 'Remove a finished export and its file',
        description: '409 while it is queued or running (cancel it first).',
        body: exportIdBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteExport(db, dir, actor(request).userId, request.body.id);
      return ok(null);
    },
  );

  app.get(
    '/down/timing/excel/download',
    {
      config: { permission: 'system:exports:download' },
      schema: {
        tags,
        summary: 'The file of a finished export, while it is kept',
        description: '409 while it is not finished, and once its file has expired.',
        querystring: exportIdQuery,
      },
    },
    async (request, reply) => sendExportFile(reply, db, dir, actor(request).userId, request.query.id),
  );
};
