import type { z } from 'zod';
import { providerUnavailable, SsoFailure } from './sso.errors';

/** A provider that has not answered in this time is treated as down (api.md "Single sign-on"). */
export const PROVIDER_TIMEOUT_MS = 5_000;
/** Protocol answers are a few hundred bytes; anything far larger is not the protocol. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface ProviderAnswer {
  status: number;
  body: string;
}

/** Names an endpoint for the log without its query string, which may hold a token, code or secret. */
export const endpointOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

async function readCapped(response: Response, endpoint: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw providerUnavailable(`${endpoint}: answer larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === 'string' ? `${error.name}: ${cause.code}` : `${error.name}: ${error.message}`;
}

/**
 * One request to a provider, answer read whole within PROVIDER_TIMEOUT_MS. Network errors, time-outs and
 * oversized answers become 503 failures; interpreting the status is the caller's business.
 */
export async function callProvider(url: string, init: RequestInit = {}): Promise<ProviderAnswer> {
  const endpoint = endpointOf(url);
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    return { status: response.status, body: await readCapped(response, endpoint) };
  } catch (error) {
    if (error instanceof SsoFailure) throw error;
    throw providerUnavailable(`${endpoint}: ${describe(error)}`);
  }
}

/** The answer's JSON in the shape `schema` expects, or a 503: a provider that talks nonsense is down. */
export function parseJsonAnswer<T extends z.ZodType>(
  answer: ProviderAnswer,
  schema: T,
  endpoint: string,
): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    throw providerUnavailable(`${endpoint}: HTTP ${answer.status}, answer is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw providerUnavailable(`${endpoint}: HTTP ${answer.status}, unexpected answer shape`);
  }
  return parsed.data;
}
