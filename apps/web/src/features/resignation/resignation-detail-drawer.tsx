import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Drawer, Empty, Flex, Form, Input, Skeleton } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RESIGNATION_CANCEL_REASON_MAX,
  RESIGNATION_PROHIBITED_REASON_MAX,
  resignationLabels,
} from '@dealer-hr/shared/resignation/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { FormDialog } from '../../components/form-dialog';
import { usePermission } from '../../components/permission';
import { ApprovalLinks } from '../../components/approval-links';
import { CancelWithReason } from '../../components/cancel-with-reason';
import { RecordDescriptions } from '../../components/record-descriptions';
import type { TrailDrawer } from '../../components/trail-drawer';
import { requiredRules } from '../../lib/form-rules';
import { useSaveMutation } from '../../lib/use-save-mutation';
import {
  RESIGNATION_KEY,
  cancelResignation,
  goResignation,
  resignationDetailQuery,
  type ResignationDetail,
} from './api';
import { ResignationStatusTag } from './labels';

interface ResignationDetailDrawerProps {
  /** The resignation to show; null when closed. */
  id: number | null;
  onClose(): void;
  /** 修改 a returned resignation (the page's form). */
  onEdit(resignation: ResignationDetail): void;
  /** The approval's trail (the approvals feature's drawer, composed in by the app). */
  Trail?: TrailDrawer;
}

/**
 * One resignation: who leaves, why, where to and when; its state, the approval's trail, and what the caller
 * may do now (decide in the approval centre, change, cancel, 办理离职). Full width on a phone.
 */
export function ResignationDetailDrawer({ id, onClose, onEdit, Trail }: ResignationDetailDrawerProps) {
  const { t } = useTranslation('resignation');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const may = usePermission();
  const detail = useQuery({ ...resignationDetailQuery(id ?? 0), enabled: id !== null });
  const resignation = id !== null ? detail.data : undefined;
  const [going, setGoing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [RESIGNATION_KEY] });
  const cancel = useMutation({
    mutationFn: (body: { id: number; reason: string | undefined }) => cancelResignation(body),
    onSuccess: async () => {
      void message.success(t('messages.cancelled'));
      await refresh();
    },
  });

  const footer = resignation && (
    <Flex justify="end" wrap gap={8}>
      <ApprovalLinks
        approval={resignation.approval}
        Trail={Trail}
        trailLabel={t('actions.trail')}
        decideLabel={t('actions.decide')}
      />
      {resignation.actions.cancel && may('staff:resignation:cancel') && (
        <CancelWithReason
          title={t('cancel.title')}
          reasonLabel={t('cancel.reason')}
          action={t('actions.cancel')}
          keep={t('actions.keep')}
          maxLength={RESIGNATION_CANCEL_REASON_MAX}
          onConfirm={(reason) => cancel.mutateAsync({ id: resignation.id, reason })}
        />
      )}
      {resignation.actions.edit && may('staff:resignation:update') && (
        <Button onClick={() => onEdit(resignation)}>{t('actions.edit')}</Button>
      )}
      {resignation.actions.go && may('staff:resignation:go') && (
        <Button type="primary" danger onClick={() => setGoing(true)}>
          {t('actions.go')}
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
      {!resignation ? (
        detail.isError ? (
          <Empty description={t('detail.notFound')} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <DetailBody resignation={resignation} />
      )}
      {resignation && (
        <GoDialog
          open={going}
          resignation={resignation}
          mayProhibit={may('staff:resignation:prohibit')}
          onClose={() => setGoing(false)}
          onSaved={refresh}
        />
      )}
    </Drawer>
  );
}

interface GoValues {
  add_prohibited?: boolean;
  prohibited_reason?: string;
}

/** 办理离职: confirms the day the person leaves on, and may put them on the prohibited list. */
function GoDialog({
  open,
  resignation,
  mayProhibit,
  onClose,
  onSaved,
}: {
  open: boolean;
  resignation: ResignationDetail;
  mayProhibit: boolean;
  onClose(): void;
  onSaved(): Promise<unknown>;
}) {
  const { t } = useTranslation('resignation');
  const [form] = Form.useForm<GoValues>();
  const prohibit = Form.useWatch('add_prohibited', form);
  const save = useSaveMutation({
    form,
    save: (values: GoValues) =>
      goResignation({
        id: resignation.id,
        add_prohibited: Boolean(values.add_prohibited),
        prohibited_reason: values.add_prohibited ? values.prohibited_reason : undefined,
      }),
    successMessage: t('messages.gone'),
    onClose,
    onSaved,
  });
  return (
    <FormDialog
      open={open}
      title={t('go.title')}
      form={form}
      name="resignation-go"
      width={520}
      saving={save.isPending}
      okText={t('actions.go')}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('go.summary', { name: resignation.employee_name, day: resignation.last_day })}
      />
      {mayProhibit && (
        <Form.Item name="add_prohibited" valuePropName="checked">
          <Checkbox>{t('go.addProhibited')}</Checkbox>
        </Form.Item>
      )}
      {mayProhibit && prohibit && (
        <Form.Item
          name="prohibited_reason"
          label={t('fields.prohibitedReason')}
          rules={requiredRules(resignationLabels.prohibitedReason, t('go.reasonRequired'))}
        >
          <Input.TextArea rows={2} maxLength={RESIGNATION_PROHIBITED_REASON_MAX} showCount />
        </Form.Item>
      )}
    </FormDialog>
  );
}

function DetailBody({ resignation }: { resignation: ResignationDetail }) {
  const { t } = useTranslation('resignation');
  const optional = (key: string, label: string, value: string | null) =>
    value ? [{ key, label, children: value, span: 'filled' as const }] : [];
  const items: DescriptionsProps['items'] = [
    {
      key: 'employee',
      label: t('fields.employee'),
      children: `${resignation.employee_name}（${resignation.employee_no}）`,
    },
    {
      key: 'status',
      label: t('fields.status'),
      children: <ResignationStatusTag status={resignation.status} />,
    },
    {
      key: 'place',
      label: t('fields.place'),
      children: [resignation.store_name, resignation.department_name, resignation.post_name]
        .filter(Boolean)
        .join(' · '),
      span: 'filled',
    },
    { key: 'type', label: t('fields.type'), children: t(`types.${resignation.type}`) },
    { key: 'reason', label: t('fields.reason'), children: resignation.reason_name },
    { key: 'destination', label: t('fields.destination'), children: resignation.destination_name },
    { key: 'appliedOn', label: t('fields.appliedOn'), children: resignation.applied_on },
    { key: 'lastDay', label: t('fields.lastDay'), children: resignation.last_day },
    { key: 'createdBy', label: t('fields.createdBy'), children: resignation.created_by ?? '-' },
    { key: 'createdAt', label: t('fields.createdAt'), children: parseTime(resignation.created_at) ?? '-' },
    ...(resignation.completed_at
      ? [
          {
            key: 'completedAt',
            label: t('fields.completedAt'),
            children: parseTime(resignation.completed_at),
          },
        ]
      : []),
    { key: 'explanation', label: t('fields.explanation'), children: resignation.explanation, span: 'filled' },
    ...optional('prohibited', t('fields.prohibitedReason'), resignation.prohibited_reason),
    ...optional('return', t('fields.returnComment'), resignation.return_comment),
    ...optional('cancel', t('fields.cancelReason'), resignation.cancel_reason),
  ];
  return <RecordDescriptions column={{ xs: 1, sm: 2 }} items={items} />;
}
