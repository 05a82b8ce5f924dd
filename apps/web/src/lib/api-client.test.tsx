import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fileReply, mockApi, ok, type Reply } from '../test/mock-api';
import { FeedbackBridge } from './feedback-bridge';
import { ApiError, buildQuery, del, fieldErrorsOf, get, post, put } from './api-client';
import { browser, setNavigator } from './navigation';
import { renewToken } from './token-refresh';

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

  it('resolves a file answer as a Blob, and a refused download as the usual ApiError', async () => {
    mockApi({
      'GET /api/auth/x/export': fileReply('PK-bytes', 'application/octet-stream'),
      'GET /api/auth/x/refused': fail(404, '门店不存在', 404),
    });
    const file = await get<Blob>('/auth/x/export', {}, { as: 'blob' });
    expect(await file.text()).toBe('PK-bytes');
    await expect(get('/auth/x/refused', {}, { as: 'blob', silent: true })).rejects.toMatchObject({
      code: 404,
      message: '门店不存在',
    });
  });

  it('sends FormData as it is, leaving the multipart content type to the browser', async () => {
    const { calls, fetchMock } = mockApi({ 'POST /api/auth/x/import': ok({ rows: 1 }) });
    const form = new FormData();
    form.append('file', new Blob(['PK']), 'plan.xlsx');
    await expect(post('/auth/x/import', form)).resolves.toEqual({ rows: 1 });
    expect(calls[0]!.headers.get('Content-Type')).toBeNull();
    expect(fetchMock.mock.calls[0]![1]!.body).toBe(form);
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
    mockApi({ 'GET /api/auth/user/index': fail(1403, '账号已被冻结，请联系管理员', 403) });

    await expect(get('/auth/user/index')).rejects.toMatchObject({ code: 1403, status: 403 });

    expect(Cookies.get('Token')).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(await screen.findByText('账号已被冻结，请联系管理员')).toBeInTheDocument();
  });

  describe('on 10004', () => {
    const QUESTION = '你已被登出，可以取消继续留在该页面，或者重新登录';

    // As in the app: antd's App gives the api-client its dialog.
    beforeEach(() => {
      render(
        <ConfigProvider button={{ autoInsertSpace: false }}>
          <App>
            <FeedbackBridge />
          </App>
        </ConfigProvider>,
      );
    });

    const lostSession = () => {
      Cookies.set('Token', 'abc');
      window.localStorage.setItem('userInfo', '{}');
      mockApi({ 'GET /api/auth/store/index': fail(10004, '登录信息已失效，请重新登录', 401) });
      return get('/auth/store/index').catch((caught: unknown) => caught);
    };

    it('asks once, however many requests fail; cancel stays on the page with the session', async () => {
      const user = userEvent.setup();
      const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
      const errors = await Promise.all([lostSession(), lostSession()]);

      expect(errors).toMatchObject([{ code: 10004 }, { code: 10004 }]);
      expect(await screen.findAllByText(QUESTION)).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: '取消' }));

      expect(Cookies.get('Token')).toBe('abc');
      expect(navigate).not.toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();
      // The answer was taken, so the next lost request asks again (jsdom never finishes the closed
      // dialog's leave animation, so it stays in the DOM beside the new one).
      await lostSession();
      await waitFor(() => expect(screen.getAllByText(QUESTION)).toHaveLength(2));
      await user.click(screen.getAllByRole('button', { name: '取消' }).at(-1)!);
    });

    it('re-login ends the session and reloads', async () => {
      const user = userEvent.setup();
      const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
      await lostSession();

      await user.click(await screen.findByRole('button', { name: '重新登录' }));

      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(Cookies.get('Token')).toBeUndefined();
      expect(window.localStorage.length).toBe(0);
    });
  });

  describe('on 10005', () => {
    /** A server whose tokens expire: `fresh` is the only accepted one after the refresh. */
    function expiringServer(refreshReply: Reply = ok({ access_token: 'fresh', expires_in: 900 })) {
      return mockApi({
        'POST /api/refresh': refreshReply,
        'GET /api/auth/store/index': (call) =>
          call.headers.get('Authorization') === 'Bearer fresh'
            ? ok({ data: [{ id: 1 }], total: 1 })
            : fail(10005, '登录已过期', 401),
      });
    }

    it('refreshes once for parallel requests and replays each with the new token', async () => {
      Cookies.set('Token', 'stale');
      const { calls } = expiringServer();

      const answers = await Promise.all([
        get('/auth/store/index', { page: 1 }),
        get('/auth/store/index', { page: 2 }),
        get('/auth/store/index', { page: 3 }),
      ]);

      expect(answers).toEqual([1, 2, 3].map(() => ({ data: [{ id: 1 }], total: 1 })));
      const refreshes = calls.filter((call) => call.url.pathname === '/api/refresh');
      expect(refreshes).toHaveLength(1);
      expect(refreshes[0]!.headers.get('Authorization')).toBe('Bearer stale');
      const replays = calls.filter((call) => call.headers.get('Authorization') === 'Bearer fresh');
      expect(replays.map((call) => call.url.searchParams.get('page')).sort()).toEqual(['1', '2', '3']);
      expect(Cookies.get('Token')).toBe('fresh');
    });

    it('does not refresh again when the token was already renewed (another tab, an earlier request)', async () => {
      Cookies.set('Token', 'stale');
      const { calls } = expiringServer();
      await get('/auth/store/index');
      const before = calls.length;

      // A request sent with the stale token whose answer arrives after the renewal.
      const late = await renewToken('stale');

      expect(late).toBe('fresh');
      expect(calls.length).toBe(before);
    });

    it('logs out and reloads when the refresh fails, without a second refresh', async () => {
      Cookies.set('Token', 'stale');
      window.localStorage.setItem('userInfo', '{}');
      const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { calls } = expiringServer(fail(10004, '登录信息已失效，请重新登录', 401));

      const errors = await Promise.all([
        get('/auth/store/index').catch((caught: unknown) => caught),
        get('/auth/store/index').catch((caught: unknown) => caught),
      ]);

      expect(errors).toMatchObject([{ code: 10005 }, { code: 10005 }]);
      expect(calls.filter((call) => call.url.pathname === '/api/refresh')).toHaveLength(1);
      expect(reload).toHaveBeenCalled();
      expect(Cookies.get('Token')).toBeUndefined();
      expect(window.localStorage.length).toBe(0);
      expect(consoleError).toHaveBeenCalled();
    });

    it('gives up on a replay that expires again instead of refreshing in a loop', async () => {
      Cookies.set('Token', 'stale');
      const { calls } = mockApi({
        'POST /api/refresh': ok({ access_token: 'fresh', expires_in: 900 }),
        'GET /api/auth/store/index': fail(10005, '登录已过期', 401),
      });

      await expect(get('/auth/store/index')).rejects.toMatchObject({ code: 10005 });
      expect(calls.map((call) => call.url.pathname)).toEqual([
        '/api/auth/store/index',
        '/api/refresh',
        '/api/auth/store/index',
      ]);
    });
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
