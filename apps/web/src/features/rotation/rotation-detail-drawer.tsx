import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Skeleton,
  Timeline,
  Typography,
} from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROTATION_COMMENT_MAX, ROTATION_SCORE_MAX, rotationLabels } from '@dealer-hr/shared/rotation/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { FormDialog } from '../../components/form-dialog';
import { usePermission } from '../../components/permission';
import { placeText } from '../../components/place';
import { CancelWithReason } from '../../components/cancel-with-reason';
import { RecordDescriptions } from '../../components/record-descriptions';
import { requiredRules } from '../../lib/form-rules';
import { useSaveMutation } from '../../lib/use-save-mutation';
import {
  ROTATION_KEY,
  cancelRotation,
  evaluateStage,
  rotationDetailQuery,
  type RotationDetail,
  type RotationStage,
} from './api';
import { PlanStatusTag, StageStatusTag } from './labels';

interface RotationDetailDrawerProps {
  /** The plan to show; null when closed. */
  id: number | null;
  onClose(): void;
  /** 调整后续阶段 (the page's form). */
  onEdit(plan: RotationDetail): void;
}

/**
 * One plan: the trainee, its stages in order with where each stands, the mentor and the evaluation, and what
 * the caller may do now (evaluate a stage, change the stages to come, stop the plan). Full width on a phone.
 */
export function RotationDetailDrawer({ id, onClose, onEdit }: RotationDetailDrawerProps) {
  const { t } = useTranslation('rotation');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const may = usePermission();
  const detail = useQuery({ ...rotationDetailQuery(id ?? 0), enabled: id !== null });
  const plan = id !== null ? detail.data : undefined;
  const [evaluating, setEvaluating] = useState<RotationStage | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ROTATION_KEY] });
  const cancel = useMutation({
    mutationFn: (body: { id: number; reason: string | undefined }) => cancelRotation(body),
    onSuccess: async () => {
      void message.success(t('messages.cancelled'));
      await refresh();
    },
  });

  const footer = plan && (
    <Flex justify="end" wrap gap={8}>
      {plan.actions.cancel && may('staff:rotation:delete') && (
        <CancelWithReason
          title={t('cancel.title')}
          reasonLabel={t('cancel.reason')}
          action={t('actions.cancel')}
          keep={t('actions.keep')}
          maxLength={ROTATION_COMMENT_MAX}
          onConfirm={(reason) => cancel.mutateAsync({ id: plan.id, reason })}
        />
      )}
      {plan.actions.edit && may('staff:rotation:update') && (
        <Button type="primary" onClick={() => onEdit(plan)}>
          {t('actions.edit')}
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
      {!plan ? (
        detail.isError ? (
          <Empty description={t('detail.notFound')} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <Flex vertical gap={16}>
          <PlanFacts plan={plan} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('fields.stages')}
          </Typography.Title>
          <Timeline
            items={plan.stages.map((stage) => ({
              key: stage.id,
              color: stage.status === 'current' ? 'blue' : stage.status === 'done' ? 'green' : 'gray',
              children: (
                <StageItem
                  stage={stage}
                  onEvaluate={
                    (stage.status === 'current' || stage.status === 'done') && may('staff:rotation:update')
                      ? () => setEvaluating(stage)
                      : undefined
                  }
                />
              ),
            }))}
          />
        </Flex>
      )}
      <EvaluateDialog stage={evaluating} onClose={() => setEvaluating(null)} onSaved={refresh} />
    </Drawer>
  );
}

function PlanFacts({ plan }: { plan: RotationDetail }) {
  const { t } = useTranslation('rotation');
  const items: DescriptionsProps['items'] = [
    {
      key: 'employee',
      label: t('fields.employee'),
      children: `${plan.employee_name}（${plan.employee_no}）`,
    },
    { key: 'status', label: t('fields.status'), children: <PlanStatusTag status={plan.status} /> },
    { key: 'title', label: t('fields.title'), children: plan.title },
    {
      key: 'progress',
      label: t('fields.progress'),
      children: t('detail.progress', { done: plan.done_count, total: plan.stage_count }),
    },
    { key: 'period', label: t('fields.period'), children: `${plan.start_date} ~ ${plan.end_date}` },
    {
      key: 'replacesMain',
      label: t('fields.replacesMain'),
      children: t(plan.replaces_main ? 'yes' : 'no'),
    },
    { key: 'createdBy', label: t('fields.createdBy'), children: plan.created_by ?? '-' },
    { key: 'createdAt', label: t('fields.createdAt'), children: parseTime(plan.created_at) ?? '-' },
    ...(plan.note
      ? [{ key: 'note', label: t('fields.note'), children: plan.note, span: 'filled' as const }]
      : []),
    ...(plan.cancel_reason
      ? [
          {
            key: 'cancel',
            label: t('fields.cancelReason'),
            children: plan.cancel_reason,
            span: 'filled' as const,
          },
        ]
      : []),
  ];
  return <RecordDescriptions column={{ xs: 1, sm: 2 }} items={items} />;
}

/** A stage: its order, place, dates, mentor, status and evaluation. */
function StageItem({ stage, onEvaluate }: { stage: RotationStage; onEvaluate?: () => void }) {
  const { t } = useTranslation('rotation');
  return (
    <Flex vertical gap={2}>
      <Flex gap={8} wrap align="center">
        <Typography.Text strong>{t('form.stage', { index: stage.seq })}</Typography.Text>
        <StageStatusTag status={stage.status} />
        <span>
          {stage.start_date} ~ {stage.end_date}
        </span>
      </Flex>
      <span>{placeText(stage)}</span>
      {stage.mentor_name && (
        <Typography.Text type="secondary">{t('detail.mentor', { name: stage.mentor_name })}</Typography.Text>
      )}
      {stage.score !== null && (
        <Typography.Text>
          {t('detail.evaluation', {
            score: stage.score,
            comment: stage.comment ?? '',
            by: stage.evaluated_by ?? '-',
          })}
        </Typography.Text>
      )}
      {onEvaluate && (
        <Button size="small" style={{ alignSelf: 'flex-start' }} onClick={onEvaluate}>
          {t(stage.score === null ? 'actions.evaluate' : 'actions.reevaluate')}
        </Button>
      )}
    </Flex>
  );
}

interface EvaluationValues {
  score: number;
  comment: string;
}

/** 评价: a score from 0 to 100 and a comment for a stage begun or finished. */
function EvaluateDialog({
  stage,
  onClose,
  onSaved,
}: {
  stage: RotationStage | null;
  onClose(): void;
  onSaved(): Promise<unknown>;
}) {
  const { t } = useTranslation('rotation');
  const [form] = Form.useForm<EvaluationValues>();
  const save = useSaveMutation({
    form,
    save: (values: EvaluationValues) => evaluateStage({ stage_id: stage!.id, ...values }),
    successMessage: t('messages.evaluated'),
    onClose,
    onSaved,
  });
  return (
    <FormDialog
      open={stage !== null}
      title={t('evaluate.title', { index: stage?.seq ?? '' })}
      form={form}
      name="rotation-evaluation"
      width={480}
      initialValues={stage?.score != null ? { score: stage.score, comment: stage.comment ?? '' } : undefined}
      saving={save.isPending}
      onFinish={(values) => save.mutate(values)}
      onCancel={onClose}
    >
      <Form.Item
        name="score"
        label={t('fields.score')}
        rules={[
          {
            required: true,
            type: 'integer',
            min: 0,
            max: ROTATION_SCORE_MAX,
            message: t('evaluate.scoreInvalid'),
          },
        ]}
      >
        <InputNumber min={0} max={ROTATION_SCORE_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="comment"
        label={t('fields.comment')}
        rules={requiredRules(rotationLabels.comment, t('evaluate.commentRequired'))}
      >
        <Input.TextArea rows={3} maxLength={ROTATION_COMMENT_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
