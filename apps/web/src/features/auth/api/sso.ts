import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../../lib/api-client';
import type { TokenAnswer } from './login';

/** Which single sign-on modes the server has configured (docs/api.md "Single sign-on"). */
export interface LoginModes {
  wecom: { appid: string } | null;
  oauth: { appid: string; authorizeUrl: string } | null;
  cas: { loginUrl: string } | null;
}

export interface QrCode {
  url: string;
  appid: string;
  state: string;
}

export function getLoginModes(signal?: AbortSignal): Promise<LoginModes> {
  // Without the answer the page still offers the username login: no message.
  return get<LoginModes>('/login/modes', undefined, { signal, silent: true });
}

export const loginModesQueryOptions = () =>
  queryOptions({
    queryKey: ['login', 'modes'],
    queryFn: ({ signal }) => getLoginModes(signal),
    staleTime: Infinity,
  });

export function getQrCode(signal?: AbortSignal): Promise<QrCode> {
  return get<QrCode>('/login/qrcode', undefined, { signal });
}

export function exchangeCode(input: { code: string; appid: string }): Promise<TokenAnswer> {
  return post<TokenAnswer>('/getTokenByCode', input);
}

export function casLogin(input: { ticket: string; service: string }): Promise<TokenAnswer> {
  return post<TokenAnswer>('/casLogin', input);
}
