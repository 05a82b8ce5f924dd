import http from 'node:http';

// Calls of the fault suite, which must survive what it provokes: a transport failure or a timeout is an
// answer with status 0 (counted by the caller), never an exception, and no call waits longer than its limit.

export interface Answer<T = unknown> {
  /** HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  /** The envelope's code, else the HTTP status. */
  code: number;
  message: string;
  data: T | null;
}

export interface CallOptions {
  authorization?: string;
  body?: unknown;
  timeoutMs?: number;
}

/** `method path` on `base`, JSON in and out. */
export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  { authorization, body, timeoutMs = 15_000 }: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return envelopeOf<T>(response.status, await response.text());
  } catch (error) {
    return {
      status: 0,
      code: 0,
      message: error instanceof Error ? error.message : String(error),
      data: null,
    };
  }
}

export function envelopeOf<T>(status: number, text: string): Answer<T> {
  try {
    const parsed = JSON.parse(text) as { code?: number; message?: string; data?: T };
    return { status, code: parsed.code ?? status, message: parsed.message ?? '', data: parsed.data ?? null };
  } catch {
    return { status, code: status, message: text.slice(0, 200), data: null };
  }
}

/**
 * `POST /api/login` from the loopback address `localAddress` (any of 127.0.0.0/8): the throttle also counts
 * failures per client address, and a fresh address per run keeps one run's failures out of the next's
 * (the counts may live in Redis, which outlives the run).
 */
export function loginFrom(base: string, username: string, password: string, localAddress: string) {
  const url = new URL('/api/login', base);
  const payload = JSON.stringify({ username, password });
  return new Promise<Answer>((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        timeout: 15_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(envelopeOf(response.statusCode ?? 0, text)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ status: 0, code: 0, message: error.message, data: null }));
    request.end(payload);
  });
}

/** Polls `probe` every `everyMs` until it says yes or `limitMs` passed: the time it took, or undefined. */
export async function waitFor(probe: () => Promise<boolean>, limitMs: number, everyMs = 50) {
  const started = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - started;
    if (performance.now() - started > limitMs) return undefined;
    await sleep(everyMs);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
