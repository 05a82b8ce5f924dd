import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { FormDialog } from './form-dialog';
import { showSaveError } from '../lib/form-errors';
import { maxLengthRule, requiredRules } from '../lib/form-rules';

export type DecisionKind = 'approve' | 'reject';

/** What the dialog says for one kind of decision, in the reader's language. */
export interface DecisionTexts {
  title: string;
  ok: string;
  comment: string;
  placeholder: string;
  done: string;
  /** A rejection's empty comment. */
  required: string;
  tooLong: string;
}

interface DecisionDialogProps {
  /** The record and what is decided on it; null when closed. */
  decision: { kind: DecisionKind; id: number } | null;
  decide(kind: DecisionKind, id: number, comment: string | undefined): Promise<unknown>;
  texts(kind: DecisionKind): DecisionTexts;
  /** The comment's Chinese label and length, for the shared rules' messages. */
  commentLabel: string;
  commentMax: number;
  /** The form's name (its fields' ids). */
  name: string;
  onClose(): void;
  /** After the server has answered (a refusal too: someone else may have decided meanwhile). */
  onSettled(): Promise<unknown>;
}

/** 通过 with an optional comment, 驳回 with the one the applicant reads: a business's own approval page. */
export function DecisionDialog({
  decision,
  decide,
  texts,
  commentLabel,
  commentMax,
  name,
  onClose,
  onSettled,
}: DecisionDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  // The last decision stays shown while the dialog fades out after closing.
  const [last, setLast] = useState(decision);
  if (decision && decision !== last) setLast(decision);
  const kind = (decision ?? last)?.kind ?? 'approve';
  const text = texts(kind);
  const rules = useMemo<FormRule[]>(
    () => [
      ...(kind === 'reject' ? requiredRules(commentLabel, text.required) : []),
      maxLengthRule(commentLabel, commentMax, text.tooLong),
    ],
    [kind, commentLabel, commentMax, text.required, text.tooLong],
  );

  useEffect(() => {
    if (decision) form.resetFields();
  }, [decision, form]);

  const mutation = useMutation({
    mutationFn: (comment: string | undefined) => decide(kind, decision!.id, comment?.trim() || undefined),
    onSuccess: async () => {
      void message.success(text.done);
      onClose();
      await onSettled();
    },
    onError: async (error) => {
      // A 422 goes on the comment; anything else was toasted by the API client and may make the record stale.
      showSaveError(form, error);
      await onSettled();
    },
  });

  return (
    <FormDialog
      open={decision !== null}
      title={text.title}
      okText={text.ok}
      okButtonProps={{ danger: kind === 'reject' }}
      form={form}
      name={name}
      saving={mutation.isPending}
      onFinish={(values) => mutation.mutate(values.comment)}
      onCancel={onClose}
    >
      <Form.Item name="comment" label={text.comment} rules={rules}>
        <Input.TextArea rows={4} maxLength={commentMax + 10} placeholder={text.placeholder} />
      </Form.Item>
    </FormDialog>
  );
}
