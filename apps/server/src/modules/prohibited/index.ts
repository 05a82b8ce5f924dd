export { prohibitedRoutes } from './prohibited.routes';
export { prohibitedDismissBusiness } from './prohibited.business';
export { findListed } from './prohibited.service';
export { prohibitedExport } from './prohibited.export';
