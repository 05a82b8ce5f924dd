import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXCLUSION_KINDS,
  EXCLUSION_STATUSES,
  type ExclusionKind,
  type ExclusionScope,
} from '@dealer-hr/shared/mutual-exclusion/rules';
import { useEditDeleteColumn } from '../../components/edit-delete-column';
import { FilterBar, SelectFilter, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
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
  const { filters, paging, setPaging, search } = useListFilters<ExclusionFilters>();
  const list = useQuery(exclusionListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ rule: ExclusionRule | null } | null>(null);
  const [checking, setChecking] = useState(false);

  const actions = useEditDeleteColumn<ExclusionRule>({
    width: 110,
    edit: { permission: 'staff:mutually-exclusive:update', onEdit: (rule) => setEditing({ rule }) },
    remove: {
      permission: 'staff:mutually-exclusive:delete',
      confirm: (rule) => t('messages.deleteConfirm', { name: rule.name }),
      request: (rule) => deleteExclusion(rule.id),
      done: t('messages.deleted'),
      invalidates: [[EXCLUSION_KEY]],
    },
  });

  const columns = useListColumns<ExclusionRule>('mutualExclusion', [
    { title: t('fields.name'), key: 'name', dataIndex: 'name', width: 160, ellipsis: true, card: 'title' },
    {
      title: t('fields.kind'),
      key: 'kind',
      dataIndex: 'kind',
      width: 100,
      card: 'field',
      render: (kind: ExclusionKind) => <KindTag kind={kind} />,
    },
    {
      title: t('fields.coverage'),
      key: 'coverage',
      width: 240,
      card: 'field',
      render: (_value, rule) => <Coverage rule={rule} />,
    },
    {
      title: t('fields.scope'),
      key: 'scope',
      dataIndex: 'scope',
      width: 100,
      render: (scope: ExclusionScope | null) => (scope ? t(`scopes.${scope}`) : '-'),
    },
    {
      title: t('fields.status'),
      key: 'status',
      dataIndex: 'status',
      width: 80,
      card: 'field',
      render: (status: ExclusionStatus) => <StatusTag status={status} />,
    },
    {
      title: t('fields.description'),
      key: 'description',
      dataIndex: 'description',
      ellipsis: true,
      choice: 'default',
      render: (text: string) => text || '-',
    },
    actions,
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
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
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
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
