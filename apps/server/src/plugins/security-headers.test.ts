import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const WECOM = {
  WECOM_CORP_ID: 'corp1',
  WECOM_AGENT_ID: '1000002',
  WECOM_SECRET: 'secret',
  WECOM_QR_URL: 'https://qr.example.test:8443/wwopen/sso/qrConnect',
  SSO_REDIRECT_URI: 'https://hr.example.test/transit',
};

/** The policy's directives by name. */
function directivesOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  const csp = directivesOf(response);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('connect-src'), what).toEqual(["'self'"]);
  expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
}

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'dealer-hr-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Dealer HR</title>');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('are on every answer: a page, an API answer, a 404, a 422, a refusal and the API docs', async () => {
    const answers = {
      page: await t.app.inject({ method: 'GET', url: '/login' }),
      api: await t.app.inject({ method: 'GET', url: '/api/health' }),
      notFound: await t.app.inject({ method: 'GET', url: '/api/no/such/thing' }),
      pageNotFound: await t.app.inject({ method: 'POST', url: '/somewhere' }),
      invalid: await t.app.inject({ method: 'POST', url: '/api/login', payload: {} }),
      refused: await t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        headers: { authorization: 'Bearer not-a-token' },
      }),
      docs: await t.app.inject({ method: 'GET', url: '/api/docs/' }),
    };
    expect(answers.page.statusCode).toBe(200);
    expect(answers.notFound.statusCode).toBe(404);
    expect(answers.pageNotFound.statusCode).toBe(404);
    expect(answers.invalid.statusCode).toBe(422);
    expect(answers.docs.statusCode).toBe(200);
    for (const [what, response] of Object.entries(answers)) expectSecurityHeaders(response, what);
  });

  it('let styles be inline (antd writes its own) but never scripts', async () => {
    const csp = directivesOf(await t.app.inject({ method: 'GET', url: '/login' }));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('frame nothing without WeCom login', async () => {
    const csp = directivesOf(await t.app.inject({ method: 'GET', url: '/login' }));
    expect(csp.get('frame-src')).toEqual(["'none'"]);
  });

  it('frame the WeCom QR login origin, and only it, when WeCom login is configured', async () => {
    const wecom = await createTestApp({ WEB_DIST: dist, ...WECOM });
    try {
      for (const url of ['/login', '/api/login/modes']) {
        const csp = directivesOf(await wecom.app.inject({ method: 'GET', url }));
        expect(csp.get('frame-src'), url).toEqual(['https://qr.example.test:8443']);
      }
    } finally {
      await wecom.close();
    }
  });

  it('frame nothing when only the QR address is set, not the WeCom login', async () => {
    const partial = await createTestApp({ WEB_DIST: dist, WECOM_QR_URL: WECOM.WECOM_QR_URL });
    try {
      const csp = directivesOf(await partial.app.inject({ method: 'GET', url: '/login' }));
      expect(csp.get('frame-src')).toEqual(["'none'"]);
    } finally {
      await partial.close();
    }
  });
});
