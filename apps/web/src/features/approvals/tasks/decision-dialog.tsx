import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { FormDialog } from '../../../components/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { showSaveError } from '../../../lib/form-errors';
import { approveTask, rejectTask, withdrawInstance } from './api';
import { COMMENT_MAX } from '@dealer-hr/shared/approvals/rules';
import { commentRules } from './form-rules';

export type DecisionKind = 'approve' | 'reject' | 'withdraw';

/** What the dialog decides: approve and reject take the caller's task, withdraw the instance. */
export interface Decision {
  kind: DecisionKind;
  id: number;
}

interface DecisionDialogProps {
  /** Null when closed. */
  decision: Decision | null;
  onClose(): void;
  /**
   * After the server has answered: a success, or a refusal that makes the open detail stale (409: decided
   * by someone else, or ended; 404: no longer the caller's). Refresh what shows the approval.
   */
  onSettled(succeeded: boolean): Promise<unknown> | void;
}

const STALE_CODES = new Set<number>([ErrorCode.CONFLICT, ErrorCode.NOT_FOUND]);

const send = ({ kind, id }: Decision, comment: string | undefined) =>
  kind === 'approve'
    ? approveTask(id, comment)
    : kind === 'reject'
      ? rejectTask(id, comment ?? '')
      : withdrawInstance(id, comment);

/** The comment of a decision: optional for approve and withdraw, required for reject. */
export function DecisionDialog({ decision, onClose, onSettled }: DecisionDialogProps) {
  const { t } = useTranslation('approvals', { keyPrefix: 'tasks' });
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  // The last decision stays shown while the dialog fades out after closing.
  const [last, setLast] = useState(decision);
  if (decision && decision !== last) setLast(decision);
  const kind = (decision ?? last)?.kind ?? 'approve';
  const rules = useMemo(() => commentRules(kind === 'reject'), [kind]);

  useEffect(() => {
    if (decision) form.resetFields();
  }, [decision, form]);

  const decide = useMutation({
    mutationFn: (comment: string | undefined) => send(decision!, comment),
    onSuccess: async () => {
      void message.success(t(`decision.done.${kind}`));
      onClose();
      await onSettled(true);
    },
    onError: async (error) => {
      // A 422 goes on the comment. A 409 (decided by someone else, or ended) or 404 (no longer the caller's)
      // was toasted by the API client, and the detail it was decided from is stale.
      showSaveError(form, error);
      if (error instanceof ApiError && STALE_CODES.has(error.code)) {
        onClose();
        await onSettled(false);
      }
    },
  });

  return (
    <FormDialog
      open={decision !== null}
      title={t(`decision.title.${kind}`)}
      okText={t(`actions.${kind}`)}
      okButtonProps={{ danger: kind !== 'approve' }}
      form={form}
      name="approval-decision"
      saving={decide.isPending}
      onFinish={(values) => decide.mutate(values.comment)}
      onCancel={onClose}
    >
      <Form.Item
        name="comment"
        label={t(kind === 'withdraw' ? 'decision.withdrawComment' : 'decision.comment')}
        rules={rules}
      >
        <Input.TextArea
          rows={4}
          maxLength={COMMENT_MAX + 10}
          placeholder={t(`decision.placeholder.${kind}`)}
        />
      </Form.Item>
    </FormDialog>
  );
}
