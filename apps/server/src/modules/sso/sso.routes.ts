import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { envelope, ok } from '../../lib/envelope';
import { tokenAnswer } from '@dealer-hr/shared/auth/contract';
import { clientOf, sessionOptionsOf } from '../../core/sessions';
import { modeNotEnabled } from './sso.errors';
import { casLoginBody, codeLoginBody, loginModesAnswer, qrcodeAnswer } from '@dealer-hr/shared/sso/contract';
import { createSingleSignOn } from './sso.service';
import { casLoginUrl, oauthAuthorizeUrl, ssoSettingsOf, withQuery } from './sso.settings';

const SALES_ONLY_NOTE = 'A sales-only user answers code 10008 with `data.url`, the sales-link home page.';

/** Public single sign-on routes (api.md "Single sign-on"): each mode answers only when it is configured. */
export const ssoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, tokens, config }) => {
  const settings = ssoSettingsOf(config);
  const sso = createSingleSignOn({ db, tokens, settings, options: sessionOptionsOf(config) });

  app.post(
    '/getTokenByCode',
    {
      schema: {
        tags: ['session'],
        summary: 'Login with a work-messaging (WeCom) or OAuth 2.0 authorization code',
        description: `Without \`mode\`, the enabled mode whose appid matches is used. ${SALES_ONLY_NOTE}`,
        body: codeLoginBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request) => ok(await sso.loginByCode(request.body, clientOf(request), request.log)),
  );

  app.post(
    '/casLogin',
    {
      schema: {
        tags: ['session'],
        summary: 'Login with a CAS 3.0 service ticket',
        description: `The ticket is validated for CAS_SERVICE_URL when set, else for \`service\`. ${SALES_ONLY_NOTE}`,
        body: casLoginBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request) => ok(await sso.loginByTicket(request.body, clientOf(request), request.log)),
  );

  app.get(
    '/login/qrcode',
    {
      schema: {
        tags: ['session'],
        summary: 'Work-messaging QR login frame',
        description:
          'The URL of the QR frame (300 x 400). `state` is a fresh nonce: the browser keeps it and checks ' +
          'that the returning URL carries it.',
        response: { 200: envelope(qrcodeAnswer) },
      },
    },
    async (request) => {
      const wecom = settings.wecom;
      if (!wecom) {
        request.log.warn({ mode: 'wecom', reason: 'wecom is not configured' }, 'qrcode refused');
        throw modeNotEnabled('wecom is not configured');
      }
      const state = randomBytes(16).toString('base64url');
      const url = withQuery(wecom.qrUrl, {
        appid: wecom.corpId,
        agentid: wecom.agentId,
        redirect_uri: wecom.redirectUri,
        state,
      });
      return ok({ url, appid: wecom.corpId, state });
    },
  );

  app.get(
    '/login/modes',
    {
      schema: {
        tags: ['session'],
        summary: 'Single sign-on modes this installation offers',
        description:
          '`oauth.authorizeUrl` has no `state`: append `&state=<nonce>`. `cas.loginUrl` carries the ' +
          'service when CAS_SERVICE_URL is set; otherwise append `?service=<the /casLogin page URL>`.',
        response: { 200: envelope(loginModesAnswer) },
      },
    },
    async () =>
      ok({
        wecom: settings.wecom && { appid: settings.wecom.corpId },
        oauth: settings.oauth && {
          appid: settings.oauth.clientId,
          authorizeUrl: oauthAuthorizeUrl(settings.oauth),
        },
        cas: settings.cas && { loginUrl: casLoginUrl(settings.cas) },
      }),
  );
};
