import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@dealer-hr/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const apiNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(404)
    .send({ code: ErrorCode.NOT_FOUND, message: `接口不存在：${request.method} ${request.url}`, data: null });

/**
 * Serves the built web app at `/` and answers every other non-API GET with index.html (the client router
 * owns those paths), each file pre-compressed when the browser accepts brotli or gzip. Unknown `/api/*`
 * paths get the 404 envelope. Without a build, only the API runs.
 */
export default fp(
  async function web(app: FastifyInstance, options: { root: string }) {
    const indexFile = path.join(options.root, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ root: options.root }, 'web app not built: serving the API only');
      app.setNotFoundHandler(apiNotFound);
      return;
    }
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text file; the one the request accepts is sent as it is.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; index.html must be revalidated so a deploy is picked up.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
      if (!isPage) return apiNotFound(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
