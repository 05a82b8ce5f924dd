import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';

export interface ForgedClaims {
  userId: number;
  sessionId: string;
  tokenId: string;
}

/** Signs a token with the app's real key, dated as the test needs (e.g. already expired). */
export async function forgeToken(
  db: Database,
  claims: ForgedClaims,
  { issuedAt, expiresAt }: { issuedAt: number; expiresAt: number },
): Promise<string> {
  const [secret] = await db.select().from(appSettings).where(eq(appSettings.key, 'token_signing_secret'));
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setJti(claims.tokenId)
    .setIssuedAt(Math.floor(issuedAt / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(new TextEncoder().encode(secret!.value as string));
}

/** The session claims inside a bearer header value. */
export function claimsOf(authorization: string): ForgedClaims {
  const payload = decodeJwt(authorization.replace(/^Bearer /, ''));
  return { userId: Number(payload.sub), sessionId: String(payload.sid), tokenId: String(payload.jti) };
}

/** The same session's current token, but expired a minute ago. */
export function expiredCopy(db: Database, authorization: string): Promise<string> {
  const now = Date.now();
  return forgeToken(db, claimsOf(authorization), { issuedAt: now - 16 * 60_000, expiresAt: now - 60_000 });
}
