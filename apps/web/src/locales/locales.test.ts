import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@dealer-hr/shared/constants';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/** `{ a: { b: 'x' } }` -> `{ 'a.b': 'x' }` */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { [prefix]: value };
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, child]) =>
      Object.entries(flatten(child, prefix ? `${prefix}.${key}` : key)),
    ),
  );
}

const byFile = new Map<string, Record<string, unknown>>();
for (const [path, content] of Object.entries(files)) {
  const [, lng, ns] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  byFile.set(`${lng}/${ns}`, flatten(content));
}
const namespaces = [...new Set([...byFile.keys()].map((key) => key.split('/')[1]!))].sort();
const variables = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('cover only the supported languages', () => {
    const languages = new Set([...byFile.keys()].map((key) => key.split('/')[0]));
    expect([...languages].sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'login']));
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    const source = byFile.get(`zh/${ns}`) ?? {};

    it.each(LANGUAGES.filter((lng) => lng !== 'zh'))('%s has exactly the keys of zh', (lng) => {
      const translated = byFile.get(`${lng}/${ns}`);
      expect(translated, `${lng}/${ns}.json is missing`).toBeDefined();
      const keys = Object.keys(translated ?? {});
      const missing = Object.keys(source).filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !(key in source));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each([...LANGUAGES])('%s has non-empty texts with the interpolations of zh', (lng) => {
      const translated = byFile.get(`${lng}/${ns}`) ?? {};
      for (const [key, text] of Object.entries(translated)) {
        expect(typeof text === 'string' && text.trim() !== '', `${lng}/${ns}: ${key}`).toBe(true);
        if (key in source) expect(variables(text), `${lng}/${ns}: ${key}`).toEqual(variables(source[key]));
      }
    });
  });
});
