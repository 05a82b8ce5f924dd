import { describe, expect, it } from 'vitest';
import type { MenuItemNode } from './api';
import { buildGrantTree, checkedFromGrants, leavesOf, menuIdsOf, normalizeChecked } from './grant-tree';

const item = (
  id: number,
  typeId: number,
  name: string,
  children: MenuItemNode[] = [],
  perm: string | null = null,
): MenuItemNode => ({ id, parent_id: null, name, title: name, path: '', type_id: typeId, perm, children });

const menu: MenuItemNode[] = [
  item(1, 1, 'system', [
    item(2, 2, 'roles', [item(3, 3, 'create', [], 'r:create'), item(4, 3, 'grant', [], 'r:grant')], 'r:view'),
    item(5, 2, 'audit', [], 'a:view'),
    item(6, 4, 'detail', [item(7, 3, 'reveal', [], 'd:reveal')], 'd:view'),
  ]),
  item(8, 1, 'empty'),
];

describe('the grant tree', () => {
  const tree = buildGrantTree(menu);

  it('makes a page with buttons a group whose first leaf is the page itself', () => {
    expect(tree[0]!.key).toBe('n-1');
    const roles = tree[0]!.children![0]!;
    expect(roles.key).toBe('n-2');
    expect(roles.children!.map((node) => [node.key, node.kind])).toEqual([
      ['2', 'self'],
      ['3', 'button'],
      ['4', 'button'],
    ]);
    expect(leavesOf(tree).map((leaf) => leaf.key)).toEqual(['2', '3', '4', '5', '6', '7', '8']);
  });

  it('checks the granted leaves and leaves granted directories to the tree', () => {
    expect(checkedFromGrants(tree, [1, 2, 3, 5])).toEqual(['2', '3', '5']);
    expect(menuIdsOf(['n-1', '5', '2', '3', '2'])).toEqual([2, 3, 5]);
  });

  it('checks the page when one of its buttons is checked', () => {
    expect(normalizeChecked(tree, ['4'], { key: '4', checked: true }).sort()).toEqual(['2', '4']);
    expect(normalizeChecked(tree, ['n-6', '6', '7']).sort()).toEqual(['6', '7']);
  });

  it('takes the buttons away with the page', () => {
    expect(normalizeChecked(tree, ['3', '4', '5'], { key: '2', checked: false }).sort()).toEqual(['5']);
    // Unchecking a button keeps the page.
    expect(normalizeChecked(tree, ['2', '4'], { key: '3', checked: false }).sort()).toEqual(['2', '4']);
  });
});
