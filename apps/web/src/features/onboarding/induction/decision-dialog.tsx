import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_COMMENT_MAX, onboardingLabels } from '@dealer-hr/shared/onboarding/rules';
import { FormDialog } from '../../../components/form-dialog';
import { showSaveError } from '../../../lib/form-errors';
import { maxLengthRule, requiredRules } from '../../../lib/form-rules';
import { decideEntry, type DecisionKind } from './api';

interface DecisionDialogProps {
  /** The entry and what is decided on it; null when closed. */
  decision: { kind: DecisionKind; id: number } | null;
  onClose(): void;
  /** After the server has answered (a refusal too: the entry may have been decided by someone else). */
  onSettled(): Promise<unknown>;
}

/** 通过 with an optional comment, 驳回 with the required one HR reads. */
export function DecisionDialog({ decision, onClose, onSettled }: DecisionDialogProps) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'induction' });
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  // The last decision stays shown while the dialog fades out after closing.
  const [last, setLast] = useState(decision);
  if (decision && decision !== last) setLast(decision);
  const kind = (decision ?? last)?.kind ?? 'approve';
  const rules = useMemo<FormRule[]>(
    () => [
      ...(kind === 'reject' ? requiredRules(onboardingLabels.comment, t('decision.commentRequired')) : []),
      maxLengthRule(
        onboardingLabels.comment,
        ONBOARDING_COMMENT_MAX,
        t('decision.tooLong', { max: ONBOARDING_COMMENT_MAX }),
      ),
    ],
    [kind, t],
  );

  useEffect(() => {
    if (decision) form.resetFields();
  }, [decision, form]);

  const decide = useMutation({
    mutationFn: (comment: string | undefined) =>
      decideEntry(kind, decision!.id, comment?.trim() || undefined),
    onSuccess: async () => {
      void message.success(t(`decision.done.${kind}`));
      onClose();
      await onSettled();
    },
    onError: async (error) => {
      // A 422 goes on the comment; anything else was toasted by the API client and may make the entry stale.
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
      name="induction-decision"
      saving={decide.isPending}
      onFinish={(values) => decide.mutate(values.comment)}
      onCancel={onClose}
    >
      <Form.Item name="comment" label={t('decision.comment')} rules={rules}>
        <Input.TextArea
          rows={4}
          maxLength={ONBOARDING_COMMENT_MAX + 10}
          placeholder={t(`decision.placeholder.${kind}`)}
        />
      </Form.Item>
    </FormDialog>
  );
}
