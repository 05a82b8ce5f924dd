import { MenuType } from '@dealer-hr/shared/dictionary-types';
import type { MenuNode } from '@dealer-hr/shared/api-types';

export const isDirectory = (node: MenuNode): boolean => node.type_id === MenuType.DIRECTORY;

/** Directories and pages; hidden pages (type 4) and buttons stay out of the sidebar. */
export function sidebarNodes(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes
    .filter((node) => node.type_id === MenuType.DIRECTORY || node.type_id === MenuType.PAGE)
    .map((node) => ({ ...node, children: sidebarNodes(node.children) }));
}

/** docs/web.md "Dynamic menu routes": an item with an empty path points to its first child's path, with `?id=<its id>`. */
export function targetPath(node: MenuNode): string {
  if (node.path) return node.path;
  const [first] = node.children;
  return first ? `${targetPath(first).split('?')[0]}?id=${node.id}` : '';
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The item (hidden pages included) whose path is `pathname`. */
export function findMenu(nodes: readonly MenuNode[], pathname: string): MenuNode | undefined {
  const wanted = normalizePath(pathname);
  for (const node of nodes) {
    if (node.path && normalizePath(node.path) === wanted) return node;
    const found = findMenu(node.children, wanted);
    if (found) return found;
  }
  return undefined;
}

/** The keys of the directories above `pathname`, to open them in the sidebar. */
export function ancestorKeys(nodes: readonly MenuNode[], pathname: string, trail: string[] = []): string[] {
  const wanted = normalizePath(pathname);
  for (const node of nodes) {
    if (node.path && normalizePath(node.path) === wanted) return trail;
    const found = ancestorKeys(node.children, wanted, [...trail, menuKey(node)]);
    if (found.length > 0) return found;
  }
  return [];
}

export function menuKey(node: MenuNode): string {
  return isDirectory(node) ? `dir:${node.id}` : targetPath(node);
}

/** The first page below a directory, where opening the directory's own path leads. */
export function firstPagePath(node: MenuNode): string | undefined {
  for (const child of sidebarNodes(node.children)) {
    const path = isDirectory(child) ? firstPagePath(child) : targetPath(child);
    if (path) return path;
  }
  return undefined;
}
