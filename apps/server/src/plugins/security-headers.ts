import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * security headers" says why each directive is what it is). Helmet's middleware is built and run once: the
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
    // The headers are the same on every answer (no directive depends on the request): helmet's middleware
    // writes them once onto a stand-in response, and each answer gets that list, without helmet's fourteen
    // middlewares running again per request.
    const headers: Record<string, string> = {};
    const standIn = {
      setHeader: (name: string, value: string | number | readonly string[]) =>
        void (headers[name] = Array.isArray(value) ? value.join(', ') : String(value)),
      removeHeader: (name: string) => void delete headers[name],
    };
    setHeaders({} as IncomingMessage, standIn as unknown as ServerResponse, (error) => {
      if (error) throw error as Error;
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
