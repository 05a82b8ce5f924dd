import { useQuery } from '@tanstack/react-query';
import { Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_TARGETS, type GroupTarget } from '@dealer-hr/shared/attendance/rules';
import {
  findDepartment,
  myDepartmentTreeQuery,
  type DepartmentNode,
} from '../../../components/department-tree-select';
import { activePostsQuery } from '../../../components/post-select';
import { storeOptionsQuery } from '../../../components/store-select';
import { useSearchKeyword } from '../../../lib/use-search-keyword';
import type { AttendanceGroup } from './api';

/** A group's targets in the form: the ids of its posts, departments and stores. */
export type TargetIds = Record<GroupTarget, number[]>;

/** What a group covers, by name: a target the pickers do not list (a post stopped, a store outside the scope). */
export type KnownTargets = AttendanceGroup['targets'];

export const noTargets = (): TargetIds => ({ post: [], department: [], store: [] });

export const targetIdsOf = (targets: KnownTargets): TargetIds => {
  const ids = noTargets();
  for (const target of targets) ids[target.target].push(target.id);
  return ids;
};

/** The targets as the server takes them. */
export const targetsOf = (ids: TargetIds) =>
  GROUP_TARGETS.flatMap((target) => ids[target].map((id) => ({ target, id })));

interface TargetsInputProps {
  /** From the form item: each picker's id starts with it. */
  id?: string;
  value?: TargetIds;
  onChange?(value: TargetIds): void;
  /** The group's targets with their names, when it is edited. */
  known: KnownTargets;
}

/**
 * 适用范围: posts, departments (the caller's tree) and stores (searched on the server), one picker each, as one
 * form field, so a refusal about the targets shows under all three.
 */
export function TargetsInput({ id = 'targets', value, onChange, known }: TargetsInputProps) {
  const { t } = useTranslation('attendanceRules');
  const ids = value ?? noTargets();
  const change = (target: GroupTarget, next: number[]) => onChange?.({ ...ids, [target]: next });
  const knownOf = (target: GroupTarget) => known.filter((entry) => entry.target === target);
  const pickers: Record<GroupTarget, React.ReactNode> = {
    post: (
      <PostsSelect
        id={`${id}_post`}
        value={ids.post}
        onChange={(next) => change('post', next)}
        known={knownOf('post')}
      />
    ),
    department: (
      <DepartmentsSelect
        id={`${id}_department`}
        value={ids.department}
        onChange={(next) => change('department', next)}
        known={knownOf('department')}
      />
    ),
    store: (
      <StoresSelect
        id={`${id}_store`}
        value={ids.store}
        onChange={(next) => change('store', next)}
        known={knownOf('store')}
      />
    ),
  };
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gap: '8px 12px',
        alignItems: 'center',
      }}
    >
      {GROUP_TARGETS.map((target) => (
        <TargetRow key={target} htmlFor={`${id}_${target}`} label={t(`targets.${target}`)}>
          {pickers[target]}
        </TargetRow>
      ))}
    </div>
  );
}

function TargetRow({
  htmlFor,
  label,
  children,
}: {
  htmlFor: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <label htmlFor={htmlFor}>{label}</label>
      <div>{children}</div>
    </>
  );
}

interface PickerProps {
  id: string;
  value: number[];
  onChange(value: number[]): void;
  known: KnownTargets;
}

/** The names of `known` targets that `listed` does not have, as options after them. */
const withKnown = <Option extends { value: number; label: string }>(
  listed: Option[],
  known: KnownTargets,
) => [
  ...listed,
  ...known
    .filter((entry) => !listed.some((option) => option.value === entry.id))
    .map((entry) => ({ value: entry.id, label: entry.name })),
];

function PostsSelect({ id, value, onChange, known }: PickerProps) {
  const { t } = useTranslation('attendanceRules');
  const posts = useQuery(activePostsQuery());
  const options = withKnown(
    (posts.data ?? []).map((post) => ({
      value: post.id,
      label: post.name,
      search: `${post.name} ${post.code}`,
    })),
    known,
  );
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={t('groupForm.targetsPlaceholder.post')}
      showSearch={{ optionFilterProp: 'label' }}
      loading={posts.isLoading}
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}

function DepartmentsSelect({ id, value, onChange, known }: PickerProps) {
  const { t } = useTranslation('attendanceRules');
  const departments = useQuery(myDepartmentTreeQuery());
  const tree = departments.data ?? [];
  const outside: DepartmentNode[] = known
    .filter((entry) => !findDepartment(tree, entry.id))
    .map((entry) => ({ id: entry.id, name: entry.name }));
  return (
    <TreeSelect<number[], DepartmentNode>
      id={id}
      multiple
      allowClear
      maxTagCount="responsive"
      placeholder={t('groupForm.targetsPlaceholder.department')}
      showSearch={{ treeNodeFilterProp: 'name' }}
      popupMatchSelectWidth={false}
      loading={departments.isLoading}
      treeData={[...tree, ...outside]}
      fieldNames={{ label: 'name', value: 'id', children: 'children' }}
      value={value}
      onChange={onChange}
    />
  );
}

/** Stores are many: typing searches the server; a chosen store keeps its name while others are listed. */
function StoresSelect({ id, value, onChange, known }: PickerProps) {
  const { t } = useTranslation('attendanceRules');
  const [typed, setTyped, keyword] = useSearchKeyword();
  const stores = useQuery(storeOptionsQuery(keyword));
  const [named, setNamed] = useState<KnownTargets>(known);
  const listed = (stores.data ?? []).map((store) => ({ value: store.id, label: store.name }));
  const chosen = named.filter((entry) => value.includes(entry.id));
  return (
    <Select<number[], { value: number; label: string }>
      id={id}
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={t('groupForm.targetsPlaceholder.store')}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={stores.isFetching}
      options={withKnown(listed, chosen)}
      value={value}
      onChange={(next, options) => {
        const picked = [options].flat().filter((option) => option !== undefined);
        setNamed(
          next.map((storeId) => ({
            target: 'store',
            id: storeId,
            name:
              picked.find((option) => option.value === storeId)?.label ??
              named.find((entry) => entry.id === storeId)?.name ??
              String(storeId),
          })),
        );
        setTyped('');
        onChange(next);
      }}
    />
  );
}
