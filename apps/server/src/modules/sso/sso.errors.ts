import { ErrorCode } from '@dealer-hr/shared';
import { AppError } from '../../lib/errors';

/**
 * A single sign-on that could not go on. `message` is what the user reads; `reason` is what the log keeps
 * (the provider's error code, the missing claim): never a secret, a code, a ticket or a token.
 */
export class SsoFailure extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    data: unknown,
    readonly reason: string,
  ) {
    super(code, message, data);
    this.name = 'SsoFailure';
  }
}

const fieldFailure = (field: string, message: string, reason: string) =>
  new SsoFailure(ErrorCode.VALIDATION, message, { errors: [{ field, message }] }, reason);

export type CredentialField = 'code' | 'ticket';

export const modeNotEnabled = (reason: string) => fieldFailure('mode', '该登录方式未启用', reason);

export const modeAmbiguous = () =>
  fieldFailure('mode', '请指定登录方式', 'appid matches more than one enabled mode');

export const appidMismatch = (reason: string) => fieldFailure('appid', '应用标识不匹配', reason);

export const credentialRefused = (field: CredentialField, reason: string) =>
  fieldFailure(
    field,
    field === 'code' ? '授权码无效或已过期，请重新登录' : '票据无效或已过期，请重新登录',
    reason,
  );

export const noMappedUser = (field: CredentialField, reason: string) =>
  fieldFailure(field, '未找到与该账号关联的系统用户，请联系管理员', reason);

export const serviceMissing = () =>
  fieldFailure('service', '缺少服务地址', 'no CAS_SERVICE_URL configured and no service given');

/** The provider is down, slow, misconfigured or talking nonsense: nothing the user can fix by retrying now. */
export const providerUnavailable = (reason: string) =>
  new SsoFailure(ErrorCode.UNAVAILABLE, '单点登录服务暂时不可用，请稍后再试', null, reason);
