import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/navigation';
import { sessionRoutes } from '../../test/fixtures';
import { fail, mockApi, ok, type ApiCall } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { prepareSignOn } from './single-sign-on';

const STATE_KEY = 'dealer-hr:sso-state';
const RETURN_KEY = 'dealer-hr:sso-return';
const token = (accessToken: string) => ({ access_token: accessToken, token_type: 'Bearer', expires_in: 900 });
const salesApp = 'https://sales.example.com/home';
const casLoginUrl = `https://cas.example.com/cas/login?service=${encodeURIComponent('https://hr.example.com/casLogin')}`;
const noModes = { wecom: null, oauth: null, cas: null };
// The memory router's requests are on http://localhost (jsdom's window sits on http://localhost:3000); in
// the browser the router's requests share the page's origin.
const ROUTER_ORIGIN = 'http://localhost';

const called = (calls: ApiCall[], method: string, pathname: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === pathname);

function watchLeaving() {
  return vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
}

const codeInvalid = '授权码无效或已过期，请重新登录';
const codeRefused = fail(422, codeInvalid, 422, { errors: [{ field: 'code', message: codeInvalid }] });
const ticketInvalid = '票据无效或已过期，请重新登录';
const ticketRefused = fail(422, ticketInvalid, 422, {
  errors: [{ field: 'ticket', message: ticketInvalid }],
});

afterEach(() => {
  Reflect.deleteProperty(window, 'opener');
});

describe('sign-in parameters on a guarded page (docs/web.md "Guard")', () => {
  it('exchanges the code, stores the token, drops the parameters and loads the user with it', async () => {
    window.sessionStorage.setItem(STATE_KEY, 's1');
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/dashboard/dashboard?code=abc&appid=corp1&state=s1');

    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/dashboard');
    expect(Cookies.get('Token')).toBe('sso-token');
    const exchanges = called(calls, 'POST', '/api/getTokenByCode');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.body).toEqual({ code: 'abc', appid: 'corp1' });
    const me = called(calls, 'POST', '/api/auth/me');
    expect(me.length).toBeGreaterThan(0);
    expect(me.every((call) => call.headers.get('Authorization') === 'Bearer sso-token')).toBe(true);
    // The state is used once.
    expect(window.sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('keeps the other query parameters of the page', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/staff/payroll?page=2&code=abc&appid=corp1');

    expect(await screen.findByText('暂未开放')).toBeInTheDocument();
    expect(location()).toBe('/staff/payroll?page=2');
  });

  it('stores an access_token as it is, without an exchange', async () => {
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('other')) });
    const { location } = renderApp('/dashboard/dashboard?access_token=tok-9&appid=corp1');

    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/dashboard');
    expect(Cookies.get('Token')).toBe('tok-9');
    expect(called(calls, 'POST', '/api/getTokenByCode')).toHaveLength(0);
    expect(called(calls, 'POST', '/api/auth/me')[0]!.headers.get('Authorization')).toBe('Bearer tok-9');
  });

  it('refuses a code whose state is not the one this tab sent', async () => {
    window.sessionStorage.setItem(STATE_KEY, 's1');
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/dashboard/dashboard?code=abc&appid=corp1&state=s2');

    expect(await screen.findByText('登录状态校验失败，请重新登录')).toBeInTheDocument();
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fdashboard');
    expect(called(calls, 'POST', '/api/getTokenByCode')).toHaveLength(0);
    expect(Cookies.get('Token')).toBeUndefined();
    expect(window.sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('leaves a code without appid alone: the guard keeps it in the redirect', async () => {
    const { calls } = mockApi({ 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/dashboard/dashboard?code=abc');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fdashboard%3Fcode%3Dabc');
    expect(called(calls, 'POST', '/api/getTokenByCode')).toHaveLength(0);
    expect(Cookies.get('Token')).toBeUndefined();
  });

  it('sends a sales-only user (10008) to the sales app without a token', async () => {
    const leaveTo = watchLeaving();
    const { calls } = mockApi({
      ...sessionRoutes,
      'POST /api/getTokenByCode': fail(10008, '销售账号请使用销售系统', 200, { url: salesApp }),
    });
    renderApp('/dashboard/dashboard?code=abc&appid=corp1');

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(salesApp));
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(Cookies.get('Token')).toBeUndefined();
    expect(called(calls, 'POST', '/api/auth/me')).toHaveLength(0);
  });

  it('ends on /login without a token when the exchange is refused (422)', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': codeRefused });
    const { location } = renderApp('/dashboard/dashboard?code=abc&appid=corp1');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fdashboard');
    expect(Cookies.get('Token')).toBeUndefined();
  });

  // The api-client keeps 422 quiet (forms show it on their fields); a refused code has no form.
  it('shows the message of a refused exchange (422)', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': codeRefused });
    renderApp('/dashboard/dashboard?code=abc&appid=corp1');

    expect(await screen.findByText(codeInvalid)).toBeInTheDocument();
  });

  it('shows the message of a failed provider (503) and ends on /login', async () => {
    const unavailable = '单点登录服务暂时不可用，请稍后再试';
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': fail(503, unavailable, 503) });
    const { location } = renderApp('/dashboard/dashboard?code=abc&appid=corp1');

    expect(await screen.findByText(unavailable)).toBeInTheDocument();
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fdashboard');
    expect(Cookies.get('Token')).toBeUndefined();
  });
});

describe('sign-in parameters on /login', () => {
  it('consumes them and goes to the dashboard', async () => {
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/login?code=abc&appid=corp1');

    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/dashboard');
    expect(Cookies.get('Token')).toBe('sso-token');
    expect(called(calls, 'POST', '/api/getTokenByCode')[0]!.body).toEqual({ code: 'abc', appid: 'corp1' });
  });

  it('goes on to the redirect target', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/login?redirect=%2Fstaff%2Fpayroll&code=abc&appid=corp1');

    expect(await screen.findByText('暂未开放')).toBeInTheDocument();
    expect(location()).toBe('/staff/payroll');
  });

  it('stays on a clean /login when the exchange fails', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': codeRefused });
    const { location } = renderApp('/login?code=abc&appid=corp1');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(Cookies.get('Token')).toBeUndefined();
  });
});

describe('/transit', () => {
  it('lands on the page saved before leaving for the provider', async () => {
    prepareSignOn('s1', '/staff/payroll');
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/transit?code=abc&appid=corp1&state=s1');

    expect(await screen.findByText('暂未开放')).toBeInTheDocument();
    expect(location()).toBe('/staff/payroll');
    expect(Cookies.get('Token')).toBe('sso-token');
    expect(called(calls, 'POST', '/api/getTokenByCode')[0]!.body).toEqual({ code: 'abc', appid: 'corp1' });
    expect(window.sessionStorage.getItem(RETURN_KEY)).toBeNull();
  });

  it('lands on the dashboard without a saved page', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/transit?code=abc&appid=corp1');

    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/dashboard');
  });

  it('goes to /login when the exchange fails', async () => {
    prepareSignOn('s1', '/staff/list');
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': codeRefused });
    const { location } = renderApp('/transit?code=abc&appid=corp1&state=s1');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(Cookies.get('Token')).toBeUndefined();
  });

  it('goes to /login on a state mismatch', async () => {
    prepareSignOn('s1', '/staff/list');
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/transit?code=abc&appid=corp1&state=s2');

    expect(await screen.findByText('登录状态校验失败，请重新登录')).toBeInTheDocument();
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(called(calls, 'POST', '/api/getTokenByCode')).toHaveLength(0);
  });
});

describe('/casLogin', () => {
  it('validates the ticket for this page, stores the token and lands on the saved page', async () => {
    prepareSignOn('s1', '/staff/payroll');
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/casLogin': ok(token('cas-token')) });
    const { location } = renderApp('/casLogin?ticket=ST-1');

    expect(await screen.findByText('暂未开放')).toBeInTheDocument();
    expect(location()).toBe('/staff/payroll');
    expect(Cookies.get('Token')).toBe('cas-token');
    const posts = called(calls, 'POST', '/api/casLogin');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ ticket: 'ST-1', service: `${ROUTER_ORIGIN}/casLogin` });
    expect(called(calls, 'POST', '/api/auth/me')[0]!.headers.get('Authorization')).toBe('Bearer cas-token');
  });

  it('lands on the dashboard without a saved page', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/casLogin': ok(token('cas-token')) });
    const { location } = renderApp('/casLogin?ticket=ST-1');

    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/dashboard');
  });

  it('goes to /login without a token when the ticket is refused', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/casLogin': ticketRefused });
    const { location } = renderApp('/casLogin?ticket=ST-1');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(Cookies.get('Token')).toBeUndefined();
  });

  it('shows the message of a refused ticket (422)', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/casLogin': ticketRefused });
    renderApp('/casLogin?ticket=ST-1');

    expect(await screen.findByText(ticketInvalid)).toBeInTheDocument();
  });

  it('sends a sales-only user to the sales app and waits there', async () => {
    const leaveTo = watchLeaving();
    mockApi({ ...sessionRoutes, 'POST /api/casLogin': fail(10008, '销售账号', 200, { url: salesApp }) });
    const { location } = renderApp('/casLogin?ticket=ST-1');

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(salesApp));
    expect(await screen.findByText('正在跳转，请稍候…')).toBeInTheDocument();
    expect(location()).toBe('/casLogin?ticket=ST-1');
    expect(Cookies.get('Token')).toBeUndefined();
  });

  it('leaves for the CAS login page without a ticket', async () => {
    const leaveTo = watchLeaving();
    const { calls } = mockApi({ 'GET /api/login/modes': ok({ ...noModes, cas: { loginUrl: casLoginUrl } }) });
    const { location } = renderApp('/casLogin');

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(casLoginUrl));
    expect(location()).toBe('/casLogin');
    expect(called(calls, 'POST', '/api/casLogin')).toHaveLength(0);
  });

  // docs/api.md: without CAS_SERVICE_URL the login URL has no service; the browser appends its /casLogin.
  it('appends its own /casLogin address as the service when the login URL has none', async () => {
    const leaveTo = watchLeaving();
    const bare = 'https://cas.example.com/cas/login';
    mockApi({ 'GET /api/login/modes': ok({ ...noModes, cas: { loginUrl: bare } }) });
    renderApp('/casLogin');

    await waitFor(() => expect(leaveTo).toHaveBeenCalled());
    const target = new URL(leaveTo.mock.calls[0]![0]);
    expect(target.origin + target.pathname).toBe(bare);
    expect(target.searchParams.get('service')).toBe(`${ROUTER_ORIGIN}/casLogin`);
  });

  it('goes to /login when CAS is not configured', async () => {
    const leaveTo = watchLeaving();
    mockApi({ 'GET /api/login/modes': ok(noModes) });
    const { location } = renderApp('/casLogin');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('goes to /login when the modes cannot be loaded', async () => {
    const leaveTo = watchLeaving();
    mockApi({ 'GET /api/login/modes': fail(500, '服务器内部错误', 500) });
    const { location } = renderApp('/casLogin');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(leaveTo).not.toHaveBeenCalled();
  });
});

describe('/auth-redirect', () => {
  it('goes on through /transit when no window opened it', async () => {
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/auth-redirect?code=x&appid=y');

    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/dashboard');
    expect(Cookies.get('Token')).toBe('sso-token');
    expect(called(calls, 'POST', '/api/getTokenByCode')[0]!.body).toEqual({ code: 'x', appid: 'y' });
  });

  it('hands the answer to the opener and closes', async () => {
    const assign = vi.fn();
    Object.defineProperty(window, 'opener', { configurable: true, value: { location: { assign } } });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    renderApp('/auth-redirect?code=x&appid=y');

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(assign).toHaveBeenCalledWith('/transit?code=x&appid=y');
    expect(called(calls, 'POST', '/api/getTokenByCode')).toHaveLength(0);
    expect(Cookies.get('Token')).toBeUndefined();
  });

  it('carries on in this window when the opener cannot be steered', async () => {
    const assign = vi.fn(() => {
      throw new DOMException('Blocked a frame', 'SecurityError');
    });
    Object.defineProperty(window, 'opener', { configurable: true, value: { location: { assign } } });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    mockApi({ ...sessionRoutes, 'POST /api/getTokenByCode': ok(token('sso-token')) });
    const { location } = renderApp('/auth-redirect?code=x&appid=y');

    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/dashboard');
    expect(close).not.toHaveBeenCalled();
  });
});
