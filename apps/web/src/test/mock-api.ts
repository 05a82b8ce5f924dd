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
  /** Set for a file answer: `body` is sent as it is, with this content type. */
  contentType?: string;
}

type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** The answers `mockApi` serves, by `'<METHOD> <pathname>'`. */
export type Routes = Record<string, Route>;

export const ok = (data: unknown): Reply => ({ body: { code: 200, message: 'success', data } });

/** A file answer, e.g. an Excel export. */
export const fileReply = (content: string, contentType: string): Reply => ({ body: content, contentType });

export const fail = (code: number, message: string, status: number, data: unknown = null): Reply => ({
  status,
  body: { code, message, data },
});

/**
 * Replaces `fetch` with a table of `'<METHOD> <pathname>'` answers (unknown paths answer 404) and records
 * every call. The stub is removed after each test (`unstubGlobals`).
 */
export function mockApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = init.method ?? 'GET';
    const body: unknown =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    const call: ApiCall = { url, method, headers: new Headers(init.headers), body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply = !route
      ? fail(404, 'Not Found', 404)
      : typeof route === 'function'
        ? await route(call)
        : route;
    if (reply.contentType) {
      return new Response(reply.body as string, {
        status: reply.status ?? 200,
        headers: { 'Content-Type': reply.contentType },
      });
    }
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The recorded calls to one route, oldest first. */
export const callsTo = (calls: readonly ApiCall[], method: string, path: string): ApiCall[] =>
  calls.filter((call) => call.method === method && call.url.pathname === path);
