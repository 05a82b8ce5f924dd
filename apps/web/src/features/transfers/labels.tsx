import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransferStatus } from '@dealer-hr/shared/transfers/rules';

// Preset colours whose text app/contrast.css keeps readable (the status presets fall below 4.5:1).
const statusColors: Record<TransferStatus, string> = {
  approving: 'blue',
  returned: 'orange',
  pending: 'purple',
  effective: 'green',
  cancelled: 'default',
};

/** A transfer's status: 审批中, 已退回, 待生效, 已生效, 已取消. */
export function TransferStatusTag({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('transfers');
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
}
