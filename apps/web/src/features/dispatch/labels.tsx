import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DispatchStatus } from '@dealer-hr/shared/dispatch/rules';

// Preset colours whose text app/contrast.css keeps readable (the status presets fall below 4.5:1).
const statusColors: Record<DispatchStatus, string> = {
  approving: 'blue',
  returned: 'orange',
  approved: 'purple',
  active: 'green',
  ended: 'default',
  cancelled: 'default',
};

/** A dispatch's status: 审批中, 已退回, 待开始, 外派中, 已结束, 已取消. */
export function DispatchStatusTag({ status }: { status: DispatchStatus }) {
  const { t } = useTranslation('dispatch');
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
}
