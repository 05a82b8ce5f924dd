import { httpStatusOf, type ErrorCode, type FieldError } from '@dealer-hr/shared';
import { expect } from 'vitest';
import type { TestApp } from './app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a route answered: the contract's envelope and the HTTP status it came with. `data` is untyped unless
 * the test names its type, like `response.json()`: the tests assert on it rather than compute with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export interface Answer<T = any> {
  status: number;
  code: number;
  message: string;
  data: T;
}

export type Call = <T = Answer['data']>(
  method: Method,
  /** Below `/api/auth/` (`roles/store`), or a whole path when it starts with `/` (`/api/refresh`). */
  path: string,
  payload?: unknown,
  /** The bearer header; the caller's default when left out. */
  authorization?: string,
) => Promise<Answer<T>>;

/**
 * The `call` a test file sends its requests with: through `app.inject`, signed in as `authorization` (else
 * as the context's), and failing the test when the HTTP status is not the one the envelope's code goes with
 * (docs/api.md "Codes"). The context is read at every call, so `call` can be made at the top of the
 * file, before `beforeAll` has created the app or signed anyone in.
 */
export function callerOf(context: () => { app: TestApp; authorization?: string }): Call {
  return async (method, path, payload, authorization = context().authorization) => {
    const response = await context().app.app.inject({
      method,
      url: path.startsWith('/') ? path : `/api/auth/${path}`,
      headers: authorization === undefined ? {} : { authorization },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return answerOf(response);
  };
}

/** What an injected request answered; fails the test when its HTTP status is not the one its code goes with. */
export function answerOf<T = Answer['data']>(response: { statusCode: number; body: string }): Answer<T> {
  const body = JSON.parse(response.body) as Omit<Answer<T>, 'status'>;
  expect(response.statusCode, response.body).toBe(httpStatusOf[body.code as ErrorCode]);
  return { status: response.statusCode, ...body };
}

/** The field errors of a 422 answer; fails the test when the answer is not one. */
export function fieldErrorsOf(answer: Answer): FieldError[] {
  expect(answer.code, answer.message).toBe(422);
  return (answer.data as { errors: FieldError[] }).errors;
}
