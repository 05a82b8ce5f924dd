import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthAnswer, readyAnswer } from '@dealer-hr/shared/health/contract';
import { healthMessages } from '@dealer-hr/shared/health/rules';
import type { AppContext } from '../../app-context';

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });

  const databaseAnswers = async (log: { error(object: object, message: string): void }) => {
    try {
      await database.ping();
      return true;
    } catch (error) {
      log.error({ err: error }, 'database health check failed');
      return false;
    }
  };

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthAnswer, 503: healthAnswer },
      },
    },
    async (request, reply) => {
      if (await databaseAnswers(request.log))
        return { code: 200, message: 'ok', data: { db: 'ok' as const } };
      return reply
        .status(503)
        .send({ code: 503, message: healthMessages.down, data: { db: 'down' as const } });
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: send this instance traffic',
        description:
          'HTTP 503 while the instance migrates (answered before the app is built), while its database is ' +
          'away and once it is stopping (docs/operations.md "Several instances").',
        response: { 200: readyAnswer, 503: readyAnswer },
      },
    },
    async (request, reply) => {
      const up = await databaseAnswers(request.log);
      const db = up ? ('ok' as const) : ('down' as const);
      if (up && !stopping) return { code: 200, message: 'ok', data: { ready: true, db } };
      const message = stopping ? healthMessages.stopping : healthMessages.down;
      return reply.status(503).send({ code: 503, message, data: { ready: false, db } });
    },
  );

  app.get(
    '/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ code: z.number().int(), message: z.string(), data: z.null() }) },
      },
    },
    async () => ({ code: 200, message: 'ok', data: null }),
  );
};
