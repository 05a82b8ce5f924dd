import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalBusinessType } from '@dealer-hr/shared/approvals/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { useEditDeleteColumn } from '../../../components/edit-delete-column';
import { FilterBar, SelectFilter, TextFilter } from '../../../components/filter-bar';
import { useListColumns } from '../../../components/list-columns';
import { CreateAction, ListToolbar } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { useListFilters } from '../../../lib/use-list-filters';
import { useBusinessTypes } from '../business-types';
import { FLOWS_KEY, deleteFlow, flowListQuery, type ApprovalFlow, type FlowFilters } from './api';
import { FlowEditor } from './flow-editor';

/** The nodes in order, by name: what a reader needs to recognise the flow. */
const nodeSummary = (flow: ApprovalFlow): string => flow.nodes.map((node) => node.name).join(' → ');

/**
 * `/approval/flows`: who approves what. One flow per business type and department (none: the whole group);
 * a flow that approvals were submitted to cannot be deleted, and the server says so (disable it instead).
 */
export function FlowsPage() {
  const { t } = useTranslation('approvals', { keyPrefix: 'flows' });
  const businessTypes = useBusinessTypes();
  const { filters, paging, setPaging, search } = useListFilters<FlowFilters>();
  const list = useQuery(flowListQuery({ ...filters, ...paging }));
  // A new key per opening gives the editor a fresh form.
  const [editing, setEditing] = useState<{ key: number; flow: ApprovalFlow | null } | null>(null);
  const edit = (flow: ApprovalFlow | null) => setEditing({ key: Date.now(), flow });

  const actions = useEditDeleteColumn<ApprovalFlow>({
    width: 110,
    edit: { permission: 'approval:flows:update', onEdit: edit },
    remove: {
      permission: 'approval:flows:delete',
      confirm: (flow) => t('messages.deleteConfirm', { name: flow.name }),
      request: (flow) => deleteFlow(flow.id),
      done: t('messages.deleted'),
      invalidates: [[FLOWS_KEY]],
    },
  });

  const statusOptions = [
    { value: 'active', label: t('status.active') },
    { value: 'disabled', label: t('status.disabled') },
  ];

  const columns = useListColumns<ApprovalFlow>('approvalFlows', [
    {
      title: t('fields.name'),
      key: 'name',
      width: 180,
      card: 'title',
      render: (_value, flow) => (
        <Flex vertical>
          <Typography.Text>{flow.name}</Typography.Text>
          {flow.remark && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {flow.remark}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('fields.businessType'),
      key: 'businessType',
      dataIndex: 'business_type',
      width: 130,
      card: 'field',
      // A long name (Prohibited-list removal) wraps inside its tag rather than running out of the column.
      render: (type: ApprovalBusinessType) => (
        <Tag color="blue" style={{ whiteSpace: 'normal' }}>
          {businessTypes.label(type)}
        </Tag>
      ),
    },
    {
      title: t('fields.department'),
      key: 'department',
      dataIndex: 'department_name',
      width: 140,
      card: 'field',
      render: (name: string | null) => name ?? t('wholeGroup'),
    },
    {
      title: t('fields.nodes'),
      key: 'nodes',
      ellipsis: true,
      render: (_value, flow) => <span title={nodeSummary(flow)}>{nodeSummary(flow)}</span>,
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 80,
      card: 'field',
      render: (status: ApprovalFlow['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>
      ),
    },
    {
      title: t('fields.updatedAt'),
      key: 'updatedAt',
      dataIndex: 'updated_at',
      width: 170,
      choice: 'default',
      render: (value: string) => parseTime(value),
    },
    actions,
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <CreateAction permission="approval:flows:create" onClick={() => edit(null)}>
            {t('actions.create')}
          </CreateAction>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="approval-flow-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={170} />
          <SelectFilter
            name="business_type"
            label={t('fields.businessType')}
            width={140}
            options={businessTypes.options}
          />
          <SelectFilter name="status" label={t('fields.status')} width={100} options={statusOptions} />
        </FilterBar>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      {editing && <FlowEditor key={editing.key} flow={editing.flow} onClosed={() => setEditing(null)} />}
    </Card>
  );
}
