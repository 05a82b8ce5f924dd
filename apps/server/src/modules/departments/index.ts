export { departmentRoutes } from './departments.routes';
