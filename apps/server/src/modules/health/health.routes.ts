import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

const healthAnswer = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.object({ db: z.enum(['ok', 'down']) }),
});

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
        return reply.status(503).send({ code: 503, message: '数据库不可用', data: { db: 'down' as const } });
      }
    },
  );
};
