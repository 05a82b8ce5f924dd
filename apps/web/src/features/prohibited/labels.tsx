import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProhibitedAction, ProhibitedStatus } from '@dealer-hr/shared/prohibited/rules';

// How the prohibited list's vocabulary (packages/shared/src/prohibited.ts) looks on this page.

/** Listed is the warning (red); a dismissal waiting for approval still blocks, so it stands out too. */
const statusColors: Record<ProhibitedStatus, string> = {
  active: 'red',
  dismissing: 'orange',
  dismissed: 'default',
};

/** The timeline dot of each line of an entry's history. */
export const actionColors: Record<ProhibitedAction, string> = {
  add: 'red',
  change: 'blue',
  dismiss_requested: 'orange',
  dismiss_rejected: 'gray',
  dismiss_withdrawn: 'gray',
  dismiss: 'green',
};

/** An entry's status (禁用中, 解除审批中, 已解除). */
export function StatusTag({ status }: { status: ProhibitedStatus }) {
  const { t } = useTranslation('prohibited');
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
}
