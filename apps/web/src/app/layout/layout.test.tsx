import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { menus, sessionRoutes } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { rootFontSize } from '../shell/use-root-font-size';

/** A matchMedia whose "below 992 px" answer the test controls, firing change events like a resize. */
function controllableViewport(mobile: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const state = { mobile };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('max-width') ? state.mobile : false;
        },
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
          listeners.add(listener),
        removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
          listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    resize(nextMobile: boolean) {
      state.mobile = nextMobile;
      act(() => {
        for (const listener of listeners) listener({ matches: nextMobile } as MediaQueryListEvent);
      });
    },
  };
}

const toggle = () => screen.getByRole('button', { name: '展开/收起侧边栏' });

describe('sidebar (docs/web.md "Shared layout" and "Constants and limits")', () => {
  beforeEach(() => {
    Cookies.set('Token', 'token-1');
    mockApi(sessionRoutes);
  });

  it('starts open, collapses and opens with the toggle, and remembers it in the sidebarStatus cookie', async () => {
    const { user } = renderApp('/dashboard/dashboard');
    await screen.findByText('欢迎回来！');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(Cookies.get('sidebarStatus')).toBe('0');

    await user.click(toggle());
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('starts collapsed when the cookie says 0', async () => {
    Cookies.set('sidebarStatus', '0');
    renderApp('/dashboard/dashboard');
    await screen.findByText('欢迎回来！');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a phone lies over the page, closes on the backdrop and on a route change', async () => {
    const viewport = controllableViewport(true);
    const { user } = renderApp('/dashboard/dashboard');
    await screen.findByText('欢迎回来！');
    // A phone starts with the sidebar closed, out of the keyboard's reach too.
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    const sider = document.querySelector('.ant-layout-sider');
    expect(sider).toHaveAttribute('inert');

    await user.click(toggle());
    expect(sider).not.toHaveAttribute('inert');
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(sider).toHaveAttribute('inert');
    expect(screen.queryByTestId('sidebar-backdrop')).not.toBeInTheDocument();

    await user.click(toggle());
    const nav = screen.getByRole('menu', { name: '主菜单' });
    await user.click(within(nav).getByText('员工管理'));
    await user.click(within(nav).getByText('员工花名册'));
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'false'));

    // Growing back to a desktop keeps it as it was; shrinking closes it without animation.
    viewport.resize(false);
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    viewport.resize(true);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows an icon the admin picked outside its own short list, once the full set has loaded', async () => {
    const [home, staff] = menus;
    const rocketStaff = { ...staff!, quick_icon: 'RocketOutlined' };
    mockApi({
      ...sessionRoutes,
      'GET /api/auth/menus/tree': { body: { code: 200, data: [home, rocketStaff] } },
    });
    renderApp('/dashboard/dashboard');
    const item = await screen.findByRole('menuitem', { name: /员工管理/ });
    await waitFor(() => expect(item.querySelector('.anticon-rocket')).not.toBeNull(), { timeout: 20_000 });
    // The seeded icons come from the short list.
    expect(screen.getByRole('menuitem', { name: /首页/ }).querySelector('.anticon-team')).not.toBeNull();
  });
});

describe('navbar', () => {
  beforeEach(() => {
    Cookies.set('Token', 'token-1');
    mockApi(sessionRoutes);
  });

  it('starts the breadcrumb with the dashboard and follows the menu down to the page', async () => {
    renderApp('/staff/list');
    const crumbs = await screen.findByRole('navigation', { name: '面包屑导航' });
    await waitFor(() => expect(within(crumbs).getByText('员工花名册')).toBeInTheDocument());
    expect(within(crumbs).getByRole('link', { name: '首页' })).toHaveAttribute(
      'href',
      '/dashboard/dashboard',
    );
    expect(within(crumbs).getByText('员工管理')).toBeInTheDocument();
  });

  it('shows only the dashboard on the dashboard', async () => {
    renderApp('/dashboard/dashboard');
    const crumbs = await screen.findByRole('navigation', { name: '面包屑导航' });
    expect(within(crumbs).getByText('首页')).toBeInTheDocument();
    expect(within(crumbs).queryByRole('link')).not.toBeInTheDocument();
  });

  it('links the messages to /dashboard/newslist', async () => {
    renderApp('/dashboard/dashboard');
    expect(await screen.findByRole('link', { name: '消息通知' })).toHaveAttribute(
      'href',
      '/dashboard/newslist',
    );
  });

  it('switches the size, remembers it in the size cookie and says so', async () => {
    const { user } = renderApp('/dashboard/dashboard');
    expect(Cookies.get('size')).toBeUndefined();
    await user.click(await screen.findByRole('button', { name: '布局大小' }));
    await user.click(await screen.findByText('小'));

    expect(Cookies.get('size')).toBe('small');
    expect(await screen.findByText('切换尺寸成功')).toBeInTheDocument();
  });

  it('warns when the browser cannot go full screen', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    const { user } = renderApp('/dashboard/dashboard');
    await user.click(await screen.findByRole('button', { name: '全屏' }));
    expect(await screen.findByText('您的浏览器不支持全屏')).toBeInTheDocument();
  });
});

describe('root font size (docs/web.md "Constants and limits")', () => {
  it('is 16 px times the width over 1920, the ratio capped at 2', () => {
    expect(rootFontSize(1920)).toBe(16);
    expect(rootFontSize(1366)).toBeCloseTo(11.383, 3);
    expect(rootFontSize(960)).toBe(8);
    expect(rootFontSize(5760)).toBe(32);
  });
});
