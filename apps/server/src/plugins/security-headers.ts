import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Origins the pages may frame: the WeCom QR login's, when that login is configured; none otherwise. */
  frameOrigins: readonly string[];
}

/**
 * Helmet's headers on every answer, pages, API answers, errors and 404s alike, with a content security
 * policy that allows what the web app loads and nothing else (docs/decisions.md "Compression and
 * security headers" says why each directive is what it is). Helmet's middleware is built once: the
 * Fastify wrapper builds it again for every request, which cost more than a cached request's own work.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, { frameOrigins }: SecurityHeadersOptions) {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'none'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          frameSrc: frameOrigins.length > 0 ? [...frameOrigins] : ["'none'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', (request, reply, done) =>
      setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );
  },
  { name: 'security-headers' },
);
