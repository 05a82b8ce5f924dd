import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the same zod schemas that validate requests. Protected routes are marked with the
 * bearer scheme and the permission they declare (`x-permission`), so the document shows who may call what.
 */
export default fp(
  async function openApi(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/auth/') || !route.schema) return;
      const schema = route.schema as Record<string, unknown>;
      schema.security = [{ bearer: [] }];
      const permission = route.config?.permission;
      if (permission === undefined) return;
      schema['x-permission'] =
        permission === null ? 'any signed-in user' : ([] as string[]).concat(permission).join(' | ');
    });
    await app.register(swagger, {
      openapi: {
        info: { title: 'Dealer HR API', version: '1.0.0', description: 'Envelope: { code, message, data }' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
