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
>;

/** A department of the caller's scope (value: its id), searchable by name. */
export function DepartmentTreeSelect(props: DepartmentTreeSelectProps) {
  const departments = useQuery(myDepartmentTreeQuery());
  return (
    <TreeSelect<number, DepartmentNode>
      showSearch={{ treeNodeFilterProp: 'name' }}
      popupMatchSelectWidth={false}
      {...props}
      loading={departments.isLoading}
      treeData={departments.data ?? []}
      fieldNames={{ label: 'name', value: 'id', children: 'children' }}
    />
  );
}
