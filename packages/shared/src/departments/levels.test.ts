import { describe, expect, it } from 'vitest';
import {
  CHILD_KINDS,
  DEPARTMENT_LEVELS,
  departmentLevelMessages,
  kindsUnder,
  levelBreakOf,
  mayHold,
  type LeveledNode,
} from './levels';
import type { DepartmentKind } from '../dictionary-types';

interface Node extends LeveledNode<Node> {
  name: string;
}
const node = (kind: DepartmentKind, name: string, children?: Node[]): Node => ({ kind, name, children });
const level = (kind: DepartmentKind) => DEPARTMENT_LEVELS.indexOf(kind);

describe('department levels', () => {
  it('put a child below its parent, departments alone nesting, and a store only under a region', () => {
    for (const parent of DEPARTMENT_LEVELS) {
      for (const child of CHILD_KINDS[parent]) {
        if (parent === 'department' && child === 'department') continue;
        expect(level(child), `${child} under ${parent}`).toBeGreaterThan(level(parent));
      }
    }
    expect(mayHold('department', 'department')).toBe(true);
    expect(mayHold('team', 'team')).toBe(false);
    expect(DEPARTMENT_LEVELS.filter((parent) => mayHold(parent, 'store'))).toEqual(['region']);
    expect(kindsUnder(null)).toEqual(['group']);
    expect(kindsUnder('team')).toEqual([]);
  });

  it('refuse a region under a store or a department, a group under a team, a store off a region', () => {
    expect(mayHold('store', 'region')).toBe(false);
    expect(mayHold('department', 'region')).toBe(false);
    expect(mayHold('team', 'group')).toBe(false);
    expect(mayHold('department', 'store')).toBe(false);
    expect(mayHold('store', 'store')).toBe(false);
    expect(mayHold('team', 'department')).toBe(false);
    expect(mayHold(null, 'department')).toBe(false);
  });

  it('find the first break of a subtree, also below its top', () => {
    const deep = node('department', '人力资源中心', [
      node('team', '招聘组', [node('department', '旧数据部门')]),
    ]);
    expect(levelBreakOf('store', deep)).toEqual({ node: deep.children![0]!.children![0], parent: 'team' });
    expect(levelBreakOf('team', deep)).toEqual({ node: deep, parent: 'team' });
    const fine = node('region', '华中区', [node('store', '武汉店', [node('department', '销售部')])]);
    expect(levelBreakOf('group', fine)).toBeNull();
    expect(levelBreakOf('region', fine)).toEqual({ node: fine, parent: 'region' });
  });

  it('say in Chinese what does not fit', () => {
    expect(departmentLevelMessages.notUnder('store', 'region')).toBe('区域不能位于门店之下');
    expect(departmentLevelMessages.notUnder('department', 'store')).toBe(
      '门店只能位于区域之下，不能位于部门之下',
    );
    expect(departmentLevelMessages.notUnder('team', 'group')).toBe('小组之下不能再设下级');
    expect(departmentLevelMessages.notUnder(null, 'region')).toBe('区域不能作为顶级节点，顶级只能是集团');
    expect(departmentLevelMessages.belowNotUnder('旧数据部门', 'team', 'department')).toBe(
      '移动后下级「旧数据部门」将不符合组织层级：小组之下不能再设下级',
    );
  });
});
