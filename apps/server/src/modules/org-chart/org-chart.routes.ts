import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { envelope, ok } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import { chartNode } from '@dealer-hr/shared/org-chart/contract';
import { chartQuery } from './org-chart.schemas';
import { departmentChart } from './org-chart.service';

/** Protected: the read-only organisation chart of `/organization/chart`. */
export const orgChartRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/departments/chart',
    {
      config: { permission: 'organization:chart:view' },
      schema: {
        tags: ['departments'],
        summary: "The caller's department tree with leaders and headcounts, for the org chart",
        description:
          'Active departments of the data scope as a tree (one root per scope department), or the subtree of ' +
          '`root_id` (404 when it is outside the scope or disabled). `headcount` counts the open main ' +
          'assignments of the node and everything below; `planned` is the headcount plan of the stores at ' +
          'and below a group, region or store node, null on departments and teams. `children` is always present.',
        querystring: chartQuery,
        response: { 200: envelope(z.array(chartNode)) },
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      return ok(await departmentChart(db, scope, request.query.root_id));
    },
  );
};
