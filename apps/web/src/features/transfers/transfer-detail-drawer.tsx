import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Flex, Skeleton } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@dealer-hr/shared/time';
import { FilePreview } from '../../components/file-preview';
import { usePermission } from '../../components/permission';
import { CancelWithReason } from '../../components/cancel-with-reason';
import { RecordDescriptions } from '../../components/record-descriptions';
import type { TrailDrawer } from '../../components/trail-drawer';
import {
  TRANSFERS_KEY,
  cancelTransfer,
  transferDetailQuery,
  type DecisionKind,
  type TransferDetail,
} from './api';
import { TransferDecisionDialog } from './decision-dialog';
import { placeText } from '../../components/place';
import { TransferStatusTag } from './labels';

interface TransferDetailDrawerProps {
  /** The transfer to show; null when closed. */
  id: number | null;
  onClose(): void;
  /** 修改 a returned transfer (the list page's form). */
  onEdit?(transfer: TransferDetail): void;
  /** The approval page: the caller's decision on their open task. */
  deciding?: boolean;
  /** The approval's trail (the approvals feature's drawer, composed in by the app). */
  Trail?: TrailDrawer;
}

/**
 * One transfer: who moves from where to where, as what and from which day; its state, the approval's trail
 * (the approvals' own drawer) and what the caller may do now. Full width on a phone.
 */
export function TransferDetailDrawer({
  id,
  onClose,
  onEdit,
  deciding = false,
  Trail,
}: TransferDetailDrawerProps) {
  const { t } = useTranslation('transfers');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const may = usePermission();
  const detail = useQuery({ ...transferDetailQuery(id ?? 0), enabled: id !== null });
  const transfer = id !== null ? detail.data : undefined;
  const [trail, setTrail] = useState<number | null>(null);
  const [decision, setDecision] = useState<{ kind: DecisionKind; id: number } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [TRANSFERS_KEY] });

  const taskId = transfer?.approval?.task_id ?? null;
  const footer = transfer && (
    <Flex justify="end" wrap gap={8}>
      {transfer.approval && Trail && (
        <Button onClick={() => setTrail(transfer.approval!.instance_id)}>{t('actions.trail')}</Button>
      )}
      {!deciding && transfer.actions.cancel && may('staff:transfer:cancel') && (
        <CancelWithReason
          title={t('cancel.title')}
          reasonLabel={t('cancel.reason')}
          action={t('actions.cancel')}
          keep={t('actions.keep')}
          maxLength={200}
          onConfirm={async (reason) => {
            await cancelTransfer({ id: transfer.id, reason });
            void message.success(t('messages.cancelled'));
            await refresh();
          }}
        />
      )}
      {!deciding && transfer.actions.edit && onEdit && may('staff:transfer:update') && (
        <Button onClick={() => onEdit(transfer)}>{t('actions.edit')}</Button>
      )}
      {deciding && taskId !== null && may('processapproval:posttransfer:reject') && (
        <Button danger onClick={() => setDecision({ kind: 'reject', id: transfer.id })}>
          {t('actions.reject')}
        </Button>
      )}
      {deciding && taskId !== null && may('processapproval:posttransfer:approve') && (
        <Button type="primary" onClick={() => setDecision({ kind: 'approve', id: transfer.id })}>
          {t('actions.approve')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('detail.title')}
      placement="right"
      size="min(720px, 100vw)"
      footer={footer}
      destroyOnHidden
    >
      {!transfer ? (
        detail.isError ? (
          <Empty description={t('detail.notFound')} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <DetailBody transfer={transfer} />
      )}
      {Trail && <Trail id={trail} onClose={() => setTrail(null)} />}
      <TransferDecisionDialog
        decision={decision}
        onClose={() => setDecision(null)}
        onSettled={async () => {
          await refresh();
          onClose();
        }}
      />
    </Drawer>
  );
}

function DetailBody({ transfer }: { transfer: TransferDetail }) {
  const { t } = useTranslation('transfers');
  const items: DescriptionsProps['items'] = [
    {
      key: 'employee',
      label: t('fields.employee'),
      children: `${transfer.employee_name}（${transfer.employee_no}）`,
    },
    { key: 'status', label: t('fields.status'), children: <TransferStatusTag status={transfer.status} /> },
    {
      key: 'from',
      label: t('fields.from'),
      children: `${placeText(transfer.from)}${transfer.from.is_main ? '' : `（${t('form.partTime')}）`}`,
      span: 'filled',
    },
    { key: 'to', label: t('fields.to'), children: placeText(transfer.to), span: 'filled' },
    { key: 'type', label: t('fields.type'), children: transfer.type_name },
    { key: 'effectiveDate', label: t('fields.effectiveDate'), children: transfer.effective_date },
    {
      key: 'keepPartTime',
      label: t('fields.keepPartTime'),
      children: t(transfer.keep_part_time ? 'yes' : 'no'),
    },
    { key: 'createdBy', label: t('fields.createdBy'), children: transfer.created_by ?? '-' },
    { key: 'createdAt', label: t('fields.createdAt'), children: parseTime(transfer.created_at) ?? '-' },
    ...(transfer.applied_at
      ? [{ key: 'appliedAt', label: t('fields.appliedAt'), children: parseTime(transfer.applied_at) }]
      : []),
    { key: 'reason', label: t('fields.reason'), children: transfer.reason, span: 'filled' as const },
    ...(transfer.attachments.length > 0
      ? [
          {
            key: 'attachments',
            label: t('fields.attachments'),
            span: 'filled' as const,
            children: (
              <Flex gap={12} wrap>
                {transfer.attachments.map((file) => (
                  <FilePreview key={file.id} file={file} />
                ))}
              </Flex>
            ),
          },
        ]
      : []),
    ...(transfer.return_comment
      ? [
          {
            key: 'return',
            label: t('fields.returnComment'),
            children: transfer.return_comment,
            span: 'filled' as const,
          },
        ]
      : []),
    ...(transfer.cancel_reason
      ? [
          {
            key: 'cancel',
            label: t('fields.cancelReason'),
            children: transfer.cancel_reason,
            span: 'filled' as const,
          },
        ]
      : []),
  ];
  return <RecordDescriptions column={{ xs: 1, sm: 2 }} items={items} />;
}
