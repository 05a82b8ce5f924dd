import { TaskDetailDrawer } from '../../features/approvals/tasks/task-detail-drawer';
import { DispatchPage } from '../../features/dispatch/dispatch-page';

// The dispatch page with the approvals' drawer for a dispatch's approval trail: features do not import each
// other, so the app composes them here.

export const DispatchWithTrail = () => <DispatchPage Trail={TaskDetailDrawer} />;
