import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;

/**
 * A multipart route validates its parts in the handler, so it has no body schema to document. Its form is
 * written into the document from `consumes` and the route's `x-form-fields` (JSON Schema of the text fields),
 * so a client, and the generated fuzz test, know it takes a `file` and which fields.
 */
const withMultipartForms: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const schema = input.schema as
    { consumes?: string[]; 'x-form-fields'?: Record<string, unknown> } | undefined;
  if (!schema?.consumes?.includes('multipart/form-data')) return output;
  const documented = output.schema as Record<string, unknown>;
  documented.body = {
    type: 'object',
    required: ['file'],
    properties: { ...schema['x-form-fields'], file: { type: 'string', format: 'binary' } },
  };
  delete documented['x-form-fields'];
  return output;
};

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
      transform: withMultipartForms,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
