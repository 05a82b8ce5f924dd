import { MenuType } from '@dealer-hr/shared/dictionary-types';
import type { MenuItemNode } from './api';

/**
 * The permissions tree of a role. A role grants menu items; the directories above a granted item come
 * with it (the server implies them), so only the leaves of this tree are ever stored. A page with buttons
 * is a group whose first leaf is the page itself ("open the page"), so a page can be granted with none,
 * some or all of its buttons, and the tree's parent/child linkage (checked, half-checked) stays truthful.
 */
export interface GrantNode {
  /** A leaf: the menu id as text. A group: `n-<id>`. */
  key: string;
  menuId: number;
  name: string;
  title: string;
  perm: string | null;
  /** `self`: the leaf that stands for its group's own page. */
  kind: 'directory' | 'page' | 'button' | 'self';
  children?: GrantNode[];
}

const GROUP_PREFIX = 'n-';

const kindOf = (typeId: number): GrantNode['kind'] =>
  typeId === MenuType.DIRECTORY ? 'directory' : typeId === MenuType.BUTTON ? 'button' : 'page';

export function buildGrantTree(items: readonly MenuItemNode[]): GrantNode[] {
  return items.map((item): GrantNode => {
    const base = { menuId: item.id, name: item.name, title: item.title, perm: item.perm };
    const kind = kindOf(item.type_id);
    const children = buildGrantTree(item.children ?? []);
    if (children.length === 0) return { ...base, key: String(item.id), kind };
    if (kind === 'directory') return { ...base, key: `${GROUP_PREFIX}${item.id}`, kind, children };
    return {
      ...base,
      key: `${GROUP_PREFIX}${item.id}`,
      kind,
      children: [{ ...base, key: String(item.id), kind: 'self' }, ...children],
    };
  });
}

export function leavesOf(nodes: readonly GrantNode[]): GrantNode[] {
  return nodes.flatMap((node) => (node.children ? leavesOf(node.children) : [node]));
}

export const isLeafKey = (key: string) => !key.startsWith(GROUP_PREFIX);

/** The leaves a role's grants check; granted directories are not leaves and are left out. */
export function checkedFromGrants(tree: readonly GrantNode[], granted: readonly number[]): string[] {
  const ids = new Set(granted);
  return leavesOf(tree)
    .filter((leaf) => ids.has(leaf.menuId))
    .map((leaf) => leaf.key);
}

/** What `PUT roles/menus` stores: the ids of the checked leaves. */
export function menuIdsOf(checked: readonly string[]): number[] {
  return [...new Set(checked.filter(isLeafKey).map(Number))].sort((a, b) => a - b);
}

function groupsOf(nodes: readonly GrantNode[]): GrantNode[] {
  return nodes.flatMap((node) =>
    node.children ? [...(node.kind !== 'directory' ? [node] : []), ...groupsOf(node.children)] : [],
  );
}

/**
 * After a click, keeps a page group consistent with what the server grants: a checked button opens its
 * page (so the page leaf is checked too), and unchecking the page leaf takes its buttons with it. Answers
 * leaf keys only; the tree works out the state of the groups.
 */
export function normalizeChecked(
  tree: readonly GrantNode[],
  checked: readonly string[],
  toggled?: { key: string; checked: boolean },
): string[] {
  const result = new Set(checked.filter(isLeafKey));
  for (const group of groupsOf(tree)) {
    const [self, ...rest] = group.children ?? [];
    if (!self) continue;
    const below = leavesOf(rest).map((leaf) => leaf.key);
    if (toggled && toggled.key === self.key && !toggled.checked) {
      for (const key of below) result.delete(key);
    } else if (below.some((key) => result.has(key))) {
      result.add(self.key);
    }
  }
  return [...result];
}
