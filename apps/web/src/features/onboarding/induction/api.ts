import type {
  OnboardingDecisionInput,
  OnboardingDetail,
  OnboardingRejectInput,
} from '@dealer-hr/shared/onboarding/contract';
import { post } from '../../../lib/api-client';

export type DecisionKind = 'approve' | 'reject';

/** The caller's task on the entry; the last approval hires the person. 409 when they have no open task. */
export const decideEntry = (kind: DecisionKind, id: number, comment: string | undefined) => {
  const body: OnboardingDecisionInput | OnboardingRejectInput = { id, ...(comment ? { comment } : {}) };
  return post<OnboardingDetail>(`/auth/user/entry/step/${kind}`, body);
};
