import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { parseTime } from '@dealer-hr/shared/time';
import { FilterBar, SelectFilter, TextFilter } from '../../../components/filter-bar';
import { useListColumns, type ListColumn } from '../../../components/list-columns';
import { PagedTable } from '../../../components/paged-table';
import { useIdParam } from '../../../lib/use-id-param';
import { useListFilters } from '../../../lib/use-list-filters';
import { SCOPE_PATHS, taskListQuery, type TaskFilters, type TaskRow, type TaskScope } from './api';
import { useBusinessTypes } from '../business-types';
import { StatusTag, TaskStatusTag, statusOptions } from './labels';
import { useScopeTabs } from './scope-tabs';
import { TaskDetailDrawer } from './task-detail-drawer';

const timeColumn = (title: string, key: keyof TaskRow): ListColumn<TaskRow> => ({
  title,
  dataIndex: key,
  key,
  width: 155,
  choice: 'default',
  render: (time: string | null) => parseTime(time) ?? '-',
});

/**
 * `/approval/todo`, `/approval/done` and `/approval/mine`: one list of approvals, seen from the caller's
 * side (`scope`), with tabs between the lists and the detail in a drawer.
 */
export function TaskListPage({ scope }: { scope: TaskScope }) {
  const { t } = useTranslation('approvals', { keyPrefix: 'tasks' });
  const businessTypes = useBusinessTypes();
  const navigate = useNavigate();
  const { filters, paging, setPaging, search } = useListFilters<TaskFilters>();
  const list = useQuery(taskListQuery(scope, { ...filters, ...paging }));
  const tabs = useScopeTabs();
  // The URL names the open approval (`?instance=<id>`): messages link straight to it.
  const [instanceId, showInstance] = useIdParam('instance');

  const columns = useListColumns<TaskRow>(`approvals.${scope}`, [
    {
      title: t('columns.title'),
      key: 'title',
      dataIndex: 'title',
      width: 180,
      card: 'title',
      render: (title: string) => <Typography.Text strong>{title}</Typography.Text>,
    },
    {
      title: t('columns.businessType'),
      key: 'businessType',
      dataIndex: 'business_type',
      width: 100,
      card: 'field',
      render: (type: TaskRow['business_type']) => businessTypes.label(type),
    },
    // "My requests" are all the caller's own.
    ...(scope === 'mine'
      ? []
      : [
          {
            title: t('columns.applicant'),
            key: 'applicant',
            dataIndex: 'applicant_name',
            width: 80,
            card: 'field' as const,
          },
        ]),
    {
      title: t('columns.department'),
      key: 'department',
      dataIndex: 'department_name',
      width: 120,
      choice: 'default',
    },
    scope === 'done'
      ? {
          title: t('columns.decision'),
          key: 'decision',
          dataIndex: 'decision',
          width: 90,
          render: (decision: TaskRow['decision']) => (decision ? <TaskStatusTag status={decision} /> : '-'),
        }
      : {
          title: t('columns.currentNode'),
          key: 'currentNode',
          dataIndex: 'current_node_name',
          width: 120,
          render: (name: string | null) => name ?? '-',
        },
    {
      title: t('columns.status'),
      key: 'status',
      dataIndex: 'status',
      width: 80,
      card: 'field',
      render: (status: TaskRow['status']) => <StatusTag status={status} />,
    },
    timeColumn(t('columns.submittedAt'), 'created_at'),
    ...(scope === 'done' ? [timeColumn(t('columns.decidedAt'), 'decided_at')] : []),
    ...(scope === 'mine' ? [timeColumn(t('columns.finishedAt'), 'finished_at')] : []),
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 80,
      card: 'actions',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => showInstance(row.id)}>
          {t(scope === 'todo' ? 'actions.review' : 'actions.view')}
        </Button>
      ),
    },
  ]);

  return (
    <Card
      title={tabs.scopes.length > 1 ? undefined : t(`scopes.${scope}`)}
      tabList={
        tabs.scopes.length > 1
          ? tabs.scopes.map((key) => ({
              key,
              label: (
                <Space size={6}>
                  {t(`scopes.${key}`)}
                  <Badge
                    count={tabs.counts?.[key] ?? 0}
                    overflowCount={999}
                    size="small"
                    color={key === 'todo' ? undefined : 'gray'}
                  />
                </Space>
              ),
            }))
          : undefined
      }
      activeTabKey={scope}
      onTabChange={(key) => void navigate(SCOPE_PATHS[key as TaskScope])}
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={8} justify="space-between" align="start">
          <FilterBar name={`approval-${scope}-filters`} onSearch={search}>
            <TextFilter name="keyword" label={t('filters.keyword')} width={170} />
            <SelectFilter
              name="business_type"
              label={t('columns.businessType')}
              width={140}
              options={businessTypes.options}
            />
            {/* Every to-do is pending: no status to choose there. */}
            {scope !== 'todo' && (
              <SelectFilter
                name="status"
                label={t('columns.status')}
                width={110}
                options={statusOptions(t)}
              />
            )}
          </FilterBar>
          {columns.setting}
        </Flex>
        <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
      </Flex>
      <TaskDetailDrawer id={instanceId} onClose={() => showInstance(null)} />
    </Card>
  );
}

export const TodoPage = () => <TaskListPage scope="todo" />;
export const DonePage = () => <TaskListPage scope="done" />;
export const MinePage = () => <TaskListPage scope="mine" />;
