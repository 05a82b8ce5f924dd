import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import type { DescriptionsProps, TimelineProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@dealer-hr/shared/time';
import { prohibitedDetailQuery, type ProhibitedDetail, type ProhibitedEvent } from './api';
import { StatusTag, actionColors } from './labels';
import { RecordDescriptions } from '../../components/record-descriptions';

/** The history's field names (the server's `change` keys) to the labels of the form. */
const changedFieldLabels: Record<string, string> = {
  name: 'fields.name',
  phone: 'fields.phone',
  disable_reason: 'fields.disableReason',
};

interface DetailDrawerProps {
  /** The entry to show; null when closed. */
  id: number | null;
  onClose(): void;
}

/** One entry: its fields and its history (added, changed, dismissal asked, refused, done). */
export function DetailDrawer({ id, onClose }: DetailDrawerProps) {
  const { t } = useTranslation('prohibited');
  const detail = useQuery({ ...prohibitedDetailQuery(id ?? 0), enabled: id !== null });
  const entry = id !== null ? detail.data : undefined;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('detail.title')}
      placement="right"
      size="min(640px, 100vw)"
      destroyOnHidden
    >
      {!entry ? (
        // A missing entry (an old link) has been reported by the API client.
        detail.isError ? (
          <Empty />
        ) : (
          <Skeleton active />
        )
      ) : (
        <DetailBody entry={entry} />
      )}
    </Drawer>
  );
}

function DetailBody({ entry }: { entry: ProhibitedDetail }) {
  const { t } = useTranslation('prohibited');

  const items: DescriptionsProps['items'] = [
    { key: 'name', label: t('fields.name'), children: entry.name },
    { key: 'idNumber', label: t('fields.idNumber'), children: entry.id_number },
    { key: 'phone', label: t('fields.phone'), children: entry.phone ?? '-' },
    { key: 'source', label: t('fields.source'), children: t(`sources.${entry.source}`) },
    { key: 'status', label: t('fields.status'), children: <StatusTag status={entry.status} /> },
    { key: 'createdBy', label: t('fields.createdBy'), children: entry.created_by ?? '-' },
    { key: 'createdAt', label: t('fields.createdAt'), children: parseTime(entry.created_at) },
    { key: 'dismissedAt', label: t('fields.dismissedAt'), children: parseTime(entry.dismissed_at) ?? '-' },
    {
      key: 'disableReason',
      label: t('fields.disableReason'),
      children: entry.disable_reason,
      span: 'filled',
    },
    {
      key: 'enableReason',
      label: t('fields.enableReason'),
      children: entry.enable_reason ?? '-',
      span: 'filled',
    },
  ];

  const history: TimelineProps['items'] = entry.history.map((event) => ({
    key: event.id,
    color: actionColors[event.action],
    content: <HistoryLine event={event} />,
  }));

  return (
    <Flex vertical gap={20}>
      <RecordDescriptions items={items} />
      <section>
        <Typography.Title level={5}>{t('detail.history')}</Typography.Title>
        <Timeline items={history} />
      </section>
    </Flex>
  );
}

/** Who did what and when; the reason given, or for a change each field's value before and after. */
function HistoryLine({ event }: { event: ProhibitedEvent }) {
  const { t } = useTranslation('prohibited');
  const value = (field: unknown) =>
    field === null || field === undefined || field === '' ? '-' : String(field);
  return (
    <Flex vertical gap={2}>
      <span>
        {/* The approval engine settles a dismissal by itself: no person did it. */}
        <Typography.Text strong>{event.actor ?? t('detail.system')} </Typography.Text>
        {t(`history.${event.action}`)}
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {parseTime(event.created_at)}
      </Typography.Text>
      {event.reason && <Typography.Text>{event.reason}</Typography.Text>}
      {event.changes &&
        Object.keys(event.changes.after).map((field) => (
          <Typography.Text key={field}>
            {t('detail.changed', {
              field: changedFieldLabels[field] ? t(changedFieldLabels[field]) : field,
              before: value(event.changes!.before[field]),
              after: value(event.changes!.after[field]),
            })}
          </Typography.Text>
        ))}
    </Flex>
  );
}
