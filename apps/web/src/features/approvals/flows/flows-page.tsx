import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalBusinessType } from '@dealer-hr/shared/approvals/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { DeleteButton } from '../../../components/delete-button';
import { FilterBar, SelectFilter, TextFilter } from '../../../components/filter-bar';
import { CreateAction } from '../../../components/list-toolbar';
import { PagedTable } from '../../../components/paged-table';
import { Permission } from '../../../components/permission';
import { useFixedActions } from '../../../components/use-fixed-actions';
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
  const fixedActions = useFixedActions();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filters, paging, setPaging, search } = useListFilters<FlowFilters>();
  const list = useQuery(flowListQuery({ ...filters, ...paging }));
  // A new key per opening gives the editor a fresh form.
  const [editing, setEditing] = useState<{ key: number; flow: ApprovalFlow | null } | null>(null);
  const edit = (flow: ApprovalFlow | null) => setEditing({ key: Date.now(), flow });

  const remove = useMutation({
    mutationFn: (flow: ApprovalFlow) => deleteFlow(flow.id),
    onSuccess: async () => {
      void message.success(t('messages.deleted'));
      await queryClient.invalidateQueries({ queryKey: [FLOWS_KEY] });
    },
    // A refusal (409: approvals were submitted to the flow) is shown by the API client with the server's message.
  });

  const statusOptions = [
    { value: 'active', label: t('status.active') },
    { value: 'disabled', label: t('status.disabled') },
  ];

  const columns: TableColumnsType<ApprovalFlow> = [
    {
      title: t('fields.name'),
      key: 'name',
      width: 180,
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
      dataIndex: 'business_type',
      width: 120,
      render: (type: ApprovalBusinessType) => <Tag color="blue">{businessTypes.label(type)}</Tag>,
    },
    {
      title: t('fields.department'),
      dataIndex: 'department_name',
      width: 140,
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
      dataIndex: 'status',
      width: 80,
      render: (status: ApprovalFlow['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>
      ),
    },
    {
      title: t('fields.updatedAt'),
      dataIndex: 'updated_at',
      width: 170,
      render: (value: string) => parseTime(value),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 130,
      fixed: fixedActions,
      render: (_value, flow) => (
        <Space size={0} wrap>
          <Permission name="approval:flows:update">
            <Button type="link" size="small" onClick={() => edit(flow)}>
              {t('actions.edit')}
            </Button>
          </Permission>
          <Permission name="approval:flows:delete">
            <DeleteButton
              title={t('messages.deleteConfirm', { name: flow.name })}
              onConfirm={() => remove.mutateAsync(flow)}
            />
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <CreateAction permission="approval:flows:create" onClick={() => edit(null)}>
          {t('actions.create')}
        </CreateAction>
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
        <PagedTable columns={columns} list={list} scroll={{ x: 1000 }} paging={paging} onPaging={setPaging} />
      </Flex>
      {editing && <FlowEditor key={editing.key} flow={editing.flow} onClosed={() => setEditing(null)} />}
    </Card>
  );
}
