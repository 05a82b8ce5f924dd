import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { endSession } from '../../../lib/session';
import { renderApp } from '../../../test/render-app';
import { revealHorizontally } from './tags-view';
import { signIn, unpinnedMenus } from './test-pages';

vi.mock('../../routes/page-registry', async () => ({
  pageRegistry: (await import('./test-pages')).testRegistry,
  preloadPage: async () => {},
  preloadPages: () => {},
}));

const tabBar = () => screen.findByRole('navigation', { name: '已访问的页面' });
const tabTitles = () =>
  within(screen.getByRole('navigation', { name: '已访问的页面' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const tab = (title: string) =>
  within(screen.getByRole('navigation', { name: '已访问的页面' })).getByRole('link', { name: title });

async function openMenu(title: string, pointer = { clientX: 200, clientY: 40 }) {
  fireEvent.contextMenu(tab(title), pointer);
  return screen.findByRole('menu', { name: '标签操作' });
}

describe('tags view (docs/web.md "Tabs")', () => {
  it('starts with the pinned dashboard, which cannot be closed, and adds a tab per page opened', async () => {
    signIn();
    const { router, location, user } = renderApp('/tests/form');

    const bar = await tabBar();
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页']));
    expect(tab('表单页')).toHaveAttribute('aria-current', 'page');
    expect(tab('工作台')).not.toHaveAttribute('aria-current');
    expect(within(bar).queryByRole('button', { name: '关闭工作台' })).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: '关闭表单页' })).toBeInTheDocument();

    await act(() => router.navigate('/tests/list?page=2'));
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页', '列表页']));
    expect(tab('列表页')).toHaveAttribute('aria-current', 'page');

    // A tab goes back to the address it was left at, query included.
    await user.click(tab('表单页'));
    expect(location()).toBe('/tests/form');
    await user.click(tab('列表页'));
    expect(location()).toBe('/tests/list?page=2');
    await user.click(tab('工作台'));
    expect(location()).toBe('/dashboard/dashboard');
    expect(tabTitles()).toEqual(['工作台', '表单页', '列表页']);
  });

  it('keeps the open tabs through a reload of the browser tab, and forgets them at sign-out', async () => {
    signIn();
    const first = renderApp('/tests/form');
    await tabBar();
    await act(() => first.router.navigate('/tests/list?page=2'));
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页', '列表页']));
    first.unmount();

    // F5: the app starts again on the page the browser shows.
    const second = renderApp('/tests/draft');
    await tabBar();
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页', '列表页', '草稿页']));
    await second.user.click(tab('列表页'));
    expect(second.location()).toBe('/tests/list?page=2');
    second.unmount();

    endSession();
    signIn();
    renderApp('/tests/form');
    await tabBar();
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页']));
  });

  it('offers a button at each end that hides tabs, and brings a tab reached with the keyboard into sight', async () => {
    signIn();
    const { router, user } = renderApp('/tests/form');
    const bar = await tabBar();
    await act(() => router.navigate('/tests/list'));
    await act(() => router.navigate('/tests/draft'));
    await waitFor(() => expect(tabTitles()).toHaveLength(4));
    // jsdom lays nothing out: the strip is 300 px wide, its tabs 900 px, scrolled to the end.
    let scrollLeft = 600;
    Object.defineProperties(bar, {
      clientWidth: { configurable: true, get: () => 300 },
      scrollWidth: { configurable: true, get: () => 900 },
      scrollLeft: { configurable: true, get: () => scrollLeft, set: (value: number) => (scrollLeft = value) },
    });
    fireEvent.scroll(bar);

    const before = await screen.findByRole('button', { name: '向左滚动标签' });
    expect(screen.queryByRole('button', { name: '向右滚动标签' })).not.toBeInTheDocument();
    await user.click(before);
    expect(scrollLeft).toBe(360);
    expect(await screen.findByRole('button', { name: '向右滚动标签' })).toBeInTheDocument();

    act(() => tab('工作台').focus());
    expect(scrollLeft).toBe(0);
    fireEvent.scroll(bar);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '向左滚动标签' })).not.toBeInTheDocument(),
    );
  });

  it('closes a tab: the active one leads to the last tab left, another one leaves the page alone', async () => {
    signIn();
    const { router, location, user } = renderApp('/tests/form');
    await tabBar();
    await act(() => router.navigate('/tests/list'));
    await act(() => router.navigate('/tests/draft'));
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页', '列表页', '草稿页']));

    await user.click(screen.getByRole('button', { name: '关闭表单页' }));
    expect(tabTitles()).toEqual(['工作台', '列表页', '草稿页']);
    expect(location()).toBe('/tests/draft');

    await user.click(screen.getByRole('button', { name: '关闭草稿页' }));
    await waitFor(() => expect(location()).toBe('/tests/list'));
    expect(tabTitles()).toEqual(['工作台', '列表页']);
    expect(tab('列表页')).toHaveAttribute('aria-current', 'page');
  });

  it('opens a 105 px context menu at the pointer, without "close" for a pinned tab, closed by a click elsewhere', async () => {
    signIn();
    const { user } = renderApp('/tests/form');
    await tabBar();
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页']));

    const menu = await openMenu('表单页', { clientX: 180, clientY: 90 });
    expect(menu).toHaveStyle({ left: '180px', top: '90px', width: '105px' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);

    await user.click(screen.getByText('表单地址 /tests/form'));
    expect(screen.queryByRole('menu', { name: '标签操作' })).not.toBeInTheDocument();

    const pinned = await openMenu('工作台');
    expect(
      within(pinned)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['刷新', '关闭其他', '关闭所有']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: '标签操作' })).not.toBeInTheDocument();
    expect(tab('工作台')).toHaveFocus();
  });

  it('keeps the menu inside a narrow window', async () => {
    signIn();
    renderApp('/tests/form');
    await tabBar();
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页']));

    const menu = await openMenu('表单页', { clientX: window.innerWidth - 20, clientY: 40 });
    expect(menu).toHaveStyle({ left: `${window.innerWidth - 105}px` });
  });

  it('closes the others, going to the chosen tab; the pinned tab stays', async () => {
    signIn();
    const { router, location, user } = renderApp('/tests/form');
    await tabBar();
    await act(() => router.navigate('/tests/list?page=3'));
    await act(() => router.navigate('/tests/draft'));
    await waitFor(() => expect(tabTitles()).toHaveLength(4));

    const menu = await openMenu('列表页');
    await user.click(within(menu).getByRole('menuitem', { name: '关闭其他' }));

    await waitFor(() => expect(location()).toBe('/tests/list?page=3'));
    expect(tabTitles()).toEqual(['工作台', '列表页']);
    expect(screen.queryByRole('menu', { name: '标签操作' })).not.toBeInTheDocument();
  });

  it('closes all: only the pinned dashboard is left, and shown', async () => {
    signIn();
    const { router, location, user } = renderApp('/tests/form');
    await tabBar();
    await act(() => router.navigate('/tests/list'));
    await waitFor(() => expect(tabTitles()).toHaveLength(3));

    await user.click(within(await openMenu('表单页')).getByRole('menuitem', { name: '关闭所有' }));

    await waitFor(() => expect(location()).toBe('/dashboard/dashboard'));
    expect(tabTitles()).toEqual(['工作台']);
    expect(await screen.findByText('工作台地址 /dashboard/dashboard')).toBeInTheDocument();
  });

  it('closes all without a pinned tab: the user goes to /, which leads to the dashboard', async () => {
    signIn(unpinnedMenus);
    const { router, location, user } = renderApp('/tests/form');
    await tabBar();
    await act(() => router.navigate('/tests/list'));
    await waitFor(() => expect(tabTitles()).toEqual(['表单页', '列表页']));
    const navigate = vi.spyOn(router, 'navigate');

    await user.click(within(await openMenu('表单页')).getByRole('menuitem', { name: '关闭所有' }));

    await waitFor(() => expect(location()).toBe('/dashboard/dashboard'));
    expect(navigate.mock.calls[0]?.[0]).toBe('/');
    await waitFor(() => expect(tabTitles()).toEqual(['工作台']));
    expect(screen.queryByRole('button', { name: '关闭表单页' })).not.toBeInTheDocument();
  });

  it('closes a tab with a middle click, but never a pinned one', async () => {
    signIn();
    const { location } = renderApp('/tests/form');
    await tabBar();
    await waitFor(() => expect(tabTitles()).toEqual(['工作台', '表单页']));

    fireEvent(tab('工作台'), new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    fireEvent(tab('表单页'), new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));

    await waitFor(() => expect(location()).toBe('/dashboard/dashboard'));
    expect(tabTitles()).toEqual(['工作台']);
  });

  it('shows the menu titles in the current language', async () => {
    await i18n.changeLanguage('en');
    signIn();
    renderApp('/tests/form');

    const bar = await screen.findByRole('navigation', { name: 'Visited pages' });
    expect(await within(bar).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    // No translation for this name: the server's title.
    expect(await within(bar).findByRole('button', { name: 'Close 表单页' })).toBeInTheDocument();
  });

  it('is not shown when the settings turn it off', async () => {
    window.localStorage.setItem('settings', JSON.stringify({ tagsView: false }));
    signIn();
    renderApp('/tests/form');

    expect(await screen.findByText('表单地址 /tests/form')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '已访问的页面' })).not.toBeInTheDocument();
  });
});

describe('revealHorizontally', () => {
  const box = (values: Partial<Record<'offsetLeft' | 'offsetWidth' | 'clientWidth', number>>) => {
    const element = document.createElement('div');
    for (const [key, value] of Object.entries(values)) Object.defineProperty(element, key, { value });
    return element;
  };

  it('scrolls the strip just enough to show the tab, with a margin', () => {
    const strip = box({ clientWidth: 300 });
    strip.scrollLeft = 100;

    revealHorizontally(strip, box({ offsetLeft: 150, offsetWidth: 80 }));
    expect(strip.scrollLeft).toBe(100);

    revealHorizontally(strip, box({ offsetLeft: 380, offsetWidth: 80 }));
    expect(strip.scrollLeft).toBe(380 + 80 - 300 + 16);

    revealHorizontally(strip, box({ offsetLeft: 40, offsetWidth: 80 }));
    expect(strip.scrollLeft).toBe(24);
  });
});
