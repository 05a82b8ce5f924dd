export { staffRoutes } from './staff.routes';
export { staffExport } from './staff.export';
