export { onboardingPermissions, onboardingRoutes } from './onboarding.routes';
export { onboardingBusiness } from './onboarding.business';
export { onboardingExport } from './onboarding.export';
// The entry's steps as its routes take them, for the demo's activity (demo-activity.ts) to perform.
export {
  decideOnboarding,
  startOnboarding,
  submitOnboarding,
  updateOnboardingStep,
} from './onboarding.service';
