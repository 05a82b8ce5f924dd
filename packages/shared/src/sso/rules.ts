// Single sign-on's modes, limits and labels: plain constants, free of zod, so the login page imports them
// directly; the zod schemas of the routes are in ./contract.

/** The modes that trade an authorisation code (CAS trades a ticket). */
export const CODE_LOGIN_MODES = ['wecom', 'oauth'] as const;
export type CodeLoginMode = (typeof CODE_LOGIN_MODES)[number];

export const ssoLabels = { code: '授权码', appid: '应用标识', ticket: '票据' } as const;

export const SSO_CODE_MAX = 512;
export const SSO_APPID_MAX = 128;
export const SSO_TICKET_MAX = 1024;
export const SSO_SERVICE_MAX = 2048;
