import { describe, expect, it } from 'vitest';
import type { DepartmentDetail, DepartmentNode } from './api';
import { creatableKindsUnder, parentKindOf } from './tree-levels';

const node = (id: number, kind: DepartmentNode['kind'], children?: DepartmentNode[]): DepartmentNode => ({
  id,
  parent_id: null,
  name: `节点${id}`,
  kind,
  code: null,
  status: 'active',
  ...(children ? { children } : {}),
});

const tree = [node(1, 'group', [node(2, 'region', [node(3, 'store', [node(4, 'department')])])])];

const anchor = (id: number, kind: DepartmentNode['kind'], parentId: number | null) =>
  ({ id, kind, parent: parentId === null ? null : { id: parentId, name: '' } }) as DepartmentDetail;

describe('department levels on the page', () => {
  it('reads the parent a new node would get: the anchor, its parent, the top, or unknown', () => {
    expect(parentKindOf(tree, anchor(3, 'store', 2), 'down')).toBe('store');
    expect(parentKindOf(tree, anchor(3, 'store', 2), 'same')).toBe('region');
    expect(parentKindOf(tree, anchor(1, 'group', null), 'same')).toBeNull();
    // A store manager's root: its region lies outside their tree.
    expect(parentKindOf(tree.slice(0, 0), anchor(3, 'store', 2), 'same')).toBeUndefined();
  });

  it('offers only the kinds the parent may hold, all of them when the parent is unknown', () => {
    expect(creatableKindsUnder('store')).toEqual(['department', 'team']);
    expect(creatableKindsUnder('region')).toEqual(['department', 'team']);
    expect(creatableKindsUnder('department')).toEqual(['department', 'team']);
    expect(creatableKindsUnder('team')).toEqual([]);
    expect(creatableKindsUnder(null)).toEqual(['group']);
    expect(creatableKindsUnder(undefined)).toEqual(['group', 'region', 'department', 'team']);
  });
});
