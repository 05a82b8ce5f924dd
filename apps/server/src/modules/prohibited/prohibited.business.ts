import type { ApprovalBusiness } from '../approvals';
import { dismissalFacts, PROHIBITED_DISMISS, settleDismissal } from './prohibited.service';

/** A dismissal from the prohibited list waits for its flow; the outcome lifts the entry or puts it back. */
export const prohibitedDismissBusiness: ApprovalBusiness = {
  type: PROHIBITED_DISMISS,
  link: (instance) => `/staff/prohibited?id=${instance.businessId}`,
  onApproved: (tx, instance) => settleDismissal(tx, instance.businessId, 'approved'),
  onRejected: (tx, instance) => settleDismissal(tx, instance.businessId, 'rejected'),
  onWithdrawn: (tx, instance) => settleDismissal(tx, instance.businessId, 'withdrawn'),
  facts: dismissalFacts,
};
