import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import {
  headcountGrid as headcountGridSchema,
  headcountSaved,
  headcountUpdateBody,
} from '@dealer-hr/shared/headcount/contract';
import { headcountQuery } from './headcount.schemas';
import { headcountGrid, saveCells } from './headcount.service';
import { sendExport } from '../exports';
import { headcountExport } from './headcount.sheet';

const tags = ['headcount'];

/**
 * Protected: the headcount plan (planned count per store x post). Every route sees only the stores inside
 * the caller's data scope.
 */
export const headcountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const exports = headcountExport(db);

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
};
