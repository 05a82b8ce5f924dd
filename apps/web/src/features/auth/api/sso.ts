import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../../lib/api-client';
import type { TokenAnswer } from '@dealer-hr/shared/auth/contract';
import type {
  CasLoginInput,
  CodeLoginInput,
  LoginModesAnswer,
  QrCodeAnswer,
} from '@dealer-hr/shared/sso/contract';

/** Which single sign-on modes the server has configured (docs/api.md "Single sign-on"). */
export type LoginModes = LoginModesAnswer;

export type QrCode = QrCodeAnswer;

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

export function exchangeCode(input: CodeLoginInput): Promise<TokenAnswer> {
  return post<TokenAnswer>('/getTokenByCode', input);
}

export function casLogin(input: CasLoginInput): Promise<TokenAnswer> {
  return post<TokenAnswer>('/casLogin', input);
}
