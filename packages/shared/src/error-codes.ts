/** Body codes of the API envelope (docs/api.md "Codes"); each pairs with one HTTP status. */
export const ErrorCode = {
  OK: 200,
  VALIDATION: 422,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOKEN_EXPIRED: 10005,
  TOKEN_INVALID: 10004,
  FORBIDDEN: 1403,
  SALES_ONLY: 10008,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A service the request depends on (a single sign-on provider) failed or did not answer in time. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCode, number> = {
  [ErrorCode.OK]: 200,
  [ErrorCode.VALIDATION]: 422,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.TOKEN_EXPIRED]: 401,
  [ErrorCode.TOKEN_INVALID]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.SALES_ONLY]: 200,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.UNAVAILABLE]: 503,
};

export interface FieldError {
  field: string;
  message: string;
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface Page<T> {
  data: T[];
  total: number;
}
