import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Space, Tag, Tooltip } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { DeleteButton } from '../../components/delete-button';
import { useListColumns } from '../../components/list-columns';
import { PagedTable } from '../../components/paged-table';
import { Permission } from '../../components/permission';
import {
  deleteDepartment,
  departmentDetailQuery,
  departmentStaffQuery,
  type DepartmentDetail,
  type DepartmentNode,
  type Placement,
  type StaffRow,
} from './api';
import { DepartmentFormDialog, type FormTarget } from './department-form-dialog';
import { MoveDialog } from './move-dialog';
import { creatableKindsUnder, parentKindOf } from './tree-levels';

interface DepartmentPanelProps {
  id: number;
  tree: readonly DepartmentNode[];
  /** After a change; the id is the node to choose next (null: none). */
  onChanged(id: number | null): Promise<void>;
}

/** The chosen node: its detail with the actions on it, and the people in it. */
export function DepartmentPanel({ id, tree, onChanged }: DepartmentPanelProps) {
  const { t } = useTranslation('departments');
  const { message } = App.useApp();
  const detail = useQuery(departmentDetailQuery(id));
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [moving, setMoving] = useState<DepartmentDetail | null>(null);

  const remove = useMutation({
    mutationFn: (department: DepartmentDetail) => deleteDepartment(department.id),
    onSuccess: async (_answer, department) => {
      void message.success(t('messages.deleted'));
      await onChanged(department.parent?.id ?? null);
    },
    // A refusal (409: children, staff, a store's node) is shown by the API client with the server's message.
  });

  const department = detail.data;
  const items: DescriptionsProps['items'] = department
    ? [
        { key: 'name', label: t('detail.name'), children: department.name },
        { key: 'code', label: t('detail.code'), children: department.code ?? '-' },
        { key: 'kind', label: t('detail.kind'), children: t(`kind.${department.kind}`) },
        {
          key: 'status',
          label: t('detail.status'),
          children: (
            <Tag color={department.status === 'active' ? 'green' : 'default'}>
              {t(`status.${department.status}`)}
            </Tag>
          ),
        },
        { key: 'path', label: t('detail.path'), span: 'filled', children: department.path_names.join(' / ') },
        { key: 'leader', label: t('detail.leader'), children: department.leader?.name ?? '-' },
        { key: 'store', label: t('detail.store'), children: department.store?.name ?? '-' },
        { key: 'children', label: t('detail.children'), children: department.children_count },
        { key: 'staff', label: t('detail.staff'), children: department.staff_count },
        { key: 'sort', label: t('detail.sort'), children: department.sort },
      ]
    : [];

  /** Add beside or under the node; a place where no kind fits (under a team) cannot be chosen. */
  const addButton = (
    anchor: DepartmentDetail,
    placement: Placement,
    label: string,
    none: string,
  ): ReactNode => {
    const kinds = creatableKindsUnder(parentKindOf(tree, anchor, placement));
    const add = (
      <Button
        type="link"
        size="small"
        disabled={kinds.length === 0}
        onClick={() => setFormTarget({ mode: 'create', placement, anchor, kinds })}
      >
        {label}
      </Button>
    );
    return kinds.length === 0 ? <Tooltip title={none}>{add}</Tooltip> : add;
  };

  const actions = department && (
    <Space size={0} wrap>
      <Permission name="organization:departments:create">
        {addButton(department, 'same', t('actions.addSame'), t('actions.addSameNone'))}
        {addButton(
          department,
          'down',
          t('actions.addDown'),
          t('actions.addDownNone', { kind: t(`kind.${department.kind}`) }),
        )}
      </Permission>
      <Permission name="organization:departments:update">
        <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'edit', department })}>
          {t('actions.edit')}
        </Button>
        {department.parent && (
          <Button type="link" size="small" onClick={() => setMoving(department)}>
            {t('actions.move')}
          </Button>
        )}
      </Permission>
      <Permission name="organization:departments:delete">
        <DeleteButton
          title={t('messages.deleteConfirm', { name: department.name })}
          onConfirm={() => remove.mutateAsync(department)}
        />
      </Permission>
    </Space>
  );

  return (
    <Flex vertical gap={16}>
      <Card title={department?.name ?? t('detail.title')} size="small" loading={detail.isLoading}>
        {/* In the body rather than the header, so the actions wrap on a phone instead of overflowing. */}
        <Flex vertical gap={8}>
          {actions}
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />
        </Flex>
      </Card>
      <StaffCard id={id} />
      <DepartmentFormDialog target={formTarget} onClose={() => setFormTarget(null)} onSaved={onChanged} />
      <MoveDialog department={moving} tree={tree} onClose={() => setMoving(null)} onMoved={onChanged} />
    </Flex>
  );
}

function StaffCard({ id }: { id: number }) {
  const { t } = useTranslation('departments');
  const [paging, setPaging] = useState({ id, page: 1, limit: DEFAULT_PAGE_SIZE });
  // Another node starts again at page 1.
  const current = paging.id === id ? paging : { id, page: 1, limit: paging.limit };
  const staff = useQuery(departmentStaffQuery(id, current.page, current.limit));

  const columns = useListColumns<StaffRow>('departmentStaff', [
    { title: t('staff.employeeNo'), key: 'employeeNo', dataIndex: 'employee_no', width: 100, card: 'field' },
    { title: t('staff.name'), key: 'name', dataIndex: 'name', width: 90, card: 'title' },
    { title: t('staff.phone'), key: 'phone', dataIndex: 'phone', width: 120 },
    {
      title: t('staff.department'),
      key: 'department',
      dataIndex: ['department', 'name'],
      width: 140,
      card: 'field',
    },
    {
      title: t('staff.post'),
      key: 'post',
      width: 160,
      card: 'field',
      render: (_value, row) => (
        <Space size={4}>
          {row.post.name}
          {!row.is_main && <Tag>{t('staff.partTime')}</Tag>}
        </Space>
      ),
    },
    { title: t('staff.startDate'), key: 'startDate', dataIndex: 'start_date', width: 110 },
  ]);

  return (
    <Card title={t('staff.title')} size="small">
      <Flex vertical gap={12}>
        <PagedTable
          rowKey="employee_id"
          size="small"
          columns={columns}
          list={staff}
          paging={current}
          onPaging={({ page, limit }) => setPaging({ id, page, limit })}
        />
      </Flex>
    </Card>
  );
}
