export { headcountRoutes } from './headcount.routes';
export { headcountExport } from './headcount.sheet';
