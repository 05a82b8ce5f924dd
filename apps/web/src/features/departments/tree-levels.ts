import { CREATABLE_KINDS, mayHold, type CreatableKind } from '@dealer-hr/shared/departments/levels';
import type { DepartmentKind } from '@dealer-hr/shared/dictionary-types';
import type { DepartmentDetail, DepartmentNode, Placement } from './api';
import { findNode } from './tree-search';

// The page offers only what the tree's levels allow (packages/shared/src/departments/levels.ts); the server checks
// the same rule and has the last word.

/**
 * The kind of the parent a new node would get: the anchor itself (`down`) or its parent (`same`); null at the
 * top of the tree, undefined when the parent lies outside the page's tree (the server decides then).
 */
export function parentKindOf(
  tree: readonly DepartmentNode[],
  anchor: DepartmentDetail,
  placement: Placement,
): DepartmentKind | null | undefined {
  if (placement === 'down') return anchor.kind;
  if (anchor.parent === null) return null;
  return findNode(tree, anchor.parent.id)?.kind;
}

/** The kinds this page may create under a parent of `parentKind` (undefined: not known, all of them). */
export const creatableKindsUnder = (parentKind: DepartmentKind | null | undefined): CreatableKind[] =>
  CREATABLE_KINDS.filter((kind) => parentKind === undefined || mayHold(parentKind, kind));
