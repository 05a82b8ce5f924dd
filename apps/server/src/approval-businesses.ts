import type { Sealer } from './lib/sealed-values';
import { createApprovalEngine, testBusiness } from './modules/approvals';
import { onboardingBusiness } from './modules/onboarding';
import { prohibitedDismissBusiness } from './modules/prohibited';

/**
 * The engine of the app, with every business that submits to it: registered here, at the composition root,
 * so approvals never imports the modules that submit to it. Transfer, resignation, leave and dispatch
 * add theirs here as they are built.
 */
export const createProductEngine = (sealer: Sealer) =>
  createApprovalEngine([testBusiness, prohibitedDismissBusiness, onboardingBusiness(sealer)]);
