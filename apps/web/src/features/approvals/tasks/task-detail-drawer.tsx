import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, Skeleton, Steps, Tag, Timeline, Typography } from 'antd';
import type { DescriptionsProps, StepsProps, TimelineProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@dealer-hr/shared/time';
import { dictionaryName, useDictionary } from '../../../components/dictionary-select';
import { MESSAGES_KEY } from '../../../lib/unread-messages';
import { useBusinessTypes } from '../business-types';
import type { ApprovalFact } from '@dealer-hr/shared/approvals/contract';
import { APPROVALS_KEY, taskDetailQuery, type InstanceDetail } from './api';
import { DecisionDialog, type Decision } from './decision-dialog';
import {
  StatusTag,
  TaskStatusTag,
  actionColors,
  commentText,
  factLabel,
  factText,
  formFieldLabel,
  formValueText,
  operatorSymbols,
} from './labels';
import { useApprovalGrants } from './use-granted';
import { RecordDescriptions } from '../../../components/record-descriptions';

type Node = InstanceDetail['nodes'][number];
type StepStatus = NonNullable<NonNullable<StepsProps['items']>[number]['status']>;

/** How far a node got: rejected, waiting now, passed (one approval for `any`, every one for `all`), or not yet. */
function nodeStatus(node: Node, index: number, detail: InstanceDetail): StepStatus {
  if (node.tasks.some((task) => task.status === 'rejected')) return 'error';
  if (index === detail.current_node) return 'process';
  const passed =
    node.mode === 'all'
      ? node.tasks.length > 0 && node.tasks.every((task) => task.status === 'approved')
      : node.tasks.some((task) => task.status === 'approved');
  return passed ? 'finish' : 'wait';
}

interface TaskDetailDrawerProps {
  /** The instance to show; null when closed. */
  id: number | null;
  onClose(): void;
}

/**
 * One approval: the record, its nodes with every approver's task, the timeline, and the decisions the
 * caller may take now (`actions`). Full width on a phone.
 */
export function TaskDetailDrawer({ id, onClose }: TaskDetailDrawerProps) {
  const { t } = useTranslation('approvals', { keyPrefix: 'tasks' });
  const queryClient = useQueryClient();
  const grants = useApprovalGrants();
  const detail = useQuery({ ...taskDetailQuery(id ?? 0), enabled: id !== null });
  const record = id !== null ? detail.data : undefined;
  const [decision, setDecision] = useState<Decision | null>(null);

  // A decision changes the lists, the counts, this detail and the messages (the badge) at once.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [APPROVALS_KEY] }),
      queryClient.invalidateQueries({ queryKey: [MESSAGES_KEY] }),
    ]);

  const taskId = record?.actions.task_id ?? null;
  const canApprove = taskId !== null && grants('approval:todo:approve');
  const canReject = taskId !== null && grants('approval:todo:reject');
  const canWithdraw = Boolean(record?.actions.can_withdraw) && grants('approval:mine:withdraw');
  const footer =
    record && (canApprove || canReject || canWithdraw) ? (
      <Flex justify="end" wrap gap={8}>
        {canWithdraw && (
          <Button onClick={() => setDecision({ kind: 'withdraw', id: record.id })}>
            {t('actions.withdraw')}
          </Button>
        )}
        {canReject && (
          <Button danger onClick={() => setDecision({ kind: 'reject', id: taskId })}>
            {t('actions.reject')}
          </Button>
        )}
        {canApprove && (
          <Button type="primary" onClick={() => setDecision({ kind: 'approve', id: taskId })}>
            {t('actions.approve')}
          </Button>
        )}
      </Flex>
    ) : null;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('detail.title')}
      placement="right"
      size="min(760px, 100vw)"
      footer={footer}
      destroyOnHidden
    >
      {!record ? (
        detail.isError ? (
          <Empty description={t('detail.notFound')} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <DetailBody record={record} />
      )}
      <DecisionDialog
        decision={decision}
        onClose={() => setDecision(null)}
        onSettled={async (succeeded) => {
          // The work is done: back to the list. A refused decision keeps the refreshed detail open.
          if (succeeded) onClose();
          await refresh();
        }}
      />
    </Drawer>
  );
}

function DetailBody({ record }: { record: InstanceDetail }) {
  const { t, i18n } = useTranslation('approvals', { keyPrefix: 'tasks' });
  const businessTypes = useBusinessTypes();
  const language = i18n.resolvedLanguage;
  // Dictionary items among the facts are named in the reader's language.
  const dictionary = useDictionary(
    record.facts.flatMap((fact) =>
      fact.kind === 'dictionary' && fact.type_id !== null ? [fact.type_id] : [],
    ),
  );
  const itemName = (fact: ApprovalFact) =>
    fact.type_id === null ? null : (dictionaryName(dictionary[fact.type_id], fact.value) ?? null);

  const items: DescriptionsProps['items'] = [
    { key: 'title', label: t('columns.title'), children: record.title, span: 'filled' },
    {
      key: 'type',
      label: t('columns.businessType'),
      children: businessTypes.label(record.business_type),
    },
    { key: 'status', label: t('columns.status'), children: <StatusTag status={record.status} /> },
    { key: 'applicant', label: t('columns.applicant'), children: record.applicant.name },
    { key: 'department', label: t('columns.department'), children: record.department.name },
    { key: 'submitted', label: t('columns.submittedAt'), children: parseTime(record.created_at) },
    { key: 'finished', label: t('columns.finishedAt'), children: parseTime(record.finished_at) ?? '-' },
    // A business that describes its record says all the approver needs; its form is for node conditions.
    ...(record.facts.length > 0
      ? []
      : Object.entries(record.form).map(([field, value]) => ({
          key: `form.${field}`,
          label: formFieldLabel(t, field),
          children: formValueText(value, language),
        }))),
  ];
  const facts: DescriptionsProps['items'] = record.facts.map((fact) => ({
    key: fact.key,
    label: factLabel(t, fact),
    children: factText(t, language, fact, itemName),
    // Reasons are sentences: a row of their own.
    span: fact.key.endsWith('reason') ? 'filled' : 1,
  }));

  const skipped = new Map(
    record.timeline
      .filter((event) => event.action === 'skip' && event.node_index !== null)
      .map((event) => [event.node_index!, event.comment] as const),
  );
  const steps: StepsProps['items'] = record.nodes.map((node, index) => {
    const skip = skipped.get(index);
    return {
      key: index,
      title: node.name,
      subTitle: t(`detail.modes.${node.mode}`),
      status: nodeStatus(node, index, record),
      content: (
        <Flex vertical gap={4} style={{ paddingBottom: 8 }}>
          {node.condition && (
            <Typography.Text type="secondary">
              {t('detail.condition', {
                field: formFieldLabel(t, node.condition.field),
                op: operatorSymbols[node.condition.op],
                value: node.condition.value,
              })}
            </Typography.Text>
          )}
          {skip !== undefined && (
            <span>
              <Tag>{t('detail.skipped')}</Tag>
              {skip && <Typography.Text type="secondary">{commentText(t, language, skip)}</Typography.Text>}
            </span>
          )}
          {node.tasks.map((task) => (
            <Flex key={task.id} wrap gap={6} align="baseline" data-testid={`task-${task.id}`}>
              <Typography.Text strong>{task.approver.name}</Typography.Text>
              <TaskStatusTag status={task.status} />
              {task.decided_at && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {parseTime(task.decided_at)}
                </Typography.Text>
              )}
              {task.comment && (
                <Typography.Text style={{ flexBasis: '100%' }}>“{task.comment}”</Typography.Text>
              )}
            </Flex>
          ))}
        </Flex>
      ),
    };
  });

  const timeline: TimelineProps['items'] = record.timeline.map((event) => {
    // The engine skips nodes and completes approvals by itself: a skip names the system, a completion nobody.
    const who = event.actor?.name ?? (event.action === 'skip' ? t('detail.system') : null);
    return {
      key: event.id,
      color: actionColors[event.action],
      content: (
        <Flex vertical gap={2}>
          <span>
            {who && <Typography.Text strong>{who} </Typography.Text>}
            {t(`timeline.${event.action}`)}
            {event.node_name && <Typography.Text type="secondary"> · {event.node_name}</Typography.Text>}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {parseTime(event.created_at)}
          </Typography.Text>
          {event.comment && <Typography.Text>{commentText(t, language, event.comment)}</Typography.Text>}
        </Flex>
      ),
    };
  });

  return (
    <Flex vertical gap={20}>
      <DetailSection title={t('detail.record')} items={items} />
      {facts.length > 0 && <DetailSection title={t('detail.facts')} items={facts} />}
      <section>
        <Typography.Title level={5}>{t('detail.nodes')}</Typography.Title>
        <Steps orientation="vertical" size="small" items={steps} />
      </section>
      <section>
        <Typography.Title level={5}>{t('detail.timeline')}</Typography.Title>
        <Timeline items={timeline} />
      </section>
    </Flex>
  );
}

/** A titled block of labelled values, as the approver reads the approval and the record it decides on. */
function DetailSection({ title, items }: { title: string; items: DescriptionsProps['items'] }) {
  return (
    <section>
      <Typography.Title level={5}>{title}</Typography.Title>
      <RecordDescriptions items={items} />
    </section>
  );
}
