import type { Sealer } from '../../lib/sealed-values';
import { onboardingBusiness } from '../onboarding/onboarding.business';
import { prohibitedDismissBusiness } from '../prohibited/prohibited.business';
import { createApprovalEngine } from './engine';
import { testBusiness } from './test-business';

/**
 * The engine of the app, with every business that submits to it. Transfer, resignation, leave and dispatch
 * add theirs here as they are built.
 */
export const createProductEngine = (sealer: Sealer) =>
  createApprovalEngine([testBusiness, prohibitedDismissBusiness, onboardingBusiness(sealer)]);
