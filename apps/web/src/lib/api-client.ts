import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { REQUEST_TIMEOUT_MS } from '@dealer-hr/shared/constants';
import type { Envelope, FieldError } from '@dealer-hr/shared/error-codes';
import { getToken } from './auth-token';
import { confirm, notifyError } from './feedback';
import { i18n } from './i18n';
import { LOGIN_PATH, browser, navigateTo } from './navigation';
import { endSession } from './session';
import { renewToken } from './token-refresh';

const API_BASE = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type ParamValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, ParamValue>;

export interface RequestOptions {
  method?: Method;
  /** Relative to /api, e.g. `/auth/me`. */
  url: string;
  params?: QueryParams;
  /** A JSON body, or FormData for an upload (sent as multipart). */
  data?: unknown;
  signal?: AbortSignal;
  /**
   * `blob`: the answer is a file (an Excel export) and resolves as a Blob; a failure still comes back as
   * the JSON envelope and is handled like any other. `envelope`: the whole answer of a success (code,
   * message and data), for the calls whose rule reads the message (docs/web.md "Draft cache": a draft delete succeeds on `ok`).
   */
  as?: 'json' | 'blob' | 'envelope';
  /**
   * Leaves the error to the caller: no toast, no re-login dialog, no sign-out on 1403 (an expired token is
   * still refreshed). The route guard uses it to handle a failed session load itself.
   */
  silent?: boolean;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly data: unknown;
  readonly status: number;

  constructor(code: number, message: string, data: unknown, status: number) {
    super(message);
    this.code = code;
    this.data = data;
    this.status = status;
  }
}

/** Codes whose message is not toasted: forms show 422 on their fields; the login page handles 10008. */
const QUIET_CODES = new Set<number>([ErrorCode.VALIDATION, ErrorCode.SALES_ONLY]);

/** Codes that mean the session cannot go on as it is; `request` handles them, not a toast. */
export const SESSION_CODES = new Set<number>([
  ErrorCode.TOKEN_INVALID,
  ErrorCode.TOKEN_EXPIRED,
  ErrorCode.FORBIDDEN,
]);

/** docs/api.md "Transport": a falsy value (and an empty list) means "no filter" and is not sent. */
export function buildQuery(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (!value) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.append(key, value.join(','));
    } else {
      search.append(key, String(value));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

let signInAgainOpen = false;

/** docs/web.md "Answer codes", 10004: the user may sign in again, or cancel and stay on the page. */
async function askToSignInAgain(): Promise<void> {
  if (signInAgainOpen) return;
  signInAgainOpen = true;
  const signIn = await confirm({
    title: i18n.t('common:session.lostTitle'),
    content: i18n.t('common:session.lostContent'),
    okText: i18n.t('common:actions.login'),
    cancelText: i18n.t('common:actions.cancel'),
  });
  signInAgainOpen = false;
  if (signIn) {
    endSession();
    browser.reload();
  }
}

/** docs/web.md "Answer codes", 1403: the server's message, then out to the login page. */
function throwOut(error: ApiError): void {
  notifyError(error.message);
  // Without a token (the login of a frozen user) there is no session to end.
  if (!getToken()) return;
  endSession();
  navigateTo(LOGIN_PATH);
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

type Answer = { status: number; body: Envelope<unknown> } | { status: number; file: Blob };

async function send(
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  as: 'json' | 'blob' | 'envelope',
): Promise<Answer> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    if (as === 'blob' && response.ok && !isJson)
      return { status: response.status, file: await response.blob() };
    const body: unknown = await response.json().catch(() => undefined);
    if (isEnvelope(body)) return { status: response.status, body };
    const text = i18n.t('common:request.failed', { status: response.status });
    throw new ApiError(response.status, text, null, response.status);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

export async function request<T>(options: RequestOptions): Promise<T> {
  const { method = 'GET', url, params, data, signal, silent = false, as = 'json' } = options;
  const sentToken = getToken();
  const headers = new Headers({ Accept: as === 'blob' ? '*/*' : 'application/json' });
  if (sentToken) headers.set('Authorization', `Bearer ${sentToken}`);
  const init: RequestInit = { method, headers };
  if (data instanceof FormData) {
    // The browser sets the multipart content type with its boundary.
    init.body = data;
  } else if (data !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(data);
  }

  let answer: Answer;
  try {
    answer = await send(`${API_BASE}${url}${buildQuery(params)}`, init, signal, as);
  } catch (error) {
    if (error instanceof ApiError) {
      if (!silent) notifyError(error.message);
    } else if (!signal?.aborted) {
      console.error(`${method} ${API_BASE}${url} failed`, error);
    }
    throw error;
  }

  if ('file' in answer) return answer.file as T;
  const { status, body } = answer;
  if (body.code === ErrorCode.OK) return (as === 'envelope' ? body : body.data) as T;
  const error = new ApiError(body.code, body.message, body.data, status);

  if (error.code === ErrorCode.TOKEN_EXPIRED && sentToken && !replayed.has(options)) {
    try {
      await renewToken(sentToken);
    } catch (refreshError) {
      // docs/web.md "Token refresh": a failed refresh logs out and reloads (the guard then shows the login page).
      console.error('token refresh failed', refreshError);
      endSession();
      browser.reload();
      throw error;
    }
    const replay = { ...options };
    replayed.add(replay);
    return request<T>(replay);
  }
  if (!silent) {
    if (error.code === ErrorCode.TOKEN_INVALID) void askToSignInAgain();
    else if (error.code === ErrorCode.FORBIDDEN) throwOut(error);
    else if (!QUIET_CODES.has(error.code)) notifyError(error.message);
  }
  throw error;
}

/** Requests already sent again with a renewed token: a second 10005 is not refreshed again. */
const replayed = new WeakSet<RequestOptions>();

type Options = Omit<RequestOptions, 'method' | 'url' | 'params' | 'data'>;

export const get = <T>(url: string, params?: QueryParams, options?: Options) =>
  request<T>({ method: 'GET', url, params, ...options });
export const post = <T>(url: string, data?: unknown, options?: Options) =>
  request<T>({ method: 'POST', url, data, ...options });
export const put = <T>(url: string, data?: unknown, options?: Options) =>
  request<T>({ method: 'PUT', url, data, ...options });
export const del = <T>(url: string, data?: unknown, options?: Options) =>
  request<T>({ method: 'DELETE', url, data, ...options });

/** The answer of a paged list: one page of rows and how many there are in all. */
export interface Paged<T> {
  data: T[];
  total: number;
}

/** The `data.errors` of a 422 answer, for a form to show on its fields. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (entry): entry is FieldError =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.field === 'string' &&
      typeof entry.message === 'string',
  );
}
