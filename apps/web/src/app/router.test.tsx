import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { browser } from '../lib/navigation';
import { menus, sessionRoutes, user as admin } from '../test/fixtures';
import { fail, mockApi, ok } from '../test/mock-api';
import { renderApp } from '../test/render-app';

describe('guard (docs/web.md "Guard")', () => {
  it('sends a visitor without a token to /login with the page to come back to', async () => {
    const { calls } = mockApi({});
    const { location } = renderApp('/staff/list?page=2');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fstaff%2Flist%3Fpage%3D2');
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/login/modes']);
  });

  it('sends a signed-in user from /login to the dashboard, and / there too', async () => {
    Cookies.set('Token', 'token-1');
    mockApi(sessionRoutes);
    const first = renderApp('/login');
    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(first.location()).toBe('/dashboard/dashboard');
    first.unmount();

    const second = renderApp('/');
    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(second.location()).toBe('/dashboard/dashboard');
  });

  it('asks for the workbench beside the user info when a navigation lands on it, not after', async () => {
    Cookies.set('Token', 'token-1');
    let answerMe: () => void = () => {};
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    const { calls } = mockApi({
      ...sessionRoutes,
      'POST /api/auth/me': async () => {
        await meAnswered;
        return ok(admin);
      },
      'GET /api/auth/home/index/workbench': ok({
        today: '2026-11-20',
        scope: { all: true, names: [] },
        people: null,
        tasks: [],
        attendance_today: null,
        me: null,
      }),
    });
    renderApp('/dashboard/dashboard');
    // The user info is still on its way: the workbench has been asked for all the same.
    await waitFor(() =>
      expect(calls.map((call) => call.url.pathname)).toContain('/api/auth/home/index/workbench'),
    );
    answerMe();
    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    // The page that mounts takes the answer that was fetched for it.
    expect(calls.filter((call) => call.url.pathname === '/api/auth/home/index/workbench')).toHaveLength(1);
  });

  it('ends the session with a message when the user info cannot be loaded', async () => {
    Cookies.set('Token', 'token-1');
    mockApi({ ...sessionRoutes, 'POST /api/auth/me': fail(500, '服务器内部错误', 500) });
    const { location } = renderApp('/staff/list');

    expect(await screen.findByText('获取用户信息失败，请重新登录')).toBeInTheDocument();
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fstaff%2Flist');
    expect(Cookies.get('Token')).toBeUndefined();
  });

  it('ends the session when the server no longer accepts the token', async () => {
    Cookies.set('Token', 'revoked');
    mockApi({ ...sessionRoutes, 'POST /api/auth/me': fail(10004, '登录信息无效', 401) });
    const { location } = renderApp('/dashboard/dashboard');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fdashboard%2Fdashboard');
    expect(Cookies.get('Token')).toBeUndefined();
  });

  it('redirects unknown paths to /404', async () => {
    Cookies.set('Token', 'token-1');
    mockApi(sessionRoutes);
    const { location } = renderApp('/no/such/page');

    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
    expect(location()).toBe('/404');
  });

  it("answers a page the user's roles do not open with 401 inside the layout, and a way home", async () => {
    Cookies.set('Token', 'token-1');
    mockApi(sessionRoutes);
    const { location, user } = renderApp('/system/audit');

    expect(await screen.findByText('抱歉，您没有权限访问此页面。')).toBeInTheDocument();
    expect(location()).toBe('/system/audit');
    // Still inside the app: the sidebar with the user's own menu is there.
    expect(screen.getByRole('menuitem', { name: /员工花名册|员工管理/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(location()).toBe('/dashboard/dashboard'));
  });

  it('starts a user without the dashboard on their first permitted page', async () => {
    Cookies.set('Token', 'token-1');
    mockApi({ ...sessionRoutes, 'GET /api/auth/menus/tree': ok(menus.slice(1)) });
    const { location } = renderApp('/');

    await waitFor(() => expect(location()).toBe('/staff/list'));
    // The roster itself, with its filters.
    expect(
      await screen.findByPlaceholderText('姓名、拼音或工号', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});

describe('layout', () => {
  beforeEach(() => {
    Cookies.set('Token', 'token-1');
  });

  it("shows the user's name and first post, and the permitted menu without hidden pages", async () => {
    mockApi(sessionRoutes);
    renderApp('/dashboard/dashboard');

    expect(await screen.findByText('张伟')).toBeInTheDocument();
    expect(screen.getByText('人事经理')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /经销商人事管理系统/ })).toBeInTheDocument();
    expect(screen.getByText('© 经销商人事管理系统 版权所有')).toBeInTheDocument();
    const nav = screen.getByRole('menu', { name: '主菜单' });
    expect(within(nav).getByText('首页')).toBeInTheDocument();
    expect(within(nav).getByText('员工管理')).toBeInTheDocument();
    expect(within(nav).queryByText('员工详情')).not.toBeInTheDocument();
    expect(document.title).toBe('工作台 - 经销商人事管理系统');
  });

  it('says 无岗位 for a user without posts', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/auth/me': ok({ ...admin, post: [] }) });
    renderApp('/dashboard');

    expect(await screen.findByText('无岗位')).toBeInTheDocument();
  });

  it('navigates from the menu, and shows 暂未开放 for pages not built yet', async () => {
    mockApi(sessionRoutes);
    const { user, location } = renderApp('/dashboard/dashboard');

    await user.click(await screen.findByText('员工管理'));
    await user.click(await screen.findByText('薪资核算'));

    expect(await screen.findByText('暂未开放')).toBeInTheDocument();
    expect(location()).toBe('/staff/payroll');
  });

  it('opens the section of a page reached another way, and keeps the sections the user opened', async () => {
    mockApi(sessionRoutes);
    const { router } = renderApp('/dashboard/dashboard');
    const sidebar = await screen.findByRole('menu', { name: '主菜单' });
    expect(within(sidebar).getByRole('menuitem', { name: /工作台/ })).toBeVisible();
    expect(within(sidebar).queryByRole('menuitem', { name: /薪资核算/ })).not.toBeInTheDocument();

    // As the header search or a link does it: no click in the sidebar.
    await act(() => router.navigate('/staff/list'));

    await waitFor(() => expect(within(sidebar).getByRole('menuitem', { name: /薪资核算/ })).toBeVisible());
    expect(within(sidebar).getByRole('menuitem', { name: /工作台/ })).toBeVisible();
  });

  it('opens hidden pages by their path and leads a directory to its first page', async () => {
    mockApi(sessionRoutes);
    // The staff profile without the person it is about.
    const hidden = renderApp('/staff/detail');
    expect(await screen.findByText('未指定员工', {}, { timeout: 15_000 })).toBeInTheDocument();
    hidden.unmount();

    const directory = renderApp('/staff');
    await waitFor(() => expect(directory.location()).toBe('/staff/list'));
  });

  it('translates menu titles by name and keeps the server title for names without a translation', async () => {
    await i18n.changeLanguage('en');
    mockApi(sessionRoutes);
    const { user } = renderApp('/dashboard/dashboard');

    const nav = await screen.findByRole('menu', { name: 'Main menu' });
    await user.click(within(nav).getByText('Staff'));
    expect(await within(nav).findByText('Staff roster')).toBeInTheDocument();
    expect(within(nav).getByText(menus[1]!.children[2]!.title)).toBeInTheDocument();
    // The sidebar's brand fits: the short name, the whole one as its tooltip.
    expect(screen.getByRole('link', { name: /Dealer HR/ })).toBeInTheDocument();
    expect(screen.getByTitle('Dealer Personnel Management System')).toHaveTextContent('Dealer HR');
  });

  it('logs out: tells the server, forgets the session and reloads /login', async () => {
    const { calls } = mockApi({ ...sessionRoutes, 'POST /api/logout': ok(null) });
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    window.localStorage.setItem('userInfo', JSON.stringify(admin));
    const { user } = renderApp('/dashboard/dashboard');

    await user.click(await screen.findByRole('button', { name: '张伟的账号菜单' }));
    await user.click(await screen.findByText('退出登录'));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/login'));
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/logout')).toBe(true);
    expect(Cookies.get('Token')).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
  });

  it('follows the single sign-on logout page the server names', async () => {
    mockApi({ ...sessionRoutes, 'POST /api/logout': ok({ url: 'https://cas.example.com/logout' }) });
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    const { user } = renderApp('/dashboard/dashboard');

    await user.click(await screen.findByRole('button', { name: '张伟的账号菜单' }));
    await user.click(await screen.findByText('退出登录'));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://cas.example.com/logout'));
    expect(Cookies.get('Token')).toBeUndefined();
  });
});
