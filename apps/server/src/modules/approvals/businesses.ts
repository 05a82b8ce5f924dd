import { prohibitedDismissBusiness } from '../prohibited/prohibited.business';
import { createApprovalEngine } from './engine';
import { testBusiness } from './test-business';

/**
 * The engine of the app, with every business that submits to it. Onboarding, transfer, resignation, leave and
 * dispatch add theirs here as they are built.
 */
export const createProductEngine = () => createApprovalEngine([testBusiness, prohibitedDismissBusiness]);
