export { exportRoutes, jobFilesDir } from './exports.routes';
export { exportJob } from './export-job';
export { sendExport } from './exports.service';
