import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelScrollToTop } from '../../../lib/scroll-to-top';
import { SLOW } from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';
import { signIn } from './test-pages';

vi.mock('../../routes/page-registry', async () => ({
  pageRegistry: (await import('./test-pages')).testRegistry,
  preloadPage: async () => {},
  preloadPages: () => {},
}));

const tab = (title: string) =>
  within(screen.getByRole('navigation', { name: '已访问的页面' })).getByRole('link', { name: title });

/** The shown page's input (hidden pages' inputs are left out of the accessibility tree). */
const input = (label: string) => screen.findByRole('textbox', { name: `${label}输入` });

async function openForm() {
  signIn();
  const app = renderApp('/tests/form?draft=7');
  // The first render loads the shell and antd's styles: slow on a busy runner.
  await app.user.type(await screen.findByRole('textbox', { name: '表单输入' }, SLOW), '张伟');
  await app.user.click(screen.getByRole('button', { name: '表单计数 0' }));
  return app;
}

describe('keep-alive of cached views (docs/web.md "Tabs")', () => {
  it('keeps a cached page with its input while another tab shows; the hidden page reads its own URL', async () => {
    const { router, user, location } = await openForm();

    await act(() => router.navigate('/tests/list?page=2'));
    expect(await screen.findByRole('textbox', { name: '列表输入' })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: '表单输入' })).not.toBeInTheDocument();
    // Still mounted, hidden, and still at its own address rather than the window's.
    expect(screen.getByText('表单地址 /tests/form?draft=7')).not.toBeVisible();
    expect(screen.getByText('列表地址 /tests/list?page=2')).toBeVisible();

    await user.click(tab('表单页'));
    expect(location()).toBe('/tests/form?draft=7');
    expect(await input('表单')).toHaveValue('张伟');
    expect(screen.getByRole('button', { name: '表单计数 1' })).toBeVisible();
    expect(screen.getByText('列表地址 /tests/list?page=2')).not.toBeVisible();
  });

  it('unmounts a noCache page when the user leaves it', async () => {
    signIn();
    const { router, user } = renderApp('/tests/draft');
    await user.type(await screen.findByRole('textbox', { name: '草稿输入' }), '临时');

    await act(() => router.navigate('/tests/form'));
    await screen.findByRole('textbox', { name: '表单输入' });
    expect(screen.queryByText(/草稿地址/)).not.toBeInTheDocument();

    await user.click(tab('草稿页'));
    expect(await screen.findByRole('textbox', { name: '草稿输入' })).toHaveValue('');
  });

  it('mounts the page afresh on refresh, back at its address', async () => {
    const { user, location } = await openForm();

    fireEvent.contextMenu(tab('表单页'), { clientX: 100, clientY: 40 });
    await user.click(await screen.findByRole('menuitem', { name: '刷新' }));

    await waitFor(() => expect(screen.getByRole('button', { name: '表单计数 0' })).toBeVisible());
    expect(await input('表单')).toHaveValue('');
    expect(screen.getAllByText(/表单地址/)).toHaveLength(1);
    expect(location()).toBe('/tests/form?draft=7');

    // Cached again: the fresh page is kept in its turn.
    await user.type(await input('表单'), '李娜');
    await user.click(tab('工作台'));
    await user.click(tab('表单页'));
    expect(await input('表单')).toHaveValue('李娜');
  });

  it('refreshes a noCache page too', async () => {
    signIn();
    const { user, location } = renderApp('/tests/draft?id=3');
    await user.click(await screen.findByRole('button', { name: '草稿计数 0' }));

    fireEvent.contextMenu(tab('草稿页'), { clientX: 100, clientY: 40 });
    await user.click(await screen.findByRole('menuitem', { name: '刷新' }));

    expect(await screen.findByRole('button', { name: '草稿计数 0' })).toBeInTheDocument();
    expect(location()).toBe('/tests/draft?id=3');
  });

  it('forgets a cached page whose tab is closed', async () => {
    const { router, user } = await openForm();
    await act(() => router.navigate('/tests/list'));
    await screen.findByRole('textbox', { name: '列表输入' });

    await user.click(screen.getByRole('button', { name: '关闭表单页' }));
    expect(screen.queryByText(/表单地址/)).not.toBeInTheDocument();

    await act(() => router.navigate('/tests/form'));
    expect(await screen.findByRole('textbox', { name: '表单输入' })).toHaveValue('');
  });

  it('keeps nothing when the tags view is turned off', async () => {
    window.localStorage.setItem('settings', JSON.stringify({ tagsView: false }));
    const { router } = await openForm();

    await act(() => router.navigate('/tests/list'));
    await screen.findByRole('textbox', { name: '列表输入' });
    expect(screen.queryByText(/表单地址/)).not.toBeInTheDocument();

    await act(() => router.navigate('/tests/form'));
    expect(await screen.findByRole('textbox', { name: '表单输入' })).toHaveValue('');
  });
});

describe('scroll position of kept views', () => {
  // jsdom does not lay out or scroll: the window's position is a variable that scrollTo moves.
  let position = 0;
  const scrollYDescriptor = Object.getOwnPropertyDescriptor(window, 'scrollY');

  beforeEach(() => {
    position = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => position });
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      position = y;
    }) as typeof window.scrollTo);
  });

  afterEach(() => {
    // Nothing may scroll once the real scrollTo is back (jsdom has none).
    cleanup();
    cancelScrollToTop();
    if (scrollYDescriptor) Object.defineProperty(window, 'scrollY', scrollYDescriptor);
  });

  const scrollWindowTo = (y: number) => {
    position = y;
    fireEvent.scroll(window);
  };

  it('puts each kept view back where it was scrolled; other views go to the top', async () => {
    signIn();
    const { router, user } = renderApp('/tests/form');
    await screen.findByRole('textbox', { name: '表单输入' });
    scrollWindowTo(640);

    // A page seen for the first time starts at the top (the layout's scroll on navigation).
    await act(() => router.navigate('/tests/list'));
    await screen.findByRole('textbox', { name: '列表输入' });
    await waitFor(() => expect(position).toBe(0));
    scrollWindowTo(120);

    await user.click(tab('表单页'));
    await waitFor(() => expect(position).toBe(640));
    // The scroll to the top that this navigation starts as well does not undo the restore.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(position).toBe(640);

    await user.click(tab('列表页'));
    await waitFor(() => expect(position).toBe(120));

    await act(() => router.navigate('/tests/draft'));
    await screen.findByRole('textbox', { name: '草稿输入' });
    await waitFor(() => expect(position).toBe(0));

    await user.click(tab('表单页'));
    await waitFor(() => expect(position).toBe(640));
  });
});
