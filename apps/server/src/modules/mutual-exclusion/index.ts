export { exclusionRoutes } from './exclusion.routes';
export { checkPlacement } from './exclusion.service';
