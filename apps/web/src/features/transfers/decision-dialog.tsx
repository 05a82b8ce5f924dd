import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transferLabels } from '@dealer-hr/shared/transfers/rules';
import { FormDialog } from '../../components/form-dialog';
import { showSaveError } from '../../lib/form-errors';
import { maxLengthRule, requiredRules } from '../../lib/form-rules';
import { decideTransfer, type DecisionKind } from './api';

const COMMENT_MAX = 500;

interface DecisionDialogProps {
  /** The transfer and what is decided on it; null when closed. */
  decision: { kind: DecisionKind; id: number } | null;
  onClose(): void;
  /** After the server has answered (a refusal too: someone else may have decided meanwhile). */
  onSettled(): Promise<unknown>;
}

/** 通过 with an optional comment, 驳回 with the one the filer reads. */
export function TransferDecisionDialog({ decision, onClose, onSettled }: DecisionDialogProps) {
  const { t } = useTranslation('transfers');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  // The last decision stays shown while the dialog fades out after closing.
  const [last, setLast] = useState(decision);
  if (decision && decision !== last) setLast(decision);
  const kind = (decision ?? last)?.kind ?? 'approve';
  const rules = useMemo<FormRule[]>(
    () => [
      ...(kind === 'reject' ? requiredRules(transferLabels.comment, t('decision.commentRequired')) : []),
      maxLengthRule(transferLabels.comment, COMMENT_MAX, t('form.tooLong', { max: COMMENT_MAX })),
    ],
    [kind, t],
  );

  useEffect(() => {
    if (decision) form.resetFields();
  }, [decision, form]);

  const decide = useMutation({
    mutationFn: (comment: string | undefined) =>
      decideTransfer(kind, decision!.id, comment?.trim() || undefined),
    onSuccess: async () => {
      void message.success(t(`decision.done.${kind}`));
      onClose();
      await onSettled();
    },
    onError: async (error) => {
      showSaveError(form, error);
      await onSettled();
    },
  });

  return (
    <FormDialog
      open={decision !== null}
      title={t(`decision.title.${kind}`)}
      okText={t(`actions.${kind}`)}
      okButtonProps={{ danger: kind === 'reject' }}
      form={form}
      name="transfer-decision"
      saving={decide.isPending}
      onFinish={(values) => decide.mutate(values.comment)}
      onCancel={onClose}
    >
      <Form.Item name="comment" label={t('decision.comment')} rules={rules}>
        <Input.TextArea
          rows={4}
          maxLength={COMMENT_MAX + 10}
          placeholder={t(`decision.placeholder.${kind}`)}
        />
      </Form.Item>
    </FormDialog>
  );
}
