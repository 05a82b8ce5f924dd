import { Button, Input, Popconfirm } from 'antd';
import { useState } from 'react';

interface CancelWithReasonProps {
  /** The question, e.g. 确定取消该调岗？ */
  title: string;
  /** The reason box's label and placeholder, e.g. 取消原因（选填）. */
  reasonLabel: string;
  /** The button, and the confirmation's OK (e.g. 取消调岗). */
  action: string;
  /** The confirmation's way out (e.g. 不取消). */
  keep: string;
  maxLength: number;
  /** Cancels with the reason typed (undefined when blank); the box empties once it succeeds. */
  onConfirm(reason: string | undefined): Promise<unknown>;
}

/**
 * The danger button of a record's detail that stops it (a transfer, a dispatch, a plan, a resignation), asking
 * first, with an optional reason the record keeps.
 */
export function CancelWithReason({
  title,
  reasonLabel,
  action,
  keep,
  maxLength,
  onConfirm,
}: CancelWithReasonProps) {
  const [reason, setReason] = useState('');
  return (
    <Popconfirm
      title={title}
      description={
        <Input
          aria-label={reasonLabel}
          placeholder={reasonLabel}
          maxLength={maxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      }
      okText={action}
      cancelText={keep}
      onConfirm={async () => {
        await onConfirm(reason.trim() || undefined);
        setReason('');
      }}
    >
      <Button danger>{action}</Button>
    </Popconfirm>
  );
}
