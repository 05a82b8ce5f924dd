import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/navigation';
import { sessionRoutes } from '../../test/fixtures';
import { mockApi, ok, type ApiCall } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const TWO_HOURS = 7_200_000;
const CHECK_EVERY = 30_000;

const logouts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/logout');

/** The signed-in app on the dashboard, with the logout answered and the page's leaving watched. */
async function signedIn() {
  Cookies.set('Token', 'token-1');
  const api = mockApi({ ...sessionRoutes, 'POST /api/logout': ok(null) });
  const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
  const app = renderApp('/dashboard/dashboard');
  expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();
  return { ...api, ...app, leaveTo };
}

describe('idle logout (docs/web.md "Idle timeout")', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the user signed in for two hours without a mouse press, and signs out after', async () => {
    const { calls, leaveTo } = await signedIn();

    await vi.advanceTimersByTimeAsync(TWO_HOURS - 60_000);
    expect(logouts(calls)).toHaveLength(0);
    expect(leaveTo).not.toHaveBeenCalled();
    expect(Cookies.get('Token')).toBe('token-1');

    await vi.advanceTimersByTimeAsync(60_000 + CHECK_EVERY);
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/login'));
    expect(logouts(calls)).toHaveLength(1);
    expect(logouts(calls)[0]!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(Cookies.get('Token')).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
  });

  it('counts the two hours from the last mouse press, and signs out at the next 30 s check after', async () => {
    const { calls, leaveTo } = await signedIn();

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    fireEvent.mouseDown(screen.getByText('欢迎回来！'));
    const pressedAt = Date.now();
    expect(Number(window.localStorage.getItem('lastActivity'))).toBe(pressedAt);

    // Two and a half hours since the page opened, but not two since the press.
    await vi.advanceTimersByTimeAsync(90 * 60_000);
    expect(logouts(calls)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(TWO_HOURS - 90 * 60_000 - 1_000);
    expect(logouts(calls)).toHaveLength(0);
    expect(leaveTo).not.toHaveBeenCalled();

    // The first check more than two hours after the press comes within 30 s.
    await vi.advanceTimersByTimeAsync(1_000 + CHECK_EVERY);
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/login'));
    expect(logouts(calls)).toHaveLength(1);
    expect(Cookies.get('Token')).toBeUndefined();
    expect(window.localStorage.length).toBe(0);

    // Checked once: no second logout.
    await vi.advanceTimersByTimeAsync(5 * CHECK_EVERY);
    expect(logouts(calls)).toHaveLength(1);
    expect(leaveTo).toHaveBeenCalledTimes(1);
  });

  it('takes a mouse press in another tab (the shared local storage) into account', async () => {
    const { calls } = await signedIn();

    await vi.advanceTimersByTimeAsync(TWO_HOURS - 60_000);
    window.localStorage.setItem('lastActivity', String(Date.now()));
    await vi.advanceTimersByTimeAsync(TWO_HOURS - 60_000);

    expect(logouts(calls)).toHaveLength(0);
    expect(Cookies.get('Token')).toBe('token-1');
  });

  it('goes to the single sign-on logout page the server names', async () => {
    Cookies.set('Token', 'token-1');
    mockApi({ ...sessionRoutes, 'POST /api/logout': ok({ url: 'https://cas.example.com/logout' }) });
    const leaveTo = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    renderApp('/dashboard/dashboard');
    expect(await screen.findByText('欢迎回来！')).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(TWO_HOURS + CHECK_EVERY);

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://cas.example.com/logout'));
    expect(Cookies.get('Token')).toBeUndefined();
  });

  it('stops watching once the signed-in area is left', async () => {
    const { calls, unmount } = await signedIn();

    unmount();
    await vi.advanceTimersByTimeAsync(TWO_HOURS + 4 * CHECK_EVERY);

    expect(logouts(calls)).toHaveLength(0);
  });
});

describe('page close logout (docs/web.md "Page close")', () => {
  /** The page goes away: closed, refreshed or left (the server tells a refresh by its quick return). */
  const unload = () => window.dispatchEvent(new Event('pagehide'));

  const logoutFetches = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
    fetchMock.mock.calls.filter(
      ([input]) => new URL(String(input), window.location.origin).pathname === '/api/logout',
    );

  it('tells the server with a keepalive request, with or without a before-unload first', async () => {
    const { fetchMock, calls } = await signedIn();

    window.dispatchEvent(new Event('beforeunload'));
    unload();

    await waitFor(() => expect(logouts(calls)).toHaveLength(1));
    expect(logouts(calls)[0]!.body).toEqual({ reason: 'page-close' });
    expect(logouts(calls)[0]!.headers.get('Authorization')).toBe('Bearer token-1');
    const [[, init]] = logoutFetches(fetchMock) as [[RequestInfo, RequestInit]];
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    // The page is going: nothing is ended or left here, so a refresh finds its session.
    expect(Cookies.get('Token')).toBe('token-1');

    // A phone switching apps fires no before-unload; it is reported all the same.
    unload();
    await waitFor(() => expect(logouts(calls)).toHaveLength(2));
  });

  it('sends nothing without a token', async () => {
    const { calls } = await signedIn();
    Cookies.remove('Token');

    unload();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(logouts(calls)).toHaveLength(0);
  });

  it('sends nothing once the layout is gone (signed out)', async () => {
    const { calls, unmount } = await signedIn();
    unmount();

    unload();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(logouts(calls)).toHaveLength(0);
  });
});
