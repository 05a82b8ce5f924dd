import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/envelope';
import type { AppContext } from '../../app-context';
import { actor, bearerToken } from '../../plugins/auth';
import { loginBody, logoutAnswer, tokenAnswer, userInfo } from './auth.schemas';
import { login, logout, userInfo as loadUserInfo } from './auth.service';

/** Public session routes: POST /api/login and /api/logout. */
export const sessionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, tokens, config }) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Username login',
        body: loginBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const answer = await login(db, tokens, request.body, client, config.REFRESH_TTL);
      request.log.info({ username: request.body.username }, 'login succeeded');
      return ok(answer);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['session'],
        summary: 'End the current session',
        response: { 200: envelope(logoutAnswer) },
      },
    },
    async (request) => {
      // Logging out must always succeed for the client; a dead or missing token has nothing left to end.
      const token = bearerToken(request);
      if (token) {
        const verified = await tokens.verify(token, { acceptExpired: true });
        if (verified.ok) await logout(db, verified.claims.sessionId);
      }
      return ok(null);
    },
  );
};

/** Protected: POST /api/auth/me. */
export const meRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/me',
    { schema: { tags: ['session'], summary: 'Current user info', response: { 200: envelope(userInfo) } } },
    async (request) => {
      const auth = actor(request);
      return ok(await loadUserInfo(db, auth.userId, await auth.access()));
    },
  );
};
