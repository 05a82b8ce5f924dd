import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@dealer-hr/shared/time';
import { auditDetailQuery } from './api';
import { auditDiff, formatValue, type DiffRow } from './audit-diff';
import { actionLabel, entityLabel, fieldLabel, userLabel } from './audit-labels';
import styles from './audit.module.css';
import { RecordDescriptions } from '../../components/record-descriptions';

interface AuditDetailDrawerProps {
  /** The row to show; null when closed. */
  id: number | null;
  onClose(): void;
}

function Value({ value, tone }: { value: unknown; tone?: 'before' | 'after' }) {
  if (value === undefined) return null;
  const className = [styles.value, tone ? styles[tone] : ''].join(' ');
  return <pre className={className}>{formatValue(value)}</pre>;
}

/** One audit row: who, what, when and from where, and the recorded values field by field. */
export function AuditDetailDrawer({ id, onClose }: AuditDetailDrawerProps) {
  const { t } = useTranslation('audit');
  const detail = useQuery({ ...auditDetailQuery(id ?? 0), enabled: id !== null });
  const row = id !== null ? detail.data : undefined;
  const diff = row ? auditDiff(row.before, row.after) : null;

  const field = {
    title: t('diff.field'),
    dataIndex: 'field',
    width: 130,
    render: (name: string) => <Typography.Text title={name}>{fieldLabel(t, name)}</Typography.Text>,
  };
  const columns: TableColumnsType<DiffRow> =
    diff?.kind === 'change'
      ? [
          field,
          {
            title: t('diff.before'),
            key: 'before',
            render: (_v, entry) => <Value value={entry.before} tone="before" />,
          },
          {
            title: t('diff.after'),
            key: 'after',
            render: (_v, entry) => <Value value={entry.after} tone="after" />,
          },
        ]
      : [
          field,
          {
            title: t('diff.value'),
            key: 'value',
            render: (_v, entry) => <Value value={diff?.kind === 'created' ? entry.after : entry.before} />,
          },
        ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('detail.title')}
      placement="right"
      size="min(720px, 100vw)"
      destroyOnHidden
    >
      {!row ? (
        detail.isError ? (
          <Empty />
        ) : (
          <Skeleton active />
        )
      ) : (
        <>
          <RecordDescriptions
            items={[
              { key: 'time', label: t('columns.time'), children: parseTime(row.created_at) },
              { key: 'user', label: t('columns.user'), children: userLabel(t, row.user) },
              {
                key: 'action',
                label: t('columns.action'),
                children: <Tag>{actionLabel(t, row.action)}</Tag>,
              },
              { key: 'entity', label: t('columns.entity'), children: entityLabel(t, row.entity) },
              { key: 'entityId', label: t('columns.entityId'), children: row.entity_id ?? '-' },
              { key: 'ip', label: t('columns.ip'), children: row.ip ?? '-' },
              {
                key: 'request',
                label: t('detail.requestId'),
                children: row.request_id ?? '-',
                span: 'filled',
              },
            ]}
          />
          {diff!.kind === 'empty' ? (
            // Reveals and exports record who and when; there are no values to show.
            <Typography.Paragraph type="secondary" style={{ marginTop: 20 }}>
              {t('diff.emptyNote')}
            </Typography.Paragraph>
          ) : (
            <>
              <Typography.Title level={5} style={{ marginTop: 20 }}>
                {t(`diff.${diff!.kind}`)}
              </Typography.Title>
              <Table
                rowKey="field"
                size="small"
                columns={columns}
                dataSource={diff!.rows}
                pagination={false}
                scroll={{ x: diff!.kind === 'change' ? 360 : 300 }}
                aria-label={t(`diff.${diff!.kind}`)}
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
