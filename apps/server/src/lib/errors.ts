import { ErrorCode, type FieldError } from '@dealer-hr/shared';

/** A failure the caller should see: its body code picks the HTTP status (docs/api.md "Codes"). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = '记录不存在') => new AppError(ErrorCode.NOT_FOUND, message);
export const conflict = (message: string, data: unknown = null) =>
  new AppError(ErrorCode.CONFLICT, message, data);
/** A 409 that names the field it is about, so the form shows the message under that field. */
export const fieldConflict = (field: string, message: string) =>
  conflict(message, { errors: [{ field, message }] });
export const forbidden = (message = '没有权限执行此操作') => new AppError(ErrorCode.FORBIDDEN, message);
export const frozenAccount = () => forbidden('账号已被冻结，请联系管理员');
export const tokenInvalid = (message = '登录信息已失效，请重新登录') =>
  new AppError(ErrorCode.TOKEN_INVALID, message);
export const tokenExpired = (message = '登录已过期') => new AppError(ErrorCode.TOKEN_EXPIRED, message);

export const validationFailed = (errors: FieldError[], message = errors[0]?.message ?? '参数校验失败') =>
  new AppError(ErrorCode.VALIDATION, message, { errors });

export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError(ErrorCode.RATE_LIMITED, message, { retryAfter: retryAfterSeconds });

/** A store every instance shares (the database, Redis) cannot be reached: try again in a moment. */
export const serviceUnavailable = (cause?: unknown) =>
  Object.assign(new AppError(ErrorCode.UNAVAILABLE, '服务暂时不可用，请稍后再试'), { cause });
