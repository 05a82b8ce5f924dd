import { ErrorCode } from '@dealer-hr/shared/error-codes';
import type { Envelope } from '@dealer-hr/shared/error-codes';
import { getToken, setToken } from './auth-token';

const REFRESH_URL = '/api/refresh';
const LOCK_NAME = 'dealer-hr:token-refresh';

export class RefreshFailed extends Error {
  override readonly name = 'RefreshFailed';
}

let inFlight: Promise<string> | undefined;

/**
 * Answers a fresh access token for requests that failed with 10005 while holding `staleToken`.
 *
 * The server rotates tokens and treats a second refresh of the same token as theft (the whole session
 * ends), so exactly one refresh may run per token: within this tab, requests share one promise; across
 * tabs (they share the token cookie) a Web Lock serialises them, and whoever gets the lock second finds
 * the token already replaced and just uses it.
 */
export function renewToken(staleToken: string): Promise<string> {
  const current = getToken();
  if (current && current !== staleToken) return Promise.resolve(current);
  inFlight ??= withTabLock(async () => {
    const latest = getToken();
    if (latest && latest !== staleToken) return latest;
    const renewed = await exchange(staleToken);
    setToken(renewed);
    return renewed;
  }).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

function withTabLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(LOCK_NAME, work) as Promise<T>) : work();
}

async function exchange(staleToken: string): Promise<string> {
  const response = await fetch(REFRESH_URL, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${staleToken}` },
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => undefined)) as
    Envelope<{ access_token?: unknown } | null> | undefined;
  const token = body?.data?.access_token;
  if (body?.code !== ErrorCode.OK || typeof token !== 'string') {
    throw new RefreshFailed(body?.message ?? `refresh answered HTTP ${response.status}`);
  }
  return token;
}
