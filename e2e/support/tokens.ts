import { createHmac } from 'node:crypto';

/** The signing key the e2e server is started with, so tests can date a token as they need. */
export const E2E_JWT_SECRET = 'e2e-only-signing-key-0123456789abcdef-0123456789';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The same session's token (same session and token id), re-signed as expired a minute ago. */
export function expiredCopy(token: string): string {
  const [, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256' }));
  const body = base64url(JSON.stringify({ ...claims, iat: now - 960, exp: now - 60 }));
  const signature = createHmac('sha256', E2E_JWT_SECRET).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}
