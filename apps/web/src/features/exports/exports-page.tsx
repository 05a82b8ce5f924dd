import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Progress, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportStatus } from '@dealer-hr/shared/exports/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { DEFAULT_PAGE_SIZE } from '@dealer-hr/shared/constants';
import { useListColumns } from '../../components/list-columns';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable, type Paging } from '../../components/paged-table';
import { Permission } from '../../components/permission';
import { downloadExport, EXPORTS_KEY, isActive } from '../../lib/exports';
import { useIdParam } from '../../lib/use-id-param';
import { cancelExport, exportListQuery, removeExport, type ExportJob } from './api';

const statusColors: Record<ExportStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
  expired: 'default',
};

/** Bytes as people read them: 12.3 KB, 4.5 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Finished and still kept: its file can be downloaded. */
const downloadable = (job: ExportJob) =>
  job.status === 'succeeded' && (!job.expires_at || Date.parse(job.expires_at) > Date.now());

function ExportProgress({ job }: { job: ExportJob }) {
  const { t } = useTranslation('exports');
  if (!isActive(job)) return <Tag color={statusColors[job.status]}>{t(`status.${job.status}`)}</Tag>;
  const percent = job.total ? Math.min(99, Math.floor((job.done / job.total) * 100)) : 0;
  return (
    <Space direction="vertical" size={0} style={{ width: '100%' }}>
      <Tag color={statusColors[job.status]}>{t(`status.${job.status}`)}</Tag>
      {job.status === 'running' && (
        <Progress
          percent={percent}
          size="small"
          status="active"
          aria-label={t('progress', { done: job.done, total: job.total ?? '?' })}
          format={() => `${job.done}/${job.total ?? '?'}`}
        />
      )}
    </Space>
  );
}

/**
 * `/system/exports`: the exports I started, with their progress while they run, and their files while they
 * are kept. A message about a finished export links here with `?id=`, which is marked.
 */
export function ExportsPage() {
  const { t } = useTranslation(['exports', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const list = useQuery(exportListQuery(paging));
  const [markedId] = useIdParam('id');
  const refresh = () => queryClient.invalidateQueries({ queryKey: [EXPORTS_KEY] });

  const fileNameOf = (job: ExportJob) => t(`common:exportFiles.${job.kind}`);
  const download = useMutation({ mutationFn: (job: ExportJob) => downloadExport(job.id, fileNameOf(job)) });
  const cancel = useMutation({
    mutationFn: cancelExport,
    onSuccess: () => {
      void message.success(t('cancelled'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: removeExport,
    onSuccess: () => {
      void message.success(t('removed'));
      void refresh();
    },
  });

  const columns = useListColumns<ExportJob>('exports', [
    {
      title: t('fields.file'),
      key: 'file',
      width: 150,
      card: 'title',
      render: (_value, job) => (job.id === markedId ? <strong>{fileNameOf(job)}</strong> : fileNameOf(job)),
    },
    {
      title: t('fields.status'),
      key: 'status',
      width: 170,
      card: 'field',
      render: (_value, job) => <ExportProgress job={job} />,
    },
    {
      title: t('fields.rows'),
      key: 'rows',
      dataIndex: 'rows',
      width: 80,
      card: 'field',
      render: (rows: number | null) => rows ?? '-',
    },
    {
      title: t('fields.size'),
      key: 'size',
      dataIndex: 'size',
      width: 90,
      choice: 'default',
      render: (size: number | null) => (size === null ? '-' : fileSize(size)),
    },
    {
      title: t('fields.createdAt'),
      key: 'createdAt',
      dataIndex: 'created_at',
      width: 160,
      card: 'field',
      render: (time: string) => parseTime(time),
    },
    {
      title: t('fields.expiresAt'),
      key: 'expiresAt',
      dataIndex: 'expires_at',
      width: 160,
      choice: 'default',
      render: (time: string | null, job) => (job.status === 'succeeded' && time ? parseTime(time) : '-'),
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 150,
      card: 'actions',
      render: (_value, job) => (
        <Space size={0} wrap>
          {downloadable(job) && (
            <Permission name="system:exports:download">
              <Button
                type="link"
                size="small"
                loading={download.isPending && download.variables?.id === job.id}
                onClick={() => download.mutate(job)}
              >
                {t('actions.download')}
              </Button>
            </Permission>
          )}
          {isActive(job) && (
            <Permission name="system:exports:cancel">
              <Button type="link" size="small" onClick={() => cancel.mutate(job.id)}>
                {t('actions.cancel')}
              </Button>
            </Permission>
          )}
          {!isActive(job) && (
            <Permission name="system:exports:delete">
              <Popconfirm
                title={t('confirmRemove')}
                okText={t('actions.remove')}
                cancelText={t('actions.keep')}
                onConfirm={() => remove.mutate(job.id)}
              >
                <Button type="link" size="small" danger>
                  {t('actions.remove')}
                </Button>
              </Popconfirm>
            </Permission>
          )}
        </Space>
      ),
    },
  ]);

  return (
    <Card
      title={t('title')}
      extra={
        <ListToolbar>
          {columns.setting}
          <Button onClick={() => void refresh()}>{t('actions.refresh')}</Button>
        </ListToolbar>
      }
    >
      <PagedTable
        columns={columns}
        list={list}
        paging={paging}
        onPaging={setPaging}
        rowClassName={(job) => (job.id === markedId ? 'ant-table-row-selected' : '')}
      />
    </Card>
  );
}
