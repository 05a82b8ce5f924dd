export { accountRoutes } from './accounts.routes';
