import { zRequiredString } from '@dealer-hr/shared';
import { z } from 'zod';

export const codeLoginBody = z.object({
  code: zRequiredString('授权码', { max: 512 }),
  appid: zRequiredString('应用标识', { max: 128 }),
  /** Omitted: the enabled mode whose appid matches. */
  mode: z.enum(['wecom', 'oauth']).optional(),
});
export type CodeLoginBody = z.infer<typeof codeLoginBody>;

export const casLoginBody = z.object({
  ticket: zRequiredString('票据', { max: 1024 }),
  /** The page the ticket was issued for; ignored when the server has CAS_SERVICE_URL. */
  service: z.string().url().max(2048).optional(),
});
export type CasLoginBody = z.infer<typeof casLoginBody>;

export const qrcodeAnswer = z.object({
  url: z.string(),
  appid: z.string(),
  state: z.string(),
});

export const loginModesAnswer = z.object({
  wecom: z.object({ appid: z.string() }).nullable(),
  oauth: z.object({ appid: z.string(), authorizeUrl: z.string() }).nullable(),
  cas: z.object({ loginUrl: z.string() }).nullable(),
});
