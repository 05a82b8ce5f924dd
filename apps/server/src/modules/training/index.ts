export { trainingRoutes } from './training.routes';
export { courseImport, recordImport, trainingExport } from './training.sheet';
