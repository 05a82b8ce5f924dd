// The login accounts' statuses and messages: plain constants, free of zod, so the web imports them
// directly; the zod schemas of the routes are in ./contract.

export const ACCOUNT_STATUSES = ['active', 'frozen'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const accountMessages = {
  isSaleInvalid: '是否销售须为布尔值',
} as const;
