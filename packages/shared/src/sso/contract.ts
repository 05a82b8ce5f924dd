// Single sign-on's request and answer schemas (docs/api.md "Single sign-on"). The server validates and
// documents with them; the web only imports their types (`import type`), so zod stays out of the login
// page's bundle.
import { zRequiredString } from '../validation';
import { z } from 'zod';
import {
  CODE_LOGIN_MODES,
  SSO_APPID_MAX,
  SSO_CODE_MAX,
  SSO_SERVICE_MAX,
  SSO_TICKET_MAX,
  ssoLabels,
} from './rules';

export const codeLoginBody = z.object({
  code: zRequiredString(ssoLabels.code, { max: SSO_CODE_MAX }),
  appid: zRequiredString(ssoLabels.appid, { max: SSO_APPID_MAX }),
  /** Omitted: the enabled mode whose appid matches. */
  mode: z.enum(CODE_LOGIN_MODES).optional(),
});
export type CodeLoginInput = z.input<typeof codeLoginBody>;
export type CodeLoginBody = z.infer<typeof codeLoginBody>;

export const casLoginBody = z.object({
  ticket: zRequiredString(ssoLabels.ticket, { max: SSO_TICKET_MAX }),
  /** The page the ticket was issued for; ignored when the server has CAS_SERVICE_URL. */
  service: z.string().url().max(SSO_SERVICE_MAX).optional(),
});
export type CasLoginInput = z.input<typeof casLoginBody>;
export type CasLoginBody = z.infer<typeof casLoginBody>;

export const qrcodeAnswer = z.object({
  url: z.string(),
  appid: z.string(),
  state: z.string(),
});
export type QrCodeAnswer = z.infer<typeof qrcodeAnswer>;

export const loginModesAnswer = z.object({
  wecom: z.object({ appid: z.string() }).nullable(),
  oauth: z.object({ appid: z.string(), authorizeUrl: z.string() }).nullable(),
  cas: z.object({ loginUrl: z.string() }).nullable(),
});
export type LoginModesAnswer = z.infer<typeof loginModesAnswer>;
