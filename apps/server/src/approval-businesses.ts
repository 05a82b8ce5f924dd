import type { Today } from './core/clock';
import type { Sealer } from './lib/sealed-values';
import { createApprovalEngine, type ApprovalBusiness } from './modules/approvals';
import { correctionBusiness, leaveBusiness, overtimeBusiness } from './modules/attendance';
import { dispatchBusiness } from './modules/dispatch';
import { onboardingBusiness } from './modules/onboarding';
import { prohibitedDismissBusiness } from './modules/prohibited';
import { resignationBusiness } from './modules/resignation';
import { transferBusiness } from './modules/transfers';

/**
 * The engine of the app, with every business that submits to it: registered here, at the composition root,
 * so approvals never imports the modules that submit to it. `extra` stands in for the product's business of
 * the same type: the engine's tests bring a fixture business of their own (every type is a product business
 * now), since the product holds only its businesses.
 */
export const createProductEngine = (
  { sealer, today, timeZone }: { sealer: Sealer; today: Today; timeZone: string },
  extra: readonly ApprovalBusiness[] = [],
) => {
  const product = [
    prohibitedDismissBusiness,
    onboardingBusiness(sealer),
    transferBusiness(sealer, today),
    dispatchBusiness(sealer, today),
    resignationBusiness,
    leaveBusiness({ today, timeZone }),
    correctionBusiness(timeZone),
    overtimeBusiness({ today }),
  ];
  const replaced = new Set(extra.map((business) => business.type));
  return createApprovalEngine([...product.filter((business) => !replaced.has(business.type)), ...extra]);
};
