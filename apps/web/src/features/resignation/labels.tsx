import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
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
