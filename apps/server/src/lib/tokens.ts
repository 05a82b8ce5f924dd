import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client';
import { configuredOrStoredSecret } from './stored-secret';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  tokenId: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  sign(claims: AccessClaims): Promise<string>;
  /** `acceptExpired` still checks the signature: logout and refresh take a token that has run out. */
  verify(token: string, options?: { acceptExpired?: boolean }): Promise<VerifyResult>;
  /** Lifetime of an access token in seconds, answered to the client as `expires_in`. */
  readonly accessTtl: number;
}

const SECRET_SETTING = 'token_signing_secret';

/** The token signing secret: JWT_SECRET, else one generated once and kept in the database. */
export const loadSigningSecret = (db: Database, configured: string | undefined): Promise<Uint8Array> =>
  configuredOrStoredSecret(db, SECRET_SETTING, configured, 48);

export async function createTokenService(secretBytes: Uint8Array, accessTtl: number): Promise<TokenService> {
  // Imported once: given bytes (or a KeyObject), jose imports a key for every token it signs or checks.
  const secret = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(secretBytes),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Tokens already checked, with their claims and expiry: an HMAC check through WebCrypto costs more than
  // the rest of a request whose session is kept in memory. A bound, not an eviction policy.
  const checked = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const MAX_CHECKED = 20_000;
  return {
    accessTtl,
    sign: (claims) =>
      new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setJti(claims.tokenId)
        .setIssuedAt()
        .setExpirationTime(`${accessTtl}s`)
        .sign(secret),
    verify: async (token, options = {}) => {
      const kept = checked.get(token);
      if (kept && !options.acceptExpired) {
        // The same rule as jose's: a token is expired from its `exp` second on.
        return kept.expiresAt <= Math.floor(Date.now() / 1000)
          ? { ok: false, reason: 'expired' }
          : { ok: true, claims: kept.claims };
      }
      try {
        const currentDate = options.acceptExpired ? beforeExpiry(token) : undefined;
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.jti !== 'string') {
          return { ok: false, reason: 'invalid' };
        }
        const claims = { userId, sessionId: payload.sid, tokenId: payload.jti };
        if (typeof payload.exp === 'number') {
          if (checked.size >= MAX_CHECKED) checked.clear();
          checked.set(token, { claims, expiresAt: payload.exp });
        }
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

function beforeExpiry(token: string): Date | undefined {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? new Date((exp - 1) * 1000) : undefined;
}
