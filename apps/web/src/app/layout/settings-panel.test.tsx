import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { accessiblePrimary } from '../../lib/accessible-colour';

const savedSettings = () =>
  JSON.parse(window.localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;

/** antd's primary colour as the ConfigProvider hands it to a primary button (a CSS variable). */
const primaryColourOf = (element: HTMLElement) =>
  window.getComputedStyle(element).getPropertyValue('--ant-color-primary').toLowerCase();

async function openApp() {
  const api = mockApi(sessionRoutes);
  const app = renderApp('/dashboard/dashboard');
  const gear = await screen.findByRole('button', { name: '打开系统设置' });
  return { ...app, ...api, gear };
}

async function openPanel(app: Awaited<ReturnType<typeof openApp>>) {
  await app.user.click(app.gear);
  return screen.findByRole('dialog', { name: '系统布局配置' });
}

describe('settings panel (docs/web.md "Settings")', () => {
  beforeEach(() => {
    Cookies.set('Token', 'x');
  });

  it('opens from the gear and closes with Escape or a click outside', async () => {
    const app = await openApp();

    const panel = await openPanel(app);
    expect(within(panel).getByRole('switch', { name: '标签页' })).toBeChecked();
    await app.user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '系统布局配置' })).not.toBeInTheDocument(),
    );

    await openPanel(app);
    await app.user.click(document.querySelector<HTMLElement>('.ant-drawer-mask')!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '系统布局配置' })).not.toBeInTheDocument(),
    );
  });

  it('switches the tags view off and on, and remembers it', async () => {
    const app = await openApp();
    const tabs = () => screen.queryByRole('navigation', { name: '已访问的页面' });
    expect(await screen.findByRole('navigation', { name: '已访问的页面' })).toBeInTheDocument();
    const tagsView = within(await openPanel(app)).getByRole('switch', { name: '标签页' });

    await app.user.click(tagsView);
    expect(tagsView).not.toBeChecked();
    expect(tabs()).not.toBeInTheDocument();
    expect(savedSettings()).toMatchObject({ tagsView: false });

    await app.user.click(tagsView);
    expect(tagsView).toBeChecked();
    expect(tabs()).toBeInTheDocument();
    expect(savedSettings()).toMatchObject({ tagsView: true });
  });

  it('fixes the header, and offers the sidebar logo and pinyin search switches', async () => {
    const app = await openApp();
    const panel = await openPanel(app);
    const layout = document.querySelector<HTMLElement>('[data-device]')!;
    expect(layout.className).not.toMatch(/fixedHeader/);

    await app.user.click(within(panel).getByRole('switch', { name: '固定 Header' }));
    expect(layout.className).toMatch(/fixedHeader/);
    await app.user.click(within(panel).getByRole('switch', { name: '侧边栏 Logo' }));
    await app.user.click(within(panel).getByRole('switch', { name: '拼音搜索' }));

    expect(savedSettings()).toMatchObject({
      fixedHeader: true,
      sidebarLogo: false,
      supportPinyinSearch: false,
    });
  });

  // Two renders of the whole app: more than the default 5 s on a busy runner.
  it(
    'changes the theme colour at once, saying it compiles the theme, and keeps it after a reload',
    { timeout: 15_000 },
    async () => {
      const app = await openApp();
      // Applied in its readable shade (WCAG AA with white text); the setting keeps the colour chosen.
      expect(primaryColourOf(app.gear)).toBe(accessiblePrimary('#1890ff'));
      const panel = await openPanel(app);
      const swatches = within(panel).getAllByRole('button', { pressed: false });
      expect(
        within(panel).getByRole('button', { name: '#1890ff (默认)', pressed: true }),
      ).toBeInTheDocument();
      expect([...swatches, within(panel).getByRole('button', { pressed: true })]).toHaveLength(8);

      await app.user.click(within(panel).getByRole('button', { name: '#f5222d' }));

      const compiling = (await screen.findByText('正在编译主题')).closest('.ant-message-notice')!;
      expect(primaryColourOf(app.gear)).toBe(accessiblePrimary('#f5222d'));
      expect(within(panel).getByRole('button', { name: '#f5222d', pressed: true })).toBeInTheDocument();
      expect(savedSettings()).toMatchObject({ theme: '#f5222d' });
      // It then closes (jsdom never ends antd's leave transition, so it stays in the DOM, leaving).
      await waitFor(() => expect(compiling).toHaveClass('ant-message-fade-leave'));
      // The colours come from the ConfigProvider: nothing is fetched but the app's own API.
      expect(app.calls.every((call) => call.url.origin === window.location.origin)).toBe(true);
      app.unmount();

      const again = await openApp();
      expect(primaryColourOf(again.gear)).toBe(accessiblePrimary('#f5222d'));
      const reopened = await openPanel(again);
      expect(within(reopened).getByRole('button', { name: '#f5222d', pressed: true })).toBeInTheDocument();
    },
  );
});
