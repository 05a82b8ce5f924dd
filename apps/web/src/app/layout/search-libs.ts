import type Fuse from 'fuse.js';

// fuse.js and pinyin-pro (a dictionary of several hundred kB) are only needed once somebody searches, so
// they are loaded on demand and end up in chunks of their own, off the first screen. A failed load (e.g. a
// new release replaced the chunk) is forgotten, so the next attempt tries again.

export type FuseClass = typeof Fuse;

/** A Chinese text as toneless pinyin syllables: 员工花名册 -> [yuan, gong, hua, ming, ce]. */
export type ToPinyin = (text: string) => string[];

let fuse: Promise<FuseClass> | undefined;
let pinyin: Promise<ToPinyin> | undefined;

export function loadFuse(): Promise<FuseClass> {
  fuse ??= import('fuse.js').then(
    (module) => module.default,
    (error: unknown) => {
      fuse = undefined;
      throw error;
    },
  );
  return fuse;
}

export function loadPinyin(): Promise<ToPinyin> {
  pinyin ??= import('pinyin-pro').then(
    (module): ToPinyin =>
      (text) =>
        module
          .pinyin(text, { toneType: 'none', type: 'array' })
          .map((syllable) => syllable.replace(/\s+/g, '').toLowerCase())
          .filter(Boolean),
    (error: unknown) => {
      pinyin = undefined;
      throw error;
    },
  );
  return pinyin;
}
