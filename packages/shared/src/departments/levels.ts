/**
 * The levels of the one department tree and which kind of node may sit directly under which (docs/decisions.md
 * "The department tree keeps its levels"). The server checks every create and move with these functions and
 * the department page offers only what they allow; no zod here, so the web imports it directly.
 */
import { DepartmentKind } from '../dictionary-types';

/** The levels, highest first: group > region > store > department > team. */
export const DEPARTMENT_LEVELS: readonly DepartmentKind[] = DepartmentKind;

/** Kinds the department page creates; `store` nodes come and go with their store (stores page). */
export const CREATABLE_KINDS = ['group', 'region', 'department', 'team'] as const;
export type CreatableKind = (typeof CREATABLE_KINDS)[number];

/** The Chinese names of the levels, for the server's messages. */
export const DEPARTMENT_KIND_LABELS: Readonly<Record<DepartmentKind, string>> = {
  group: '集团',
  region: '区域',
  store: '门店',
  department: '部门',
  team: '小组',
};

/**
 * What may sit directly under each kind: always a lower level (levels may be skipped: a group holds its head
 * office's departments), a store only directly under a region, departments nest (售后部 > 机修车间), teams
 * do not (a team is the smallest unit and holds people, not nodes).
 */
export const CHILD_KINDS: Readonly<Record<DepartmentKind, readonly DepartmentKind[]>> = {
  group: ['region', 'department', 'team'],
  region: ['store', 'department', 'team'],
  store: ['department', 'team'],
  department: ['department', 'team'],
  team: [],
};

/** Only a group stands at the top of the tree: every other node belongs to one. */
export const TOP_KINDS: readonly DepartmentKind[] = ['group'];

/** The kinds a node may have under `parent` (null: at the top of the tree). */
export const kindsUnder = (parent: DepartmentKind | null): readonly DepartmentKind[] =>
  parent === null ? TOP_KINDS : CHILD_KINDS[parent];

/** Whether a node of kind `child` may sit directly under `parent` (null: at the top). */
export const mayHold = (parent: DepartmentKind | null, child: DepartmentKind): boolean =>
  kindsUnder(parent).includes(child);

/** A node with the nodes below it, as the server reads a subtree and the page keeps its tree. */
export interface LeveledNode<Node> {
  kind: DepartmentKind;
  children?: readonly Node[];
}

/** Where a subtree put under a parent breaks the levels: the node and the kind it would sit under. */
export interface LevelBreak<Node> {
  node: Node;
  parent: DepartmentKind | null;
}

/**
 * The first place, top down, where `node` and everything below it, put under `parent`, break the levels;
 * null when the whole subtree fits. A move is refused on any break, not only at the moved node's own level.
 */
export function levelBreakOf<Node extends LeveledNode<Node>>(
  parent: DepartmentKind | null,
  node: Node,
): LevelBreak<Node> | null {
  if (!mayHold(parent, node.kind)) return { node, parent };
  for (const child of node.children ?? []) {
    const found = levelBreakOf(node.kind, child);
    if (found) return found;
  }
  return null;
}

const label = (kind: DepartmentKind) => DEPARTMENT_KIND_LABELS[kind];

export const departmentLevelMessages = {
  /** `kind` cannot sit directly under `parent` (null: at the top). */
  notUnder: (parent: DepartmentKind | null, kind: DepartmentKind): string => {
    if (parent === null) return `${label(kind)}不能作为顶级节点，顶级只能是集团`;
    if (kind === 'store') return `门店只能位于区域之下，不能位于${label(parent)}之下`;
    if (CHILD_KINDS[parent].length === 0) return `${label(parent)}之下不能再设下级`;
    return `${label(kind)}不能位于${label(parent)}之下`;
  },
  /** A node below the moved one would break the levels after the move. */
  belowNotUnder: (name: string, parent: DepartmentKind, kind: DepartmentKind): string =>
    `移动后下级「${name}」将不符合组织层级：${departmentLevelMessages.notUnder(parent, kind)}`,
} as const;
