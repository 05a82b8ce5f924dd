import { TaskDetailDrawer } from '../../features/approvals/tasks/task-detail-drawer';
import { TransferApprovalPage } from '../../features/transfers/approval-page';
import { TransfersPage } from '../../features/transfers/transfers-page';

// The transfer pages with the approvals' drawer for a transfer's approval trail: features do not import each
// other, so the app composes them here.

export const TransfersWithTrail = () => <TransfersPage Trail={TaskDetailDrawer} />;
export const TransferApprovalWithTrail = () => <TransferApprovalPage Trail={TaskDetailDrawer} />;
