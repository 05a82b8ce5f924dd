import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthAnswer } from '@dealer-hr/shared/health/contract';
import { healthMessages } from '@dealer-hr/shared/health/rules';
import type { AppContext } from '../../app-context';

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
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
      try {
        await database.ping();
        return { code: 200, message: 'ok', data: { db: 'ok' as const } };
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply
          .status(503)
          .send({ code: 503, message: healthMessages.down, data: { db: 'down' as const } });
      }
    },
  );
};
