import { MenuType } from '@dealer-hr/shared/dictionary-types';
import type { AdminMenu } from './api/menus';

/** The types each type may hold as children (the server's rule, so the form offers only those). */
const childTypes: Record<number, readonly number[]> = {
  [MenuType.DIRECTORY]: [MenuType.DIRECTORY, MenuType.PAGE, MenuType.HIDDEN_PAGE],
  [MenuType.PAGE]: [MenuType.BUTTON],
  [MenuType.HIDDEN_PAGE]: [MenuType.BUTTON],
  [MenuType.BUTTON]: [],
};

export const MENU_TYPES = [MenuType.DIRECTORY, MenuType.PAGE, MenuType.BUTTON, MenuType.HIDDEN_PAGE] as const;

export const canHold = (parentType: number, childType: number): boolean =>
  childTypes[parentType]?.includes(childType) ?? false;

export const hasChildTypes = (type: number): boolean => (childTypes[type]?.length ?? 0) > 0;

/** What "add child" proposes: a page under a directory, a button under a page. */
export const defaultChildType = (parentType: number): number =>
  parentType === MenuType.DIRECTORY ? MenuType.PAGE : MenuType.BUTTON;

/** Pages and hidden pages have a route; buttons have none. */
export const isRoutable = (type: number): boolean => type === MenuType.PAGE || type === MenuType.HIDDEN_PAGE;

export interface MenuIndex {
  byId: ReadonlyMap<number, AdminMenu>;
  /** The ordered children of each parent id (`null`: the top level). */
  siblingsOf(parentId: number | null): readonly AdminMenu[];
}

export function indexMenus(roots: readonly AdminMenu[]): MenuIndex {
  const byId = new Map<number, AdminMenu>();
  const visit = (nodes: readonly AdminMenu[]) => {
    for (const node of nodes) {
      byId.set(node.id, node);
      visit(node.children);
    }
  };
  visit(roots);
  return {
    byId,
    siblingsOf: (parentId) => (parentId === null ? roots : (byId.get(parentId)?.children ?? [])),
  };
}

/** The ids of `node` and everything below it. */
export function subtreeIds(node: AdminMenu): Set<number> {
  const ids = new Set<number>([node.id]);
  const visit = (nodes: readonly AdminMenu[]) => {
    for (const child of nodes) {
      ids.add(child.id);
      visit(child.children);
    }
  };
  visit(node.children);
  return ids;
}

/** The siblings' ids with `id` moved one place up (-1) or down (+1); null when it cannot move. */
export function moved(siblings: readonly AdminMenu[], id: number, step: -1 | 1): number[] | null {
  const ids = siblings.map((node) => node.id);
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
