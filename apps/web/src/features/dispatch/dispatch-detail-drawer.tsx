import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Drawer, Empty, Flex, Form, Input, Skeleton } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISPATCH_CANCEL_REASON_MAX,
  DISPATCH_REASON_MAX,
  dispatchLabels,
} from '@dealer-hr/shared/dispatch/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { FormDialog } from '../../components/form-dialog';
import { usePermission } from '../../components/permission';
import { placeText } from '../../components/place';
import { ApprovalLinks } from '../../components/approval-links';
import { CancelWithReason } from '../../components/cancel-with-reason';
import { RecordDescriptions } from '../../components/record-descriptions';
import type { TrailDrawer } from '../../components/trail-drawer';
import { DAY_FORMAT } from '../../lib/day-range';
import { requiredRules, selectRules } from '../../lib/form-rules';
import { useSaveMutation } from '../../lib/use-save-mutation';
import {
  DISPATCH_KEY,
  cancelDispatch,
  dispatchDetailQuery,
  extendDispatch,
  returnEarly,
  type DispatchDetail,
} from './api';
import { DispatchStatusTag } from './labels';

interface DispatchDetailDrawerProps {
  /** The dispatch to show; null when closed. */
  id: number | null;
  onClose(): void;
  /** 修改 a returned dispatch (the page's form). */
  onEdit(dispatch: DispatchDetail): void;
  /** The approval's trail (the approvals feature's drawer, composed in by the app). */
  Trail?: TrailDrawer;
}

/**
 * One dispatch: who goes from where to where, for which days; its state, the approval's trail, and what the
 * caller may do now (decide in the approval centre, change, cancel, bring back early, extend). Full width on
 * a phone.
 */
export function DispatchDetailDrawer({ id, onClose, onEdit, Trail }: DispatchDetailDrawerProps) {
  const { t } = useTranslation('dispatch');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const may = usePermission();
  const detail = useQuery({ ...dispatchDetailQuery(id ?? 0), enabled: id !== null });
  const dispatch = id !== null ? detail.data : undefined;
  const [dialog, setDialog] = useState<'return' | 'extend' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [DISPATCH_KEY] });
  const cancel = useMutation({
    mutationFn: (body: { id: number; reason: string | undefined }) => cancelDispatch(body),
    onSuccess: async () => {
      void message.success(t('messages.cancelled'));
      await refresh();
    },
  });

  const footer = dispatch && (
    <Flex justify="end" wrap gap={8}>
      <ApprovalLinks
        approval={dispatch.approval}
        Trail={Trail}
        trailLabel={t('actions.trail')}
        decideLabel={t('actions.decide')}
      />
      {dispatch.actions.cancel && may('staff:dispatch:cancel') && (
        <CancelWithReason
          title={t('cancel.title')}
          reasonLabel={t('cancel.reason')}
          action={t('actions.cancel')}
          keep={t('actions.keep')}
          maxLength={DISPATCH_CANCEL_REASON_MAX}
          onConfirm={(reason) => cancel.mutateAsync({ id: dispatch.id, reason })}
        />
      )}
      {dispatch.actions.edit && may('staff:dispatch:update') && (
        <Button onClick={() => onEdit(dispatch)}>{t('actions.edit')}</Button>
      )}
      {dispatch.actions.return_early && may('staff:dispatch:update') && (
        <Button onClick={() => setDialog('return')}>{t('actions.returnEarly')}</Button>
      )}
      {dispatch.actions.extend && may('staff:dispatch:update') && (
        <Button onClick={() => setDialog('extend')}>{t('actions.extend')}</Button>
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
      {!dispatch ? (
        detail.isError ? (
          <Empty description={t('detail.notFound')} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <DetailBody dispatch={dispatch} />
      )}
      {dispatch && (
        <PeriodDialog kind={dialog} dispatch={dispatch} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
    </Drawer>
  );
}

/** Named as the server names them, so that its field errors land on them. */
interface PeriodValues {
  last_day?: Dayjs;
  end_date?: Dayjs;
  reason?: string;
}

/** 提前返回 (the last day away) or 申请延长 (a later end, and why; approved again). */
function PeriodDialog({
  kind,
  dispatch,
  onClose,
  onSaved,
}: {
  kind: 'return' | 'extend' | null;
  dispatch: DispatchDetail;
  onClose(): void;
  onSaved(): Promise<unknown>;
}) {
  const { t } = useTranslation('dispatch');
  const [form] = Form.useForm<PeriodValues>();
  const save = useSaveMutation({
    form,
    save: ({ last_day, end_date, reason = '' }: PeriodValues) =>
      kind === 'extend'
        ? extendDispatch({ id: dispatch.id, end_date: end_date!.format(DAY_FORMAT), reason })
        : returnEarly({ id: dispatch.id, last_day: last_day!.format(DAY_FORMAT) }),
    successMessage: t(kind === 'extend' ? 'messages.extensionFiled' : 'messages.returned'),
    onClose,
    onSaved,
  });
  return (
    <FormDialog
      open={kind !== null}
      title={t(kind === 'extend' ? 'period.extendTitle' : 'period.returnTitle')}
      form={form}
      name="dispatch-period"
      width={480}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item
        name={kind === 'extend' ? 'end_date' : 'last_day'}
        label={t(kind === 'extend' ? 'fields.extendTo' : 'fields.lastDay')}
        rules={selectRules(
          kind === 'extend' ? dispatchLabels.extendTo : dispatchLabels.lastDay,
          t('period.dayRequired'),
        )}
        extra={t(kind === 'extend' ? 'period.extendHint' : 'period.returnHint', { end: dispatch.end_date })}
      >
        <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      {kind === 'extend' && (
        <Form.Item
          name="reason"
          label={t('fields.extendReason')}
          rules={requiredRules(dispatchLabels.extendReason, t('period.reasonRequired'))}
        >
          <Input.TextArea rows={3} maxLength={DISPATCH_REASON_MAX} showCount />
        </Form.Item>
      )}
    </FormDialog>
  );
}

function DetailBody({ dispatch }: { dispatch: DispatchDetail }) {
  const { t } = useTranslation('dispatch');
  const optional = (key: string, label: string, value: string | null, span?: 'filled') =>
    value ? [{ key, label, children: value, ...(span ? { span } : {}) }] : [];
  const items: DescriptionsProps['items'] = [
    {
      key: 'employee',
      label: t('fields.employee'),
      children: `${dispatch.employee_name}（${dispatch.employee_no}）`,
    },
    { key: 'status', label: t('fields.status'), children: <DispatchStatusTag status={dispatch.status} /> },
    { key: 'home', label: t('fields.home'), children: placeText(dispatch.home), span: 'filled' },
    { key: 'host', label: t('fields.host'), children: placeText(dispatch.host), span: 'filled' },
    {
      key: 'period',
      label: t('fields.period'),
      children: `${dispatch.start_date} ~ ${dispatch.end_date}（${t('list.days', { count: dispatch.days })}）`,
    },
    ...optional('extension', t('fields.extensionEndDate'), dispatch.extension_end_date),
    ...optional('extensionReason', t('fields.extendReason'), dispatch.extension_reason, 'filled'),
    { key: 'createdBy', label: t('fields.createdBy'), children: dispatch.created_by ?? '-' },
    { key: 'createdAt', label: t('fields.createdAt'), children: parseTime(dispatch.created_at) ?? '-' },
    ...optional('startedAt', t('fields.startedAt'), parseTime(dispatch.started_at)),
    ...optional('endedAt', t('fields.endedAt'), parseTime(dispatch.ended_at)),
    { key: 'reason', label: t('fields.reason'), children: dispatch.reason, span: 'filled' },
    ...optional('allowance', t('fields.allowanceNote'), dispatch.allowance_note, 'filled'),
    ...optional('return', t('fields.returnComment'), dispatch.return_comment, 'filled'),
    ...optional('cancel', t('fields.cancelReason'), dispatch.cancel_reason, 'filled'),
  ];
  return <RecordDescriptions column={{ xs: 1, sm: 2 }} items={items} />;
}
