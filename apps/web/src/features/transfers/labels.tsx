import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransferStatus } from '@dealer-hr/shared/transfers/rules';
import type { TransferRow } from './api';

const statusColors: Record<TransferStatus, string> = {
  approving: 'processing',
  returned: 'warning',
  pending: 'purple',
  effective: 'success',
  cancelled: 'default',
};

/** A transfer's status: 审批中, 已退回, 待生效, 已生效, 已取消. */
export function TransferStatusTag({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('transfers');
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
}

/** Where a person works or will work: the store, then the department and post. */
export function placeText(place: TransferRow['to']): string {
  return [place.store_name, place.department_name, place.post_name].filter(Boolean).join(' · ');
}
