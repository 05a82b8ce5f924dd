import type { DepartmentNode } from './api';

/** A Chinese name spelled out: full toneless pinyin and the initials, both lower case without spaces. */
export interface Spelling {
  full: string;
  initials: string;
}

export type Spell = (text: string) => Spelling;

let pinyin: Promise<Spell> | undefined;

/**
 * pinyin-pro carries a dictionary of several hundred kB: it is loaded the first time somebody types a
 * Latin letter into the tree search, in a chunk of its own. A failed load is forgotten so the next try
 * loads again.
 */
export function loadSpell(): Promise<Spell> {
  pinyin ??= import('pinyin-pro').then(
    (module): Spell =>
      (text) => ({
        full: module.pinyin(text, { toneType: 'none', type: 'array' }).join('').toLowerCase(),
        initials: module
          .pinyin(text, { pattern: 'first', toneType: 'none', type: 'array' })
          .join('')
          .toLowerCase(),
      }),
    (error: unknown) => {
      pinyin = undefined;
      throw error;
    },
  );
  return pinyin;
}

/** Whether a query could be pinyin: Latin letters (spaces between syllables allowed). */
export const looksLikePinyin = (query: string): boolean => /^[a-z\s]+$/i.test(query.trim());

/** Whether a department name matches the query: by its text, else by full pinyin or initials. */
export function nameMatches(name: string, query: string, spell?: Spell): boolean {
  const typed = query.trim().toLowerCase();
  if (!typed) return true;
  if (name.toLowerCase().includes(typed)) return true;
  if (!spell || !looksLikePinyin(typed)) return false;
  const compact = typed.replace(/\s+/g, '');
  const { full, initials } = spell(name);
  return full.includes(compact) || initials.includes(compact);
}

export interface FilteredTree {
  nodes: DepartmentNode[];
  /** The nodes kept only because something below them matched: expand them to show the matches. */
  expandedIds: number[];
  matchCount: number;
}

/** The tree cut down to the matching nodes, their ancestors and (whole) their subtrees. */
export function filterTree(
  nodes: readonly DepartmentNode[],
  matches: (node: DepartmentNode) => boolean,
): FilteredTree {
  const expandedIds: number[] = [];
  let matchCount = 0;
  const walk = (level: readonly DepartmentNode[]): DepartmentNode[] => {
    const kept: DepartmentNode[] = [];
    for (const node of level) {
      if (matches(node)) {
        matchCount += 1;
        kept.push(node);
        continue;
      }
      const children = walk(node.children ?? []);
      if (children.length > 0) {
        expandedIds.push(node.id);
        kept.push({ ...node, children });
      }
    }
    return kept;
  };
  const kept = walk(nodes);
  return { nodes: kept, expandedIds, matchCount };
}

/** Every node of the tree with its depth, parents first. */
export function flattenTree(nodes: readonly DepartmentNode[]): { node: DepartmentNode; depth: number }[] {
  const rows: { node: DepartmentNode; depth: number }[] = [];
  const walk = (level: readonly DepartmentNode[], depth: number) => {
    for (const node of level) {
      rows.push({ node, depth });
      walk(node.children ?? [], depth + 1);
    }
  };
  walk(nodes, 0);
  return rows;
}

/** The node with this id, wherever it sits in the tree. */
export function findNode(nodes: readonly DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** The ids of a node and everything below it (a move may not go there). */
export function subtreeIds(node: DepartmentNode): Set<number> {
  const ids = new Set<number>();
  const walk = (current: DepartmentNode) => {
    ids.add(current.id);
    current.children?.forEach(walk);
  };
  walk(node);
  return ids;
}
