import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Flex, Popconfirm, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { parseTime } from '@dealer-hr/shared/time';
import { useListColumns } from '../../components/list-columns';
import { PagedTable, type Paging } from '../../components/paged-table';
import { Permission, usePermission } from '../../components/permission';
import { MESSAGES_KEY } from '../../lib/unread-messages';
import { useListFilters } from '../../lib/use-list-filters';
import {
  READ_FILTERS,
  deleteMessages,
  markAllRead,
  markRead,
  messageListQuery,
  type Message,
  type ReadFilter,
} from './api';

const KNOWN_KINDS = new Set([
  'export_ready',
  'approval_task',
  'approval_approved',
  'approval_rejected',
  'approval_withdrawn',
]);

/** A message's link is a path of this app; anything else (another site, `//host`) is not followed. */
export function appPath(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}

/**
 * `/dashboard/newslist`: the user's messages, newest first. Opening one marks it read and goes to the
 * record it is about; the navbar badge follows (it shares the message queries' key).
 */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canDelete = usePermission()('dashboard:newslist:delete');
  // The filter is one choice of a segmented control, nothing to clean: it is taken as it is.
  const {
    filters: filter,
    paging,
    setPaging,
    search: showFilter,
  } = useListFilters((value: ReadFilter) => value, 'all');
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery(messageListQuery(filter, paging));
  const rows = list.data?.data ?? [];
  const unread = list.data?.unread ?? 0;

  const refresh = () => queryClient.invalidateQueries({ queryKey: [MESSAGES_KEY] });

  const read = useMutation({ mutationFn: markRead, onSuccess: refresh });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: async () => {
      void message.success(t('markedAllRead'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteMessages,
    onSuccess: async (_answer, ids) => {
      void message.success(t('deleted'));
      setSelected([]);
      // The last rows of the last page are gone: show the page before it rather than an empty one.
      if (ids.length >= rows.length && paging.page > 1)
        setPaging((current) => ({ ...current, page: current.page - 1 }));
      await refresh();
    },
  });

  const open = (row: Message) => {
    if (!row.read) read.mutate([row.id]);
    const target = appPath(row.link);
    if (target) void navigate(target);
  };

  // A selection belongs to the rows on show.
  const changeView = (next: { filter?: ReadFilter; paging?: Paging }) => {
    setSelected([]);
    if (next.filter) showFilter(next.filter);
    if (next.paging) setPaging(next.paging);
  };

  const columns = useListColumns<Message>('messages', [
    {
      title: t('columns.message'),
      key: 'message',
      minWidth: 240,
      card: 'title',
      render: (_value, row) => (
        <Flex vertical gap={2} align="start">
          <Flex gap={6} align="center">
            {!row.read && <Badge status="processing" aria-hidden />}
            <Button
              type="link"
              onClick={() => open(row)}
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            >
              {row.read ? row.title : <strong>{row.title}</strong>}
            </Button>
          </Flex>
          <Typography.Text type="secondary">{row.content}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('columns.kind'),
      key: 'kind',
      dataIndex: 'kind',
      card: 'field',
      width: 110,
      render: (kind: string) => <Tag>{t(`kinds.${KNOWN_KINDS.has(kind) ? kind : 'other'}`)}</Tag>,
    },
    {
      title: t('columns.status'),
      key: 'status',
      dataIndex: 'read',
      card: 'field',
      width: 80,
      render: (isRead: boolean, row) =>
        // A task decided since (by the user, another approver, or withdrawn) says so, not 待审批 unread.
        row.done ? (
          <Tag color="green">{t('status.done')}</Tag>
        ) : isRead ? (
          <Tag>{t('status.read')}</Tag>
        ) : (
          <Tag color="blue">{t('status.unread')}</Tag>
        ),
    },
    {
      title: t('columns.time'),
      key: 'time',
      dataIndex: 'created_at',
      card: 'field',
      width: 170,
      render: (time: string) => parseTime(time),
    },
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <Typography.Text type="secondary" aria-live="polite">
          {t('unreadSummary', { total: unread })}
        </Typography.Text>
      }
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={8} justify="space-between" align="center">
          <Segmented<ReadFilter>
            aria-label={t('filters.label')}
            value={filter}
            onChange={(value) => changeView({ filter: value })}
            options={READ_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
          />
          <Flex wrap gap={8}>
            <Button
              icon={<CheckOutlined />}
              disabled={unread === 0}
              loading={readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {t('actions.markAllRead')}
            </Button>
            <Permission name="dashboard:newslist:delete">
              <Popconfirm
                title={t('confirmDelete', { total: selected.length })}
                okText={t('actions.delete')}
                okButtonProps={{ danger: true }}
                disabled={selected.length === 0}
                onConfirm={() => remove.mutateAsync(selected).catch(() => undefined)}
              >
                <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                  {t('actions.deleteSelected')}
                </Button>
              </Popconfirm>
            </Permission>
          </Flex>
        </Flex>
        <PagedTable
          columns={columns}
          list={list}
          paging={paging}
          onPaging={(next) => changeView({ paging: next })}
          rowSelection={
            canDelete
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                }
              : undefined
          }
        />
      </Flex>
    </Card>
  );
}
