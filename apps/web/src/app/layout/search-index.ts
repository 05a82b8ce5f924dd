import type { FuseResult, IFuseOptions } from 'fuse.js';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { SEARCH_THRESHOLD, SEARCH_WEIGHTS } from '@dealer-hr/shared/constants';
import { isDirectory, sidebarNodes, targetPath } from '../../lib/menu-tree';
import type { FuseClass, ToPinyin } from './search-libs';

/** One page the header search can jump to. */
export interface SearchItem {
  /** The titles of the directories above the page and of the page itself, in the current language. */
  title: string[];
  path: string;
  /** `title` in toneless pinyin without spaces, one entry per title; only when pinyin search applies. */
  pinyinTitle?: string[];
  /** The same as syllables, one list per title: what a typed pinyin or its initials are matched against. */
  pinyinSyllables?: string[][];
}

/** docs/web.md "Header search": pinyin search is offered in Chinese, when the setting is on. */
export function pinyinApplies(language: string | undefined, supportPinyinSearch: boolean): boolean {
  return supportPinyinSearch && language === 'zh';
}

/**
 * The pages of the permitted menu (hidden pages and buttons stay out, as in the sidebar), each with its
 * ancestors' titles so that searching for a directory finds the pages in it.
 */
export function buildSearchIndex(
  menus: readonly MenuNode[],
  titleOf: (node: MenuNode) => string,
  toPinyin?: ToPinyin,
): SearchItem[] {
  const items: SearchItem[] = [];
  const seen = new Set<string>();
  const walk = (nodes: readonly MenuNode[], trail: readonly string[]) => {
    for (const node of nodes) {
      const title = [...trail, titleOf(node)];
      const path = isDirectory(node) ? '' : targetPath(node);
      if (path && !seen.has(path)) {
        seen.add(path);
        if (!toPinyin) items.push({ title, path });
        else {
          const pinyinSyllables = title.map(toPinyin);
          items.push({
            title,
            path,
            pinyinTitle: pinyinSyllables.map((syllables) => syllables.join('')),
            pinyinSyllables,
          });
        }
      }
      walk(node.children, title);
    }
  };
  walk(sidebarNodes(menus), []);
  return items;
}

/** docs/web.md "Constants and limits": weights 0.7 (title), 0.3 (path), 0.3 (pinyin title); threshold 0.4. */
export const SEARCH_OPTIONS: IFuseOptions<SearchItem> = {
  keys: [
    { name: 'title', weight: SEARCH_WEIGHTS.title },
    { name: 'path', weight: SEARCH_WEIGHTS.path },
    { name: 'pinyinTitle', weight: SEARCH_WEIGHTS.pinyinTitle },
  ],
  threshold: SEARCH_THRESHOLD,
  shouldSort: true,
  includeScore: true,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
};

export type Search = (query: string) => SearchItem[];

/**
 * Whether `typed` (letters only) spells syllables of the titles in their order, the last one possibly
 * unfinished ("yuangonghua", "kao qin gui ze"), or the initials of consecutive syllables of one title
 * ("bmgl" for 部门管理). Fuzzy matching of pinyin found pages that merely shared letters ("jinyong" found
 * 考勤统计, kaoqintongji), so pinyin must match this way.
 */
export function pinyinMatches(syllablesOfTitles: readonly (readonly string[])[], typed: string): boolean {
  const query = typed.toLowerCase().replace(/\s+/g, '');
  if (!/^[a-z]+$/.test(query)) return false;
  const syllables = syllablesOfTitles.flat();
  // spells(at, from): the query from `at` on is made of syllables at `from` or later, in order.
  const spells = (at: number, from: number): boolean => {
    if (at === query.length) return true;
    for (let index = from; index < syllables.length; index += 1) {
      const syllable = syllables[index]!;
      if (query.startsWith(syllable, at) && spells(at + syllable.length, index + 1)) return true;
      if (syllable.startsWith(query.slice(at))) return true;
    }
    return false;
  };
  const initials = syllablesOfTitles.some((title) =>
    title
      .map((syllable) => syllable[0])
      .join('')
      .includes(query),
  );
  return initials || spells(0, 0);
}

/** How good a pinyin match is next to Fuse's scores (0 is exact): behind an exact title, ahead of fuzz. */
const PINYIN_SCORE = 0.05;

/** The best matches first. */
export function createSearch(FuseClass: FuseClass, items: readonly SearchItem[]): Search {
  const fuse = new FuseClass(items, { ...SEARCH_OPTIONS, includeMatches: true });
  return (query) => {
    const typed = query.trim();
    if (!typed) return [];
    // A title typed in pieces: the query without spaces is tried as well.
    const compact = typed.replace(/\s+/g, '');
    const fuzzy = compact === typed ? fuse.search(typed) : [...fuse.search(typed), ...fuse.search(compact)];
    // Titles and paths match fuzzily; pinyin only as pinyinMatches says.
    const byText = fuzzy.filter((result) => result.matches?.some((match) => match.key !== 'pinyinTitle'));
    const byPinyin = items.flatMap((item, refIndex) =>
      item.pinyinSyllables && pinyinMatches(item.pinyinSyllables, typed)
        ? [{ item, refIndex, score: PINYIN_SCORE }]
        : [],
    );
    return bestFirst([...byText, ...byPinyin]);
  };
}

function bestFirst(results: readonly FuseResult<SearchItem>[]): SearchItem[] {
  const best = new Map<string, FuseResult<SearchItem>>();
  for (const result of results) {
    const known = best.get(result.item.path);
    if (!known || (result.score ?? 1) < (known.score ?? 1)) best.set(result.item.path, result);
  }
  return [...best.values()]
    .sort((a, b) => (a.score ?? 1) - (b.score ?? 1) || a.refIndex - b.refIndex)
    .map((result) => result.item);
}
