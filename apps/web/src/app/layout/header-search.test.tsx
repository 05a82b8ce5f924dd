import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { pinyin } from 'pinyin-pro';
import type * as PinyinPro from 'pinyin-pro';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { sessionRoutes } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// The real converter, watched: it must not run when pinyin search does not apply.
vi.mock('pinyin-pro', async (importOriginal) => {
  const actual = await importOriginal<typeof PinyinPro>();
  return { ...actual, pinyin: vi.fn(actual.pinyin) };
});

const searchBox = () => screen.findByRole('combobox', { name: '搜索页面' });

/** The app, signed in, once the navbar is there. */
async function openApp(searchLabel = '搜索页面') {
  mockApi(sessionRoutes);
  const app = renderApp('/dashboard/dashboard');
  await screen.findByRole('button', { name: searchLabel });
  return app;
}

describe('header search (docs/web.md "Header search")', () => {
  beforeEach(() => {
    Cookies.set('Token', 'x');
    vi.mocked(pinyin).mockClear();
  });

  it('opens with Ctrl+K, finds a page by its pinyin and goes there', async () => {
    const { user, location } = await openApp();
    expect(screen.queryByRole('combobox', { name: '搜索页面' })).not.toBeInTheDocument();

    await user.keyboard('{Control>}k{/Control}');
    const box = await searchBox();
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'yuangonghuamingce');
    await user.click(await screen.findByTitle('员工管理 > 员工花名册'));

    await waitFor(() => expect(location()).toBe('/staff/list'));
    expect(screen.queryByRole('combobox', { name: '搜索页面' })).not.toBeInTheDocument();
    expect(pinyin).toHaveBeenCalled();
  });

  it('opens with Cmd+K and from its button, and closes with Escape or when it loses the focus', async () => {
    const { user } = await openApp();

    await user.keyboard('{Meta>}k{/Meta}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: '搜索页面' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '搜索页面' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: '搜索页面' }));
    expect(await searchBox()).toBeInTheDocument();
    await user.click(await screen.findByText('欢迎回来！'));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: '搜索页面' })).not.toBeInTheDocument());
  });

  it('chooses with the keyboard: Enter takes the best match', async () => {
    const { user, location } = await openApp();

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await searchBox(), '薪资');
    await screen.findByTitle('员工管理 > 薪资核算');
    // The option list reads the legacy keyCode, which user-event leaves out for Enter.
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', code: 'Enter', keyCode: 13 });

    await waitFor(() => expect(location()).toBe('/staff/payroll'));
  });

  it('matches paths', async () => {
    const { user } = await openApp();

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await searchBox(), 'payroll');

    expect(await screen.findByTitle('员工管理 > 薪资核算')).toBeInTheDocument();
    expect(screen.queryByTitle('员工管理 > 员工花名册')).not.toBeInTheDocument();
  });

  it('leaves pinyin out when the setting is off', async () => {
    window.localStorage.setItem('settings', JSON.stringify({ supportPinyinSearch: false }));
    const { user } = await openApp();

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await searchBox(), 'yuangonghuamingce');

    expect(await screen.findByText('没有匹配的页面')).toBeInTheDocument();
    expect(screen.queryByTitle('员工管理 > 员工花名册')).not.toBeInTheDocument();
    expect(pinyin).not.toHaveBeenCalled();
  });

  it('leaves pinyin out in other languages, and matches their titles', async () => {
    await i18n.changeLanguage('en');
    const { user } = await openApp('Search pages');

    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox', { name: 'Search pages' });
    await user.type(box, 'yuangonghuamingce');
    expect(await screen.findByText('No matching pages')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'roster');
    expect(await screen.findByTitle('Staff > Staff roster')).toBeInTheDocument();
    expect(pinyin).not.toHaveBeenCalled();
  });
});
