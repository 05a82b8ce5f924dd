export { prohibitedRoutes } from './prohibited.routes';
export { prohibitedDismissBusiness } from './prohibited.business';
// What a resignation calls to list the leaver (source `resignation`).
export { addProhibited, findListed } from './prohibited.service';
export { prohibitedExport } from './prohibited.export';
