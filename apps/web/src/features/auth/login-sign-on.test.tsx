import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/navigation';
import { fail, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { MODES_WAIT_MS } from './login-page';

const STATE_KEY = 'dealer-hr:sso-state';
const RETURN_KEY = 'dealer-hr:sso-return';
const noModes = { wecom: null, oauth: null, cas: null };
const qrCode = {
  url: 'https://open.work.weixin.qq.com/wwopen/sso/qrConnect?appid=corp1&agentid=1000002&state=qr-state-1',
  appid: 'corp1',
  state: 'qr-state-1',
};
const authorizeUrl =
  'https://sso.example.com/oauth/authorize?response_type=code&client_id=client-1&redirect_uri=' +
  encodeURIComponent('https://hr.example.com/transit?appid=client-1');
const casLoginUrl = `https://cas.example.com/cas/login?service=${encodeURIComponent('https://hr.example.com/casLogin')}`;

type Modes = { wecom: unknown; oauth: unknown; cas: unknown };

/**
 * The login page once the answer which sign-on modes to offer has arrived and the options it shows for
 * them (a chunk of their own) have loaded.
 */
async function loginPage(path: string, modes: Modes, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/login/modes': ok(modes), ...extra });
  const app = renderApp(path);
  expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
  await waitFor(() => expect(app.queryClient.getQueryData(['login', 'modes'])).toEqual(modes));
  if (modes.wecom) await screen.findByRole('tab', { name: '账号登录' });
  if (modes.oauth || modes.cas) await screen.findByText('其他登录方式');
  return { ...api, ...app };
}

describe('login page sign-on options', () => {
  it('offers only the username login when no mode is configured', async () => {
    await loginPage('/login', noModes);

    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByText('其他登录方式')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /统一身份认证登录/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CAS 单点登录/ })).not.toBeInTheDocument();
  });

  it('offers the username login alone when the modes cannot be loaded', async () => {
    const { calls } = mockApi({ 'GET /api/login/modes': fail(500, '服务器内部错误', 500) });
    renderApp('/login');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // The modes are asked silently.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('服务器内部错误')).not.toBeInTheDocument();
  });

  it('shows the form with the method tabs, not before them, when the modes take a moment', async () => {
    let answerModes: (reply: ReturnType<typeof ok>) => void = () => {};
    mockApi({
      'GET /api/login/modes': () => new Promise((resolve) => (answerModes = resolve)),
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: '经销商人事管理系统' })).toBeInTheDocument();
    // A moment later the form would be there if the card did not wait.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByLabelText('用户名')).not.toBeInTheDocument();

    answerModes(ok({ ...noModes, wecom: { appid: 'corp1' } }));

    const username = await screen.findByLabelText('用户名');
    // In the same render: the tabs do not come after the form and push it down.
    expect(screen.getByRole('tab', { name: '扫码登录' })).toBeInTheDocument();
    expect(username).toHaveFocus();
  });

  it('shows the form alone when the modes are slow, and keeps what the user typed when they come', async () => {
    let answerModes: (reply: ReturnType<typeof ok>) => void = () => {};
    mockApi({
      'GET /api/login/modes': () => new Promise((resolve) => (answerModes = resolve)),
    });
    const { user } = renderApp('/login');
    const username = await screen.findByLabelText('用户名', {}, { timeout: MODES_WAIT_MS + 1_000 });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.type(username, 'zhangwei');

    answerModes(ok({ ...noModes, wecom: { appid: 'corp1' } }));

    expect(await screen.findByRole('tab', { name: '扫码登录' })).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toBe(username);
    expect(username).toHaveValue('zhangwei');
    expect(username).toHaveFocus();
  });

  it('shows the 300 x 400 QR frame with a work-messaging mode and keeps its state', async () => {
    const { user, calls } = await loginPage(
      '/login?redirect=%2Fstaff%2Flist',
      { ...noModes, wecom: { appid: 'corp1' } },
      { 'GET /api/login/qrcode': ok(qrCode) },
    );

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['账号登录', '扫码登录']);
    expect(screen.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('其他登录方式')).not.toBeInTheDocument();
    // The QR code is fetched only when asked for.
    expect(calls.some((call) => call.url.pathname === '/api/login/qrcode')).toBe(false);

    await user.click(screen.getByRole('tab', { name: '扫码登录' }));

    const frame = await screen.findByTitle('企业微信扫码登录');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', qrCode.url);
    expect(frame).toHaveAttribute('width', '300');
    expect(frame).toHaveAttribute('height', '400');
    expect(screen.getByText('请使用企业微信扫描二维码登录')).toBeInTheDocument();
    await waitFor(() => expect(window.sessionStorage.getItem(STATE_KEY)).toBe(qrCode.state));
    expect(window.sessionStorage.getItem(RETURN_KEY)).toBe('/staff/list');
  });

  it('forgets an earlier return page when the login page has no redirect', async () => {
    window.sessionStorage.setItem(RETURN_KEY, '/staff/payroll');
    const { user } = await loginPage(
      '/login',
      { ...noModes, wecom: { appid: 'corp1' } },
      { 'GET /api/login/qrcode': ok(qrCode) },
    );

    await user.click(screen.getByRole('tab', { name: '扫码登录' }));

    expect(await screen.findByTitle('企业微信扫码登录')).toBeInTheDocument();
    await waitFor(() => expect(window.sessionStorage.getItem(STATE_KEY)).toBe(qrCode.state));
    expect(window.sessionStorage.getItem(RETURN_KEY)).toBeNull();
  });

  it('offers a reload when the QR code cannot be loaded', async () => {
    let answers = 0;
    const { user } = await loginPage(
      '/login',
      { ...noModes, wecom: { appid: 'corp1' } },
      {
        'GET /api/login/qrcode': () => {
          answers += 1;
          return answers === 1 ? fail(503, '单点登录服务暂时不可用，请稍后再试', 503) : ok(qrCode);
        },
      },
    );

    await user.click(screen.getByRole('tab', { name: '扫码登录' }));
    expect(await screen.findByText('二维码加载失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重新加载/ }));

    expect(await screen.findByTitle('企业微信扫码登录')).toHaveAttribute('src', qrCode.url);
  });

  it('leaves for the OAuth provider with a state it keeps', async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const { user } = await loginPage('/login?redirect=%2Fstaff%2Flist', {
      ...noModes,
      oauth: { appid: 'client-1', authorizeUrl },
    });

    expect(screen.getByText('其他登录方式')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CAS 单点登录/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /统一身份认证登录/ }));

    expect(leaveTo).toHaveBeenCalledTimes(1);
    const target = new URL(leaveTo.mock.calls[0]![0]);
    const state = window.sessionStorage.getItem(STATE_KEY);
    expect(state).toBeTruthy();
    expect(target.searchParams.get('state')).toBe(state);
    target.searchParams.delete('state');
    expect(target.toString()).toBe(authorizeUrl);
    expect(window.sessionStorage.getItem(RETURN_KEY)).toBe('/staff/list');
  });

  it('uses a fresh state for every OAuth attempt', async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const { user } = await loginPage('/login', { ...noModes, oauth: { appid: 'client-1', authorizeUrl } });

    await user.click(screen.getByRole('button', { name: /统一身份认证登录/ }));
    await user.click(screen.getByRole('button', { name: /统一身份认证登录/ }));

    const states = leaveTo.mock.calls.map(([url]) => new URL(url).searchParams.get('state'));
    expect(states).toHaveLength(2);
    expect(states[0]).not.toBe(states[1]);
    expect(window.sessionStorage.getItem(STATE_KEY)).toBe(states[1]);
  });

  it('goes to /casLogin for CAS, which leaves for the CAS login page', async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const { user, location } = await loginPage('/login?redirect=%2Fstaff%2Flist', {
      ...noModes,
      cas: { loginUrl: casLoginUrl },
    });

    expect(screen.getByText('其他登录方式')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /统一身份认证登录/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /CAS 单点登录/ }));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(casLoginUrl));
    expect(location()).toBe('/casLogin');
    expect(await screen.findByText('正在跳转，请稍候…')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(RETURN_KEY)).toBe('/staff/list');
  });

  it('shows every configured mode together', async () => {
    await loginPage('/login', {
      wecom: { appid: 'corp1' },
      oauth: { appid: 'client-1', authorizeUrl },
      cas: { loginUrl: casLoginUrl },
    });

    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getByText('其他登录方式')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /统一身份认证登录/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /CAS 单点登录/ })).toBeInTheDocument();
  });

  it('sends a sales-only user of the username login to the sales app', async () => {
    const salesApp = 'https://sales.example.com/home';
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const { user, location } = await loginPage('/login', noModes, {
      'POST /api/login': fail(10008, '销售账号请使用销售系统', 200, { url: salesApp }),
    });

    await user.type(screen.getByLabelText('用户名'), 'sales');
    await user.type(screen.getByLabelText('密码'), 'secret');
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(salesApp));
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(Cookies.get('Token')).toBeUndefined();
    expect(location()).toBe('/login');
    expect(screen.queryByText('销售账号请使用销售系统')).not.toBeInTheDocument();
  });

  it('shows the message of a 10008 answer without a sales-app address', async () => {
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const { user } = await loginPage('/login', noModes, {
      'POST /api/login': fail(10008, '销售账号请使用销售系统', 200, null),
    });

    await user.type(screen.getByLabelText('用户名'), 'sales');
    await user.type(screen.getByLabelText('密码'), 'secret');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('销售账号请使用销售系统')).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
