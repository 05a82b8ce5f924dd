// The sign-in form's limits: plain constants, free of zod, so the login page imports them directly; the
// zod schemas of the session routes are in ./contract.

/** Longest username and password the login route reads. */
export const LOGIN_USERNAME_MAX = 64;
export const LOGIN_PASSWORD_MAX = 128;
