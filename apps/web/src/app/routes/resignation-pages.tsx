import { TaskDetailDrawer } from '../../features/approvals/tasks/task-detail-drawer';
import { ResignationPage } from '../../features/resignation/resignation-page';

// The resignation page with the approvals' drawer for its approval trail: features do not import each other,
// so the app composes them here.

export const ResignationWithTrail = () => <ResignationPage Trail={TaskDetailDrawer} />;
