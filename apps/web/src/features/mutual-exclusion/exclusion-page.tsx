import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXCLUSION_KINDS,
  EXCLUSION_STATUSES,
  type ExclusionKind,
  type ExclusionScope,
} from '@dealer-hr/shared/mutual-exclusion/rules';
import { DeleteButton } from '../../components/delete-button';
import { FilterBar, SelectFilter, TextFilter } from '../../components/filter-bar';
import { CreateAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission } from '../../components/permission';
import { useFixedActions } from '../../components/use-fixed-actions';
import { useListFilters } from '../../lib/use-list-filters';
import {
  EXCLUSION_KEY,
  deleteExclusion,
  exclusionListQuery,
  type ExclusionFilters,
  type ExclusionRule,
  type ExclusionStatus,
} from './api';
import { CheckDialog } from './check-dialog';
import { ExclusionFormDialog } from './exclusion-form-dialog';
import { Coverage, KindTag, StatusTag } from './labels';

/**
 * `/staff/mutually-exclusive`: the mutual-exclusion rules checked at onboarding and transfer. A people rule
 * names people (relatives, say) who may not work in the same store or department; a post rule two posts
 * one person may not hold together. Members' ID numbers are only ever shown masked. The check dialog
 * tries a placement against the active rules.
 */
export function ExclusionPage() {
  const { t } = useTranslation('mutualExclusion');
  const fixedActions = useFixedActions();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filters, paging, setPaging, search } = useListFilters<ExclusionFilters>();
  const list = useQuery(exclusionListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ rule: ExclusionRule | null } | null>(null);
  const [checking, setChecking] = useState(false);

  const remove = useMutation({
    mutationFn: (rule: ExclusionRule) => deleteExclusion(rule.id),
    onSuccess: async () => {
      void message.success(t('messages.deleted'));
      await queryClient.invalidateQueries({ queryKey: [EXCLUSION_KEY] });
    },
    // A refusal (404: deleted meanwhile) is shown by the API client with the server's message.
  });

  const columns: TableColumnsType<ExclusionRule> = [
    { title: t('fields.name'), dataIndex: 'name', width: 160, ellipsis: true },
    {
      title: t('fields.kind'),
      dataIndex: 'kind',
      width: 100,
      render: (kind: ExclusionKind) => <KindTag kind={kind} />,
    },
    {
      title: t('fields.coverage'),
      key: 'coverage',
      width: 240,
      render: (_value, rule) => <Coverage rule={rule} />,
    },
    {
      title: t('fields.scope'),
      dataIndex: 'scope',
      width: 100,
      render: (scope: ExclusionScope | null) => (scope ? t(`scopes.${scope}`) : '-'),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 80,
      render: (status: ExclusionStatus) => <StatusTag status={status} />,
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (text: string) => text || '-',
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 130,
      fixed: fixedActions,
      render: (_value, rule) => (
        <Space size={0} wrap>
          <Permission name="staff:mutually-exclusive:update">
            <Button type="link" size="small" onClick={() => setEditing({ rule })}>
              {t('actions.edit')}
            </Button>
          </Permission>
          <Permission name="staff:mutually-exclusive:delete">
            <DeleteButton
              title={t('messages.deleteConfirm', { name: rule.name })}
              onConfirm={() => remove.mutateAsync(rule)}
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
        <ListToolbar>
          <CreateAction
            permission="staff:mutually-exclusive:create"
            onClick={() => setEditing({ rule: null })}
          >
            {t('actions.create')}
          </CreateAction>
          <Button icon={<SafetyCertificateOutlined />} onClick={() => setChecking(true)}>
            {t('actions.check')}
          </Button>
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar name="exclusion-filters" onSearch={search}>
          <TextFilter name="keyword" label={t('filters.keyword')} width={180} />
          <SelectFilter
            name="kind"
            label={t('fields.kind')}
            width={130}
            options={EXCLUSION_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
          <SelectFilter
            name="status"
            label={t('fields.status')}
            width={100}
            options={EXCLUSION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        </FilterBar>
        <PagedTable columns={columns} list={list} scroll={{ x: 960 }} paging={paging} onPaging={setPaging} />
      </Flex>
      <ExclusionFormDialog
        open={editing !== null}
        rule={editing?.rule ?? null}
        onClose={() => setEditing(null)}
      />
      <CheckDialog open={checking} onClose={() => setChecking(false)} />
    </Card>
  );
}
