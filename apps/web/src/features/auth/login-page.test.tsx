import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/mock-api';
import { sessionRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const token = { access_token: 'token-1', token_type: 'Bearer', expires_in: 900 };

async function fillIn(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  await user.type(await screen.findByLabelText('用户名'), username);
  await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: '登录' }));
}

describe('login page', () => {
  it('shows the system title and the Chinese required messages for empty fields', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp('/login');

    expect(await screen.findByRole('heading', { name: '经销商人事管理系统' })).toBeInTheDocument();
    expect(await screen.findByPlaceholderText('请输入用户名')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('用户名不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码不能为空')).toBeInTheDocument();
    // Only the question which sign-on modes to offer; nothing was submitted.
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/login/modes']);
  });

  it("shows the server's 422 message on the password field", async () => {
    const errors = [{ field: 'password', message: '用户名或密码错误' }];
    mockApi({ 'POST /api/login': fail(422, '用户名或密码错误', 422, { errors }) });
    const { user, location } = renderApp('/login');

    await fillIn(user, 'admin', 'wrong');

    const password = screen.getByLabelText('密码');
    // antd renders the field's help text a moment after marking it invalid.
    await waitFor(() => expect(password).toHaveAccessibleDescription('用户名或密码错误'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('用户名')).not.toHaveAttribute('aria-invalid', 'true');
    expect(Cookies.get('Token')).toBeUndefined();
    expect(location()).toBe('/login');
  });

  it('stores the token cookie and goes to the redirect target', async () => {
    const { calls } = mockApi({ 'POST /api/login': ok(token), ...sessionRoutes });
    const { user, location } = renderApp('/login?redirect=%2Fstaff%2Fpayroll%3Fpage%3D2');

    await fillIn(user, 'admin', 'secret');

    expect(await screen.findByText('暂未开放')).toBeInTheDocument();
    expect(location()).toBe('/staff/payroll?page=2');
    expect(Cookies.get('Token')).toBe('token-1');
    const login = calls.find((call) => call.url.pathname === '/api/login');
    expect(login).toMatchObject({ method: 'POST', body: { username: 'admin', password: 'secret' } });
    const me = calls.find((call) => call.url.pathname === '/api/auth/me');
    expect(me?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('goes to the dashboard without a redirect, or with one that leaves the app', async () => {
    mockApi({ 'POST /api/login': ok(token), ...sessionRoutes });
    const { user, location } = renderApp('/login?redirect=%2F%2Fevil.example');

    await fillIn(user, 'admin', 'secret');

    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/dashboard');
  });

  it('switches every text to English and remembers the choice in the language cookie', async () => {
    mockApi({});
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: '切换语言' }));
    await user.click(await screen.findByText('English'));

    expect(
      await screen.findByRole('heading', { name: 'Dealer Personnel Management System' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('placeholder', 'Enter your username');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(
      screen.getByText('© Dealer Personnel Management System. All rights reserved.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Switch Language Success')).toBeInTheDocument();
    expect(Cookies.get('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    expect(screen.queryByText('用户名不能为空')).not.toBeInTheDocument();
  });
});
