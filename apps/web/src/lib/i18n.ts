import i18next from 'i18next';
import type { BackendModule, Resource, ResourceKey } from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, LANGUAGE_COOKIE } from '@dealer-hr/shared/constants';
import type { Language } from '@dealer-hr/shared/constants';

/** Chinese is the source language: every key exists there first. */
export const SOURCE_LANGUAGE: Language = 'zh';
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The namespaces of the login page and the shell (navbar, sidebar, tabs, settings, shared components) are
 * bundled with the first screen. Every other namespace belongs to a feature and is fetched with its page,
 * so a new feature adds nothing to the login page's budget.
 */
export const SHELL_NAMESPACES = [
  'common',
  'components',
  'layout',
  'login',
  'messages',
  'search',
  'settings',
  'tagsView',
] as const;

type LocaleFile = Record<string, unknown>;

const localeKey = (path: string) => /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)?.slice(1) ?? [];

// Every src/locales/<lng>/<namespace>.json; a new feature namespace needs no change here.
const shellFiles = import.meta.glob<LocaleFile>(
  ['../locales/*/{common,components,layout,login,messages,search,settings,tagsView}.json'],
  { eager: true, import: 'default' },
);
const featureFiles = import.meta.glob<LocaleFile>(
  [
    '../locales/*/*.json',
    '!../locales/*/{common,components,layout,login,messages,search,settings,tagsView}.json',
  ],
  { import: 'default' },
);

function shellResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(shellFiles)) {
    const [lng, ns] = localeKey(path);
    if (lng && ns) resources[lng] = { ...resources[lng], [ns]: content };
  }
  return resources;
}

/** The namespaces of the features, each one a file per language loaded on first use. */
export const FEATURE_NAMESPACES = [
  ...new Set(Object.keys(featureFiles).map((path) => localeKey(path)[1]!)),
].sort();

/** i18next asks this backend for a feature namespace the first time a component uses it. */
const featureBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = featureFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (content) => callback(null, content as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** docs/web.md "Language and header": the language cookie, else the browser language, else English. */
export function detectLanguage(cookie: string | undefined, browser: string | undefined): Language {
  if (isLanguage(cookie)) return cookie;
  const prefix = browser?.toLowerCase().split('-')[0];
  return isLanguage(prefix) ? prefix : DEFAULT_LANGUAGE;
}

export function initialLanguage(): Language {
  return detectLanguage(Cookies.get(LANGUAGE_COOKIE), window.navigator.language);
}

export const i18n = i18next.createInstance();
const resources = shellResources();

void i18n
  .use(featureBackend)
  .use(initReactI18next)
  .init({
    resources,
    // The shell's namespaces are here already; the backend fetches the features' namespaces.
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: [...SHELL_NAMESPACES],
    initAsync: false,
    interpolation: { escapeValue: false },
  });

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export async function setLanguage(lng: Language): Promise<void> {
  Cookies.set(LANGUAGE_COOKIE, lng, { expires: 365, sameSite: 'lax' });
  await i18n.changeLanguage(lng);
}
