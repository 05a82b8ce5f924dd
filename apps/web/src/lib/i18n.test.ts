import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FEATURE_NAMESPACES,
  SHELL_NAMESPACES,
  detectLanguage,
  i18n,
  initialLanguage,
  setLanguage,
} from './i18n';

describe('initial language (docs/web.md "Language and header")', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('takes the language cookie first', () => {
    expect(detectLanguage('es', 'ja-JP')).toBe('es');
    expect(detectLanguage('zh', 'en-US')).toBe('zh');
  });

  it('else the browser language, by its prefix', () => {
    expect(detectLanguage(undefined, 'ja-JP')).toBe('ja');
    expect(detectLanguage(undefined, 'zh-TW')).toBe('zh');
    expect(detectLanguage('fr', 'es')).toBe('es');
  });

  it('else English', () => {
    expect(detectLanguage(undefined, 'fr-FR')).toBe('en');
    expect(detectLanguage('de', undefined)).toBe('en');
    expect(detectLanguage(undefined, undefined)).toBe('en');
  });

  it('reads the real cookie and navigator.language', () => {
    const language = vi.spyOn(window.navigator, 'language', 'get');

    language.mockReturnValue('ja-JP');
    expect(initialLanguage()).toBe('ja');

    Cookies.set('language', 'es');
    expect(initialLanguage()).toBe('es');

    Cookies.remove('language');
    language.mockReturnValue('pt-BR');
    expect(initialLanguage()).toBe('en');
  });
});

describe('setLanguage', () => {
  it('stores the choice in the language cookie and switches the texts', async () => {
    await setLanguage('ja');

    expect(Cookies.get('language')).toBe('ja');
    expect(i18n.language).toBe('ja');
    expect(i18n.t('appTitle')).toBe('ディーラー人事管理システム');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('falls back to the Chinese source text for a key a language lacks', async () => {
    await setLanguage('en');
    expect(i18n.t('menu.unknownPage', { defaultValue: '未知页面' })).toBe('未知页面');
    expect(i18n.t('menu.staffList')).toBe('Staff roster');
  });
});

describe('translations', () => {
  // Read from the files themselves, not through i18next (locales.test.ts compares their keys).
  const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
    eager: true,
    import: 'default',
  });
  const namespacesOf = (language: string) =>
    Object.keys(files)
      .filter((path) => path.includes(`/locales/${language}/`))
      .map((path) => path.replace(/^.*\/([^/]+)\.json$/, '$1'))
      .sort();

  it('has every namespace either with the shell or with a feature, never both', () => {
    expect([...SHELL_NAMESPACES, ...FEATURE_NAMESPACES].sort()).toEqual(namespacesOf('zh'));
  });

  it('fetches a feature namespace from its own file', async () => {
    i18n.removeResourceBundle('ja', 'audit');
    expect(i18n.hasResourceBundle('ja', 'audit')).toBe(false);
    await i18n.reloadResources(['ja'], ['audit']);
    expect(i18n.getResource('ja', 'audit', 'filters.user')).toBe(
      (files['../locales/ja/audit.json'] as { filters: { user: string } }).filters.user,
    );
  });
});
