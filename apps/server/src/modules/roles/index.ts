export { roleRoutes } from './roles.routes';
