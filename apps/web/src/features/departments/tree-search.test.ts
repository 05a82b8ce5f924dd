import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from './api';
import { filterTree, loadSpell, nameMatches, subtreeIds } from './tree-search';

const node = (id: number, name: string, children?: DepartmentNode[]): DepartmentNode => ({
  id,
  parent_id: null,
  name,
  kind: 'department',
  code: null,
  status: 'active',
  ...(children ? { children } : {}),
});

const tree = [
  node(1, '华驰汽车集团', [
    node(2, '华东区', [node(4, '上海浦东宝马4S店', [node(6, '销售部'), node(7, '售后部')])]),
    node(3, '华南区', [node(5, '广州天河奔驰4S店', [node(8, '销售部')])]),
  ]),
];

describe('department tree search', () => {
  it('keeps matches with their ancestors and expands those ancestors', async () => {
    const result = filterTree(tree, (department) => nameMatches(department.name, '售后'));
    expect(result.matchCount).toBe(1);
    expect(result.expandedIds.sort()).toEqual([1, 2, 4]);
    expect(result.nodes[0]!.children!.map((child) => child.id)).toEqual([2]);
    expect(result.nodes[0]!.children![0]!.children![0]!.children!.map((child) => child.id)).toEqual([7]);
  });

  it('matches full pinyin and initials once the dictionary is loaded', async () => {
    const spell = await loadSpell();
    expect(nameMatches('华南区', 'huanan', spell)).toBe(true);
    expect(nameMatches('华南区', 'hn q', spell)).toBe(true);
    expect(nameMatches('华南区', 'hnq', spell)).toBe(true);
    expect(nameMatches('华南区', 'hdq', spell)).toBe(false);
    // Without the dictionary only the text itself matches.
    expect(nameMatches('华南区', 'hnq')).toBe(false);
    const result = filterTree(tree, (department) => nameMatches(department.name, 'xsb', spell));
    expect(result.matchCount).toBe(2);
  });

  it('lists a node and everything below it', () => {
    expect([...subtreeIds(tree[0]!.children![0]!)].sort()).toEqual([2, 4, 6, 7]);
  });
});
