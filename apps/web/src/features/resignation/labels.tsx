import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HandoverState } from '@dealer-hr/shared/handover/rules';
import type { ResignationStatus } from '@dealer-hr/shared/resignation/rules';

// Preset colours whose text app/contrast.css keeps readable (the status presets fall below 4.5:1).
const statusColors: Record<ResignationStatus, string> = {
  approving: 'blue',
  returned: 'orange',
  approved: 'purple',
  scheduled: 'purple',
  completed: 'default',
  cancelled: 'default',
};

/** A resignation's status: 审批中, 已退回, 待离职, 待生效, 已离职, 已取消. */
export function ResignationStatusTag({ status }: { status: ResignationStatus }) {
  const { t } = useTranslation('resignation');
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
}

const handoverColors: Record<HandoverState, string> = {
  pending: 'default',
  queued: 'blue',
  submitted: 'blue',
  waiting: 'purple',
  done: 'green',
  refused: 'orange',
  limit: 'orange',
  failed: 'red',
};

/** A customer's or chat's handover state; a failure carries the platform's reason beside it. */
export function HandoverStateTag({ state, error }: { state: HandoverState; error?: string | null }) {
  const { t } = useTranslation('resignation');
  return (
    <Flex vertical gap={2}>
      <span>
        <Tag color={handoverColors[state]}>{t(`handover.states.${state}`)}</Tag>
      </span>
      {error ? <Typography.Text type="secondary">{error}</Typography.Text> : null}
    </Flex>
  );
}
