export { importRoutes } from './imports.routes';
export { lastImportReport } from './imports.service';
export { importJob } from './import-job';
