import { queryOptions, useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import type { TreeSelectProps } from 'antd';
import { get } from '../lib/api-client';

/** A node of `GET /api/auth/departments/my/tree` (a leaf has no `children`). */
export interface DepartmentNode {
  id: number;
  name: string;
  children?: DepartmentNode[];
}

/**
 * The departments of the caller's data scope, as a tree. The same for every picker of the session, so
 * it is shared by them and asked again only after a minute.
 */
export const myDepartmentTreeQuery = () =>
  queryOptions({
    queryKey: ['departments', 'my-tree'],
    queryFn: ({ signal }) => get<DepartmentNode[]>('/auth/departments/my/tree', undefined, { signal }),
    staleTime: 60_000,
  });

export type DepartmentTreeSelectProps = Omit<
  TreeSelectProps<number, DepartmentNode>,
  'treeData' | 'fieldNames' | 'loading'
> & {
  /**
   * Only this department and the ones below it (a store's departments). The whole tree when the node is
   * not in the caller's tree.
   */
  rootId?: number | null;
};

/** The node `id` of the tree, with its subtree. */
export function findDepartment(nodes: readonly DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = node.children && findDepartment(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** A department of the caller's scope (value: its id), searchable by name. */
export function DepartmentTreeSelect({ rootId, ...props }: DepartmentTreeSelectProps) {
  const departments = useQuery(myDepartmentTreeQuery());
  const tree = departments.data ?? [];
  const root = rootId ? findDepartment(tree, rootId) : undefined;
  return (
    <TreeSelect<number, DepartmentNode>
      showSearch={{ treeNodeFilterProp: 'name' }}
      popupMatchSelectWidth={false}
      {...props}
      loading={departments.isLoading}
      treeData={root ? [root] : tree}
      treeDefaultExpandedKeys={root ? [root.id] : undefined}
      fieldNames={{ label: 'name', value: 'id', children: 'children' }}
    />
  );
}
