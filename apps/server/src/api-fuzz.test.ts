import { httpStatusOf } from '@dealer-hr/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractBreach,
  fuzzRequest,
  operationsOf,
  randomOf,
  type FuzzOperation,
  type OpenApiDocument,
} from '../../../scripts/api-fuzz';
import { createTestApp, type TestApp } from './test/app';
import { administratorRestorer, fuzzSettings } from './test/fuzz';

// A bounded pass for every run: a few dozen malformed requests for each operation of the OpenAPI document,
// signed in as the administrator so they reach past permissions into validation and the database.
// `npm run bench -- fuzz` sends thousands per operation. FUZZ_SEED repeats a run; FUZZ_PER_OPERATION sizes it.
const { perOperation: PER_OPERATION, seed: SEED } = fuzzSettings();

describe('every operation of the OpenAPI document, fed malformed input', () => {
  let t: TestApp;
  let authorization: string;
  let operations: FuzzOperation[];
  let restoreAdministrator: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    restoreAdministrator = await administratorRestorer(t);
    authorization = await t.login();
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    operations = operationsOf(document);
  });
  afterAll(() => t.close());

  /**
   * A fuzzed request may end the administrator's session (a sign-out, a password reset, a freeze) or take
   * their roles: put the account back and sign in again, so every request reaches past permissions.
   */
  async function signedIn() {
    await restoreAdministrator();
    const me = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization } });
    if (me.statusCode !== 200) authorization = await t.login();
  }

  it('covers every route the app serves under /api', () => {
    const documented = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    const served = t.app.protectedRoutes.map(
      (route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
    expect(operations.some((operation) => operation.multipart)).toBe(true);
  });

  it('answers no 5xx and nothing outside the envelope', { timeout: 600_000 }, async () => {
    const breaches: string[] = [];
    let sent = 0;
    for (const [index, operation] of operations.entries()) {
      await signedIn();
      const random = randomOf(SEED + index);
      for (let i = 0; i < PER_OPERATION; i++) {
        const request = fuzzRequest(operation, random);
        const response = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...request.headers, authorization },
          ...(request.body === undefined ? {} : { payload: request.body }),
        });
        sent++;
        const breach = contractBreach(
          {
            status: response.statusCode,
            contentType: response.headers['content-type'] as string | undefined,
            body: response.body,
          },
          httpStatusOf,
        );
        if (breach) breaches.push(`${operation.method} ${operation.path} [${request.label}] → ${breach}`);
        if (response.statusCode === 401 || response.statusCode === 403) await signedIn();
      }
    }
    expect(sent).toBe(operations.length * PER_OPERATION);
    expect(breaches, `seed ${SEED}`).toEqual([]);
  });
});
