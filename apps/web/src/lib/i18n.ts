import i18next from 'i18next';
import type { Resource } from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, LANGUAGE_COOKIE } from '@dealer-hr/shared/constants';
import type { Language } from '@dealer-hr/shared/constants';

/** Chinese is the source language: every key exists there first. */
export const SOURCE_LANGUAGE: Language = 'zh';
export const DEFAULT_LANGUAGE: Language = 'en';

// Every src/locales/<lng>/<namespace>.json; a new feature namespace needs no change here.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const [, lng, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (lng && ns) resources[lng] = { ...resources[lng], [ns]: content };
  }
  return resources;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec section 1: the language cookie, else the browser language, else English. */
export function detectLanguage(cookie: string | undefined, browser: string | undefined): Language {
  if (isLanguage(cookie)) return cookie;
  const prefix = browser?.toLowerCase().split('-')[0];
  return isLanguage(prefix) ? prefix : DEFAULT_LANGUAGE;
}

export function initialLanguage(): Language {
  return detectLanguage(Cookies.get(LANGUAGE_COOKIE), window.navigator.language);
}

export const i18n = i18next.createInstance();
const resources = buildResources();

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: SOURCE_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: Object.keys(resources[SOURCE_LANGUAGE] ?? {}),
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
