export { onboardingRoutes } from './onboarding.routes';
export { onboardingBusiness } from './onboarding.business';
export { onboardingExport } from './onboarding.export';
