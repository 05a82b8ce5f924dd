export { importRoutes } from './imports.routes';
export { importJob } from './import-job';
