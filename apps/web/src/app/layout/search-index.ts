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
  /** `title` in toneless pinyin, one entry per title; only when pinyin search applies. */
  pinyinTitle?: string[];
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
        items.push(toPinyin ? { title, path, pinyinTitle: title.map(toPinyin) } : { title, path });
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

/** The best matches first. */
export function createSearch(FuseClass: FuseClass, items: readonly SearchItem[]): Search {
  const fuse = new FuseClass(items, SEARCH_OPTIONS);
  return (query) => {
    const typed = query.trim();
    if (!typed) return [];
    // Pinyin is often typed a syllable at a time ("yuan gong"), while the index holds it without spaces;
    // the same goes for a title typed in pieces. The query without spaces is tried as well.
    const compact = typed.replace(/\s+/g, '');
    const results = compact === typed ? fuse.search(typed) : [...fuse.search(typed), ...fuse.search(compact)];
    return bestFirst(results);
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
