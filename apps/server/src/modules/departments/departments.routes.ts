import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { envelope, ok } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import { departmentNode, myTreeQuery } from './departments.schemas';
import { myDepartmentTree } from './departments.service';

export const departmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/departments/my/tree',
    {
      // Everyone has a scope; pickers of every page ask for it.
      config: { permission: null },
      schema: {
        tags: ['departments'],
        summary: "The departments of the caller's data scope, as a tree",
        description:
          'The whole tree for a group-wide role, else one subtree per department of the caller’s main posts ' +
          '(`partTime=1`: part-time posts too). A node without children has no `children` key.',
        querystring: myTreeQuery,
        response: { 200: envelope(z.array(departmentNode)) },
      },
    },
    async (request) => {
      const scope = await actor(request).scope({ partTime: request.query.partTime === '1' });
      return ok(await myDepartmentTree(db, scope));
    },
  );
};
