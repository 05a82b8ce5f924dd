// The approval engine and what businesses submit to it; the businesses register at the composition root.
export { approvalRoutes } from './approvals.routes';
export {
  createApprovalEngine,
  type ApprovalBusiness,
  type ApprovalEngine,
  type ApprovalInstance,
  type Decision,
} from './engine';
export { lockedBusinessRow } from './business-row';
export { fact } from './facts';
export { approvalStateOf, taskSentTo, wasSentTask } from './tasks.service';
