import { post } from '../../../lib/api-client';
import type { OnboardingDetail } from '../api';

export type DecisionKind = 'approve' | 'reject';

/** The caller's task on the entry; the last approval hires the person. 409 when they have no open task. */
export const decideEntry = (kind: DecisionKind, id: number, comment: string | undefined) =>
  post<OnboardingDetail>(`/auth/user/entry/step/${kind}`, { id, ...(comment ? { comment } : {}) });
