import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../test/mock-api';
import { ApiError, buildQuery, del, fieldErrorsOf, get, post, put } from './api-client';
import { setNavigator } from './navigation';

describe('api-client', () => {
  const navigate = vi.fn<(to: string) => void>();

  beforeEach(() => {
    setNavigator({ navigate, currentPath: () => '/staff/list?page=2' });
  });

  afterEach(() => {
    navigate.mockReset();
    vi.useRealTimers();
  });

  it('drops query parameters whose value is falsy and joins lists with commas', async () => {
    const { calls } = mockApi({ 'GET /api/auth/store/index': ok([]) });

    await get('/auth/store/index', {
      name: '',
      region: null,
      store: undefined,
      partTime: 0,
      enabled: false,
      page: 1,
      keyword: '宝马',
      type_ids: [1, 21],
      empty: [],
    });

    expect(calls).toHaveLength(1);
    expect([...calls[0]!.url.searchParams]).toEqual([
      ['page', '1'],
      ['keyword', '宝马'],
      ['type_ids', '1,21'],
    ]);
    expect(buildQuery({ a: 0, b: '' })).toBe('');
  });

  it('sends the token cookie as a Bearer header, and no header without it', async () => {
    const { calls } = mockApi({ 'POST /api/auth/me': ok({ id: 1 }) });

    await post('/auth/me');
    Cookies.set('Token', 'abc.def');
    await post('/auth/me');

    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer abc.def');
  });

  it('sends bodies as JSON with the method of the helper and resolves the envelope data', async () => {
    const { calls } = mockApi({
      'PUT /api/auth/store/update': ok({ id: 7 }),
      'DELETE /api/auth/store/destroy': ok(null),
    });

    await expect(put('/auth/store/update', { id: 7, name: '一店' })).resolves.toEqual({ id: 7 });
    await expect(del('/auth/store/destroy', { ids: [7, 8] })).resolves.toBeNull();

    expect(calls.map((call) => call.method)).toEqual(['PUT', 'DELETE']);
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[1]!.body).toEqual({ ids: [7, 8] });
  });

  it('throws an ApiError with the server code and shows the server message', async () => {
    mockApi({ 'POST /api/auth/store/store': fail(409, '门店编码已存在', 409) });

    const error = await post('/auth/store/store', { code: 'S01' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 409, status: 409, message: '门店编码已存在' });
    expect(await screen.findByText('门店编码已存在')).toBeInTheDocument();
  });

  it('leaves 422 to the form: no message, field errors readable', async () => {
    const errors = [{ field: 'password', message: '用户名或密码错误' }];
    mockApi({ 'POST /api/login': fail(422, '用户名或密码错误', 422, { errors }) });

    const error = await post('/login', { username: 'a', password: 'b' }).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ code: 422, status: 422 });
    expect(fieldErrorsOf(error)).toEqual(errors);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('用户名或密码错误')).not.toBeInTheDocument();
  });

  it('on 1403 shows the message, clears the token and goes to the login page', async () => {
    Cookies.set('Token', 'abc');
    mockApi({ 'GET /api/auth/user/index': fail(1403, '没有操作权限', 403) });

    await expect(get('/auth/user/index')).rejects.toMatchObject({ code: 1403, status: 403 });

    expect(Cookies.get('Token')).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fstaff%2Flist%3Fpage%3D2');
    expect(await screen.findByText('没有操作权限')).toBeInTheDocument();
  });

  it('on 10004 clears the token and goes to the login page without a message', async () => {
    Cookies.set('Token', 'abc');
    window.localStorage.setItem('userInfo', '{}');
    mockApi({ 'POST /api/auth/me': fail(10004, '登录信息无效', 401) });

    await expect(post('/auth/me')).rejects.toMatchObject({ code: 10004 });

    expect(Cookies.get('Token')).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('登录信息无效')).not.toBeInTheDocument();
  });

  it('logs and rejects network errors', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(get('/auth/me')).rejects.toThrow('Failed to fetch');

    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('gives up after 60 seconds', async () => {
    vi.useFakeTimers();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );

    const pending = get('/auth/statistic/year').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(consoleError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toMatchObject({ name: 'TimeoutError' });
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('turns an answer that is not an envelope into an ApiError with the HTTP status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 })),
    );

    await expect(get('/auth/me')).rejects.toMatchObject({ code: 502, status: 502 });
    expect(await screen.findByText('请求失败（502），请稍后重试')).toBeInTheDocument();
  });
});
