import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { envelope, ok } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import { menuNode } from './menus.schemas';
import { menuTreeFor } from './menus.service';

export const menuRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/menus/tree',
    {
      config: { permission: null },
      schema: {
        tags: ['menus'],
        summary: "The current user's menu tree (drives routes, sidebar and search)",
        response: { 200: envelope(z.array(menuNode)) },
      },
    },
    async (request) => ok(await menuTreeFor(db, await actor(request).access())),
  );
};
