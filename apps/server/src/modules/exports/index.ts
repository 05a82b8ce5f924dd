export { exportRoutes, jobFilesDir } from './exports.routes';
export { exportJob } from './export-job';
export { readyExportCount, sendExport } from './exports.service';
