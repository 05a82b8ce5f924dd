import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startCasStandIn,
  startOAuthStandIn,
  startWecomStandIn,
  type CasStandIn,
  type OAuthStandIn,
  type StandIn,
  type WecomStandIn,
} from '../../../../../scripts/sso-stand-ins';
import { loadConfig } from '../../config';
import { sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { codeModeOf } from './sso.service';
import { ssoSettingsOf } from './sso.settings';

const CORP_ID = 'ww-dealer-hr';
const AGENT_ID = '1000002';
const WECOM_SECRET = 'wecom-app-secret';
const CLIENT_ID = 'dealer-hr-portal';
const CLIENT_SECRET = 'oauth-client-secret';
const REDIRECT_URI = 'http://localhost:8080/transit';
const CAS_SERVICE = 'http://localhost:8080/casLogin';
const SALES_LINK = 'https://sales.example.com/home';
/** The demo accounts (their work user ids are their usernames) and one person no account belongs to. */
const PEOPLE = ['hr', 'manager', 'staff', 'sales', 'ghost'];

const CODE_REFUSED = '授权码无效或已过期，请重新登录';
const TICKET_REFUSED = '票据无效或已过期，请重新登录';
const NO_USER = '未找到与该账号关联的系统用户，请联系管理员';
const UNAVAILABLE = '单点登录服务暂时不可用，请稍后再试';

let wecom: WecomStandIn;
let oauth: OAuthStandIn;
let cas: CasStandIn;
let t: TestApp;

const ssoEnv = () => ({
  WECOM_CORP_ID: CORP_ID,
  WECOM_AGENT_ID: AGENT_ID,
  WECOM_SECRET,
  WECOM_API_BASE: wecom.url,
  WECOM_QR_URL: `${wecom.url}/wwopen/sso/qrConnect`,
  OAUTH_CLIENT_ID: CLIENT_ID,
  OAUTH_CLIENT_SECRET: CLIENT_SECRET,
  OAUTH_AUTHORIZE_URL: `${oauth.url}/authorize`,
  OAUTH_TOKEN_URL: `${oauth.url}/token`,
  OAUTH_USERINFO_URL: `${oauth.url}/userinfo`,
  SSO_REDIRECT_URI: REDIRECT_URI,
  CAS_BASE_URL: cas.url,
  CAS_SERVICE_URL: CAS_SERVICE,
  SALES_LINK_URL: SALES_LINK,
});

beforeAll(async () => {
  [wecom, oauth, cas] = await Promise.all([
    startWecomStandIn({ corpId: CORP_ID, agentId: AGENT_ID, secret: WECOM_SECRET, users: PEOPLE }),
    startOAuthStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, users: PEOPLE }),
    startCasStandIn({ users: PEOPLE }),
  ]);
  t = await createTestApp(ssoEnv());
});
afterAll(async () => {
  await t?.close();
  await Promise.all([wecom, oauth, cas].map((standIn) => standIn?.close()));
});
afterEach(() => {
  for (const standIn of [wecom, oauth, cas]) standIn.fail(null);
});

const post = (app: TestApp, url: string, payload: Record<string, unknown>) =>
  app.app.inject({ method: 'POST', url, payload });
const codeLogin = (payload: Record<string, unknown>, app = t) => post(app, '/api/getTokenByCode', payload);
const casLogin = (payload: Record<string, unknown>, app = t) => post(app, '/api/casLogin', payload);
const get = (url: string, app = t) => app.app.inject({ method: 'GET', url });

/** The account a token answer signs in as, through the real protected route. */
async function signedInAs(answer: { json(): { data: { access_token: string } } }) {
  const authorization = `Bearer ${answer.json().data.access_token}`;
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return response.json().data.username as string;
}

async function latestLoginMode(username: string) {
  const [row] = await t.db
    .select({ mode: sessions.loginMode })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.username, username))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row?.mode;
}

function expectFieldError(response: Awaited<ReturnType<typeof codeLogin>>, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({ code: 422, message, data: { errors: [{ field, message }] } });
}

function expectUnavailable(response: Awaited<ReturnType<typeof codeLogin>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual({ code: 503, message: UNAVAILABLE, data: null });
}

async function withFrozen<T>(username: string, run: () => Promise<T>): Promise<T> {
  await t.db
    .update(users)
    .set({ status: 'frozen', frozenReason: 'test' })
    .where(eq(users.username, username));
  try {
    return await run();
  } finally {
    await t.db
      .update(users)
      .set({ status: 'active', frozenReason: null })
      .where(eq(users.username, username));
  }
}

/** The target of one user's button in the stand-in's QR frame (what a click sends window.top to). */
async function qrButtonTarget(frameUrl: string, userId: string): Promise<URL> {
  const html = await (await fetch(frameUrl)).text();
  const button = new RegExp(`data-user="${userId}" data-href="([^"]+)"`).exec(html);
  expect(button, html).not.toBeNull();
  return new URL(button![1]!.replaceAll('&#38;', '&'));
}

/** Follows a provider's login redirect the way a browser would, answering where it sends the browser. */
async function redirectTarget(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

describe('POST /api/getTokenByCode with WeCom', () => {
  it('signs a member in through the QR frame, with the mode taken from the appid', async () => {
    const qrcode = (await get('/api/login/qrcode')).json().data;
    const target = await qrButtonTarget(qrcode.url, 'hr');
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get('state')).toBe(qrcode.state);
    expect(target.searchParams.get('appid')).toBe(CORP_ID);

    const response = await codeLogin({
      code: target.searchParams.get('code'),
      appid: target.searchParams.get('appid'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(await signedInAs(response)).toBe('hr');
    expect(await latestLoginMode('hr')).toBe('wecom');
  });

  it('keeps the app token, and fetches a new one once when WeCom says it expired', async () => {
    const login = async () => codeLogin({ code: wecom.issueCode('manager'), appid: CORP_ID, mode: 'wecom' });
    expect((await login()).statusCode).toBe(200);
    const fetched = wecom.tokensIssued();
    expect((await login()).statusCode).toBe(200);
    expect(wecom.tokensIssued()).toBe(fetched);

    wecom.expireAppTokens();
    const afterExpiry = await login();
    expect(afterExpiry.statusCode, afterExpiry.body).toBe(200);
    expect(await signedInAs(afterExpiry)).toBe('manager');
    expect(wecom.tokensIssued()).toBe(fetched + 1);
  });

  it('refuses a used or an unknown code', async () => {
    const code = wecom.issueCode('staff');
    expect((await codeLogin({ code, appid: CORP_ID })).statusCode).toBe(200);
    expectFieldError(await codeLogin({ code, appid: CORP_ID }), 'code', CODE_REFUSED);
    expectFieldError(await codeLogin({ code: 'made-up', appid: CORP_ID }), 'code', CODE_REFUSED);
  });

  it('refuses a member no account belongs to', async () => {
    expectFieldError(await codeLogin({ code: wecom.issueCode('ghost'), appid: CORP_ID }), 'code', NO_USER);
  });

  it('refuses a deleted account as if it had none', async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.username, 'manager'));
    try {
      const response = await codeLogin({ code: wecom.issueCode('manager'), appid: CORP_ID });
      expectFieldError(response, 'code', NO_USER);
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.username, 'manager'));
    }
  });

  it('sends a sales-only user to the sales app with code 10008', async () => {
    const response = await codeLogin({ code: wecom.issueCode('sales'), appid: CORP_ID });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 10008, data: { url: SALES_LINK } });
    expect(response.json().data.access_token).toBeUndefined();
  });

  it('refuses a frozen user with 1403', async () => {
    const response = await withFrozen('staff', () =>
      codeLogin({ code: wecom.issueCode('staff'), appid: CORP_ID }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(1403);
  });
});

describe('POST /api/getTokenByCode with OAuth 2.0', () => {
  it('signs in through the authorize redirect the login page starts', async () => {
    const { oauth: mode } = (await get('/api/login/modes')).json().data;
    const target = await redirectTarget(`${mode.authorizeUrl}&state=nonce-1&login_hint=manager`);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get('state')).toBe('nonce-1');
    expect(target.searchParams.get('appid')).toBe(CLIENT_ID);

    const response = await codeLogin({
      code: target.searchParams.get('code'),
      appid: target.searchParams.get('appid'),
      mode: 'oauth',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await signedInAs(response)).toBe('manager');
    expect(await latestLoginMode('manager')).toBe('oauth');
  });

  it('picks OAuth by its appid when no mode is given', async () => {
    const code = oauth.issueCode('hr', `${REDIRECT_URI}?appid=${CLIENT_ID}`);
    const response = await codeLogin({ code, appid: CLIENT_ID });
    expect(response.statusCode, response.body).toBe(200);
    expect(await latestLoginMode('hr')).toBe('oauth');
  });

  it('refuses a used code (invalid_grant) and one issued for another redirect URI', async () => {
    const code = oauth.issueCode('staff', `${REDIRECT_URI}?appid=${CLIENT_ID}`);
    expect((await codeLogin({ code, appid: CLIENT_ID, mode: 'oauth' })).statusCode).toBe(200);
    expectFieldError(await codeLogin({ code, appid: CLIENT_ID, mode: 'oauth' }), 'code', CODE_REFUSED);
    const elsewhere = oauth.issueCode('staff', 'https://evil.example.com/callback');
    expectFieldError(
      await codeLogin({ code: elsewhere, appid: CLIENT_ID, mode: 'oauth' }),
      'code',
      CODE_REFUSED,
    );
  });

  it('refuses a provider account no system account belongs to', async () => {
    const code = oauth.issueCode('ghost', `${REDIRECT_URI}?appid=${CLIENT_ID}`);
    expectFieldError(await codeLogin({ code, appid: CLIENT_ID, mode: 'oauth' }), 'code', NO_USER);
  });

  it('sends a sales-only user to the sales app with code 10008', async () => {
    const code = oauth.issueCode('sales', `${REDIRECT_URI}?appid=${CLIENT_ID}`);
    const response = await codeLogin({ code, appid: CLIENT_ID, mode: 'oauth' });
    expect(response.json()).toMatchObject({ code: 10008, data: { url: SALES_LINK } });
  });
});

describe('POST /api/getTokenByCode: mode and appid', () => {
  it('refuses an appid that is not the named mode’s', async () => {
    const code = wecom.issueCode('hr');
    expectFieldError(await codeLogin({ code, appid: CLIENT_ID, mode: 'wecom' }), 'appid', '应用标识不匹配');
    expectFieldError(
      await codeLogin({ code, appid: 'someone-else', mode: 'oauth' }),
      'appid',
      '应用标识不匹配',
    );
  });

  it('refuses an appid of no enabled mode when the mode is left out', async () => {
    expectFieldError(await codeLogin({ code: 'x', appid: 'someone-else' }), 'appid', '应用标识不匹配');
  });

  it('answers Chinese field errors for a malformed body', async () => {
    const response = await codeLogin({ code: '', appid: 42, mode: 'ldap' });
    expect(response.statusCode).toBe(422);
    const errors: { field: string; message: string }[] = response.json().data.errors;
    expect(errors.map((error) => error.field).sort()).toEqual(['appid', 'code', 'mode']);
    for (const error of errors) expect(error.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('asks for the mode when one appid names two enabled modes', () => {
    const settings = ssoSettingsOf(loadConfig({ ...ssoEnv(), OAUTH_CLIENT_ID: CORP_ID }));
    expect(() => codeModeOf(settings, { appid: CORP_ID })).toThrow('请指定登录方式');
    expect(codeModeOf(settings, { appid: CORP_ID, mode: 'oauth' })).toBe('oauth');
  });
});

describe('POST /api/casLogin', () => {
  it('signs in with the ticket the CAS login page sends back, and logs out at CAS', async () => {
    const { cas: mode } = (await get('/api/login/modes')).json().data;
    const target = await redirectTarget(`${mode.loginUrl}&username=hr`);
    expect(`${target.origin}${target.pathname}`).toBe(CAS_SERVICE);
    const ticket = target.searchParams.get('ticket');
    expect(ticket).toMatch(/^ST-/);

    const response = await casLogin({ ticket });
    expect(response.statusCode, response.body).toBe(200);
    expect(await signedInAs(response)).toBe('hr');
    expect(await latestLoginMode('hr')).toBe('cas');

    const authorization = `Bearer ${response.json().data.access_token}`;
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization } });
    const url = `${cas.url}/logout?service=${encodeURIComponent('http://localhost:8080/login')}`;
    expect(logout.json()).toEqual({ code: 200, message: 'ok', data: { url } });
    expect((await redirectTarget(url)).toString()).toBe('http://localhost:8080/login');
  });

  it('leaves the logout of a password session as it was', async () => {
    const authorization = await t.login('hr');
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization } });
    expect(logout.json()).toEqual({ code: 200, message: 'ok', data: null });
  });

  it('matches the CAS user to a username without regard to case', async () => {
    const response = await casLogin({ ticket: cas.issueTicket('Manager', CAS_SERVICE) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await signedInAs(response)).toBe('manager');
  });

  it('validates against CAS_SERVICE_URL, not a service the caller names', async () => {
    const ticket = cas.issueTicket('hr', 'https://other-app.example.com/');
    const response = await casLogin({ ticket, service: 'https://other-app.example.com/' });
    expectFieldError(response, 'ticket', TICKET_REFUSED);
  });

  it('refuses an unknown or used ticket (CAS failure answer)', async () => {
    expectFieldError(await casLogin({ ticket: 'ST-made-up' }), 'ticket', TICKET_REFUSED);
    const ticket = cas.issueTicket('staff', CAS_SERVICE);
    expect((await casLogin({ ticket })).statusCode).toBe(200);
    expectFieldError(await casLogin({ ticket }), 'ticket', TICKET_REFUSED);
  });

  it('refuses a CAS user no account belongs to', async () => {
    expectFieldError(await casLogin({ ticket: cas.issueTicket('ghost', CAS_SERVICE) }), 'ticket', NO_USER);
  });

  it('sends a sales-only user to the sales app, and refuses a frozen one', async () => {
    const sales = await casLogin({ ticket: cas.issueTicket('sales', CAS_SERVICE) });
    expect(sales.json()).toMatchObject({ code: 10008, data: { url: SALES_LINK } });
    const frozen = await withFrozen('hr', () => casLogin({ ticket: cas.issueTicket('hr', CAS_SERVICE) }));
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json().code).toBe(1403);
  });
});

describe('GET /api/login/qrcode and /api/login/modes', () => {
  it('answers the QR frame URL with a fresh url-safe state each time', async () => {
    const first = (await get('/api/login/qrcode')).json();
    const second = (await get('/api/login/qrcode')).json();
    expect(first.code).toBe(200);
    const url = new URL(first.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${wecom.url}/wwopen/sso/qrConnect`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: CORP_ID,
      agentid: AGENT_ID,
      redirect_uri: REDIRECT_URI,
      state: first.data.state,
    });
    expect(first.data.url).toContain(`redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(first.data.appid).toBe(CORP_ID);
    expect(first.data.state).toMatch(/^[\w-]{20,}$/);
    expect(second.data.state).not.toBe(first.data.state);
  });

  it('lists the enabled modes with what the login page needs', async () => {
    const { data } = (await get('/api/login/modes')).json();
    expect(data.wecom).toEqual({ appid: CORP_ID });
    expect(data.cas).toEqual({ loginUrl: `${cas.url}/login?service=${encodeURIComponent(CAS_SERVICE)}` });
    expect(data.oauth.appid).toBe(CLIENT_ID);
    const authorize = new URL(data.oauth.authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${oauth.url}/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${REDIRECT_URI}?appid=${CLIENT_ID}`,
    });
  });
});

describe('providers that fail', () => {
  const failing: [string, () => StandIn, () => Promise<Awaited<ReturnType<typeof codeLogin>>>][] = [
    ['WeCom', () => wecom, () => codeLogin({ code: wecom.issueCode('hr'), appid: CORP_ID })],
    [
      'OAuth',
      () => oauth,
      () =>
        codeLogin({ code: oauth.issueCode('hr', `${REDIRECT_URI}?appid=${CLIENT_ID}`), appid: CLIENT_ID }),
    ],
    ['CAS', () => cas, () => casLogin({ ticket: cas.issueTicket('hr', CAS_SERVICE) })],
  ];

  it.each(failing)(
    'answers 503 when %s answers HTTP 500 or a page that is not the protocol',
    async (_name, standIn, login) => {
      for (const failure of ['error', 'garbage'] as const) {
        standIn().fail(failure);
        expectUnavailable(await login());
      }
      standIn().fail(null);
      expect((await login()).statusCode).toBe(200);
    },
  );

  it('answers 503 when the providers do not answer within 5 seconds', async () => {
    for (const [, standIn] of failing) standIn().fail('hang');
    const started = Date.now();
    const answers = await Promise.all(failing.map(([, , login]) => login()));
    for (const answer of answers) expectUnavailable(answer);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(9_000);
  });

  describe('unreachable or misconfigured', () => {
    let broken: TestApp;
    beforeAll(async () => {
      const closed = await startCasStandIn({ users: [] });
      await closed.close();
      broken = await createTestApp({
        ...ssoEnv(),
        WECOM_SECRET: 'not-the-secret',
        OAUTH_CLIENT_SECRET: 'not-the-secret',
        CAS_BASE_URL: closed.url,
      });
    });
    afterAll(() => broken?.close());

    it('answers 503 for a wrong WeCom secret (40001) and a wrong OAuth secret (invalid_client)', async () => {
      expectUnavailable(await codeLogin({ code: wecom.issueCode('hr'), appid: CORP_ID }, broken));
      const code = oauth.issueCode('hr', `${REDIRECT_URI}?appid=${CLIENT_ID}`);
      expectUnavailable(await codeLogin({ code, appid: CLIENT_ID }, broken));
    });

    it('answers 503 when the CAS server cannot be reached', async () => {
      expectUnavailable(await casLogin({ ticket: cas.issueTicket('hr', CAS_SERVICE) }, broken));
    });
  });
});

describe('without single sign-on configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('offers no mode', async () => {
    const response = await get('/api/login/modes', plain);
    expect(response.json()).toEqual({
      code: 200,
      message: 'ok',
      data: { wecom: null, oauth: null, cas: null },
    });
  });

  it('refuses every single sign-on route with “not enabled” on the field mode', async () => {
    const notEnabled = '该登录方式未启用';
    expectFieldError(
      await codeLogin({ code: 'c', appid: CORP_ID, mode: 'wecom' }, plain),
      'mode',
      notEnabled,
    );
    expectFieldError(await codeLogin({ code: 'c', appid: CLIENT_ID }, plain), 'mode', notEnabled);
    expectFieldError(await casLogin({ ticket: 'ST-1' }, plain), 'mode', notEnabled);
    expectFieldError(await get('/api/login/qrcode', plain), 'mode', notEnabled);
  });
});

describe('CAS without CAS_SERVICE_URL', () => {
  let casOnly: TestApp;
  beforeAll(async () => {
    casOnly = await createTestApp({ CAS_BASE_URL: `${cas.url}/` });
  });
  afterAll(() => casOnly?.close());

  it('offers only CAS, with a login URL the browser completes', async () => {
    const { data } = (await get('/api/login/modes', casOnly)).json();
    expect(data).toEqual({ wecom: null, oauth: null, cas: { loginUrl: `${cas.url}/login` } });
  });

  it('validates the ticket for the service the caller names, and needs one', async () => {
    const service = 'http://hr.example.com/casLogin';
    const response = await casLogin({ ticket: cas.issueTicket('hr', service), service }, casOnly);
    expect(response.statusCode, response.body).toBe(200);
    expectFieldError(
      await casLogin({ ticket: cas.issueTicket('hr', service) }, casOnly),
      'service',
      '缺少服务地址',
    );

    const authorization = `Bearer ${response.json().data.access_token}`;
    const logout = await casOnly.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization },
    });
    expect(logout.json().data).toEqual({ url: `${cas.url}/logout` });
  });
});

describe('single sign-on configuration', () => {
  it.each([
    [{ WECOM_CORP_ID: 'ww1', WECOM_SECRET: 's', SSO_REDIRECT_URI: REDIRECT_URI }, 'WECOM_AGENT_ID'],
    [{ OAUTH_CLIENT_ID: 'c', OAUTH_TOKEN_URL: 'https://idp.example.com/token' }, 'OAUTH_CLIENT_SECRET'],
    [{ WECOM_CORP_ID: 'ww1', WECOM_AGENT_ID: '1', WECOM_SECRET: 's' }, 'SSO_REDIRECT_URI'],
    [{ CAS_SERVICE_URL: CAS_SERVICE }, 'CAS_BASE_URL'],
    [{ CAS_BASE_URL: 'not a url' }, 'CAS_BASE_URL'],
  ])('refuses to start half configured (%o)', (env, key) => {
    expect(() => loadConfig(env)).toThrow(key);
  });

  it('applies the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      WECOM_API_BASE: 'https://qyapi.weixin.qq.com',
      WECOM_QR_URL: 'https://open.work.weixin.qq.com/wwopen/sso/qrConnect',
      OAUTH_USER_CLAIM: 'userid',
    });
  });
});
