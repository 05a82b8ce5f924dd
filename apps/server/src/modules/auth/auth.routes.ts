import { ErrorCode } from '@dealer-hr/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, rateLimited } from '../../lib/errors';
import { retryMessage } from '../../lib/login-throttle';
import { envelope, ok } from '../../lib/envelope';
import type { AppContext } from '../../app-context';
import { actor, bearerToken } from '../../plugins/auth';
import { casLogoutUrlOf } from '../sso';
import { loginBody, logoutAnswer, logoutBody, tokenAnswer, userInfo } from '@dealer-hr/shared/auth/contract';
import { login, userInfo as loadUserInfo } from './auth.service';
import { clientOf, closeSession, markClosing, refreshSession, sessionOptionsOf } from '../../core/sessions';

/** Public session routes: POST /api/login, /api/refresh and /api/logout. */
export const sessionRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, tokens, config, loginThrottle: throttle },
) => {
  const options = sessionOptionsOf(config);
  const casLogoutUrl = casLogoutUrlOf(config);

  app.post(
    '/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Username login',
        description:
          'Failed attempts are throttled per username and per IP: 429 with `data.retryAfter` seconds.',
        body: loginBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request, reply) => {
      const { username } = request.body;
      const waitMs = await throttle.retryAfterMs(username, request.ip);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        request.log.warn({ username, ip: request.ip, retryAfter: seconds }, 'login refused: throttled');
        reply.header('retry-after', String(seconds));
        throw rateLimited(retryMessage(waitMs), seconds);
      }
      try {
        const answer = await login(db, tokens, request.body, clientOf(request), options);
        await throttle.recordSuccess(username);
        request.log.info({ username }, 'login succeeded');
        return ok(answer);
      } catch (error) {
        if (error instanceof AppError) {
          // Only a wrong password counts toward the throttle; a frozen or sales-only user knew theirs.
          if (error.code === ErrorCode.VALIDATION) await throttle.recordFailure(username, request.ip);
          request.log.warn({ username, ip: request.ip, code: error.code }, 'login failed');
        }
        throw error;
      }
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['session'],
        summary: 'Trade the (expired) access token for a new one',
        description:
          'Send the current access token as Bearer, expired or not. The old token dies at once; ' +
          'presenting an already traded token ends the whole session (10004).',
        security: [{ bearer: [] }],
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request) => ok(await refreshSession(db, tokens, bearerToken(request), options, request.log)),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['session'],
        summary: 'End the current session',
        description:
          '`reason: page-close` (sent while the page unloads) ends the session only if it is not used ' +
          'again within PAGE_CLOSE_GRACE seconds, so a refresh mistaken for a close does not sign out.',
        body: logoutBody,
        response: { 200: envelope(logoutAnswer) },
      },
    },
    async (request) => {
      // Logging out must always succeed for the client; a dead or missing token has nothing left to end.
      const token = bearerToken(request);
      if (token) {
        const verified = await tokens.verify(token, { acceptExpired: true });
        if (verified.ok) {
          const { sessionId } = verified.claims;
          if (request.body?.reason === 'page-close') await markClosing(db, sessionId);
          else {
            const mode = await closeSession(db, sessionId);
            // A CAS sign-on ends at the CAS server too, or the next visit would sign straight back in.
            if (mode === 'cas' && casLogoutUrl) return ok({ url: casLogoutUrl });
          }
        }
      }
      return ok(null);
    },
  );
};

/** Protected: POST /api/auth/me. */
export const meRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/me',
    {
      config: { permission: null },
      schema: { tags: ['session'], summary: 'Current user info', response: { 200: envelope(userInfo) } },
    },
    async (request) => {
      const auth = actor(request);
      return ok(await loadUserInfo(db, auth.userId, await auth.access()));
    },
  );
};
