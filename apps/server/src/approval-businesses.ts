import type { Today } from './core/clock';
import type { Sealer } from './lib/sealed-values';
import { createApprovalEngine, type ApprovalBusiness } from './modules/approvals';
import { correctionBusiness } from './modules/attendance';
import { dispatchBusiness } from './modules/dispatch';
import { onboardingBusiness } from './modules/onboarding';
import { prohibitedDismissBusiness } from './modules/prohibited';
import { resignationBusiness } from './modules/resignation';
import { transferBusiness } from './modules/transfers';

/**
 * The engine of the app, with every business that submits to it: registered here, at the composition root,
 * so approvals never imports the modules that submit to it. `extra` registers more beside them the same way: the engine's tests bring
 * a fixture business of their own, since the product holds only its businesses.
 */
export const createProductEngine = (
  { sealer, today, timeZone }: { sealer: Sealer; today: Today; timeZone: string },
  extra: readonly ApprovalBusiness[] = [],
) =>
  createApprovalEngine([
    prohibitedDismissBusiness,
    onboardingBusiness(sealer),
    transferBusiness(sealer, today),
    dispatchBusiness(sealer, today),
    resignationBusiness,
    correctionBusiness(timeZone),
    ...extra,
  ]);
