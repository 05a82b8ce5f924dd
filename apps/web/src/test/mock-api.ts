import { vi } from 'vitest';

export interface ApiCall {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

export interface Reply {
  status?: number;
  body: unknown;
}

type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

export const ok = (data: unknown): Reply => ({ body: { code: 200, message: 'success', data } });

export const fail = (code: number, message: string, status: number, data: unknown = null): Reply => ({
  status,
  body: { code, message, data },
});

/**
 * Replaces `fetch` with a table of `'<METHOD> <pathname>'` answers (unknown paths answer 404) and records
 * every call. The stub is removed after each test (`unstubGlobals`).
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: ApiCall = { url, method, headers: new Headers(init.headers), body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply = !route
      ? fail(404, 'Not Found', 404)
      : typeof route === 'function'
        ? await route(call)
        : route;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
