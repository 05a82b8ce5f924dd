import { act, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type Reply } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

/** Signs in; the unread count answers `replies` in turn (the last one from then on). */
function api(...replies: Reply[]) {
  Cookies.set('Token', 'token-1');
  let asked = 0;
  return mockApi({
    ...sessionRoutes,
    'GET /api/auth/msg/select': () => replies[Math.min(asked++, replies.length - 1)]!,
  });
}

const unread = (count: number) => ok({ data: [], total: 0, unread: count });

describe('the message bell', () => {
  it('shows the unread count and asks again on every navigation', async () => {
    const { calls } = api(unread(5), unread(2));
    const { router } = renderApp('/dashboard/dashboard');
    const bell = await screen.findByRole('link', { name: '消息通知，5 条未读' });
    expect(bell).toHaveAttribute('href', '/dashboard/newslist');
    expect(bell.querySelector('.ant-badge [title="5"]')).not.toBeNull();
    // Only the first ten are asked for: the count is all the bell needs.
    expect(callsTo(calls, 'GET', '/api/auth/msg/select')[0]!.url.searchParams.get('limit')).toBe('10');

    await act(() => router.navigate('/staff/list'));
    expect(await screen.findByRole('link', { name: '消息通知，2 条未读' })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/msg/select')).toHaveLength(2);
  });

  it('stays quiet when the count fails: no toast, no sign-out', async () => {
    const { calls } = api(fail(1403, '账号已被冻结', 200), fail(500, '服务器内部错误', 500));
    const { router, location } = renderApp('/dashboard/dashboard');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/msg/select')).toHaveLength(1));
    await act(() => router.navigate('/staff/list'));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/msg/select')).toHaveLength(2));

    expect(screen.getByRole('link', { name: '消息通知' })).toBeInTheDocument();
    expect(screen.queryByText('账号已被冻结')).not.toBeInTheDocument();
    expect(screen.queryByText('服务器内部错误')).not.toBeInTheDocument();
    expect(location()).toBe('/staff/list');
    expect(Cookies.get('Token')).toBe('token-1');
  });
});
